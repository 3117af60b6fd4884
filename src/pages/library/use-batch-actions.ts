import { App } from 'antd';
import { useState } from 'react';
import { exportItemTags } from './item-tag-sheet';
import { feedback } from '../../lib/feedback';
import { changed } from '../../lib/changed';
import { entryName, zipFiles } from '../../lib/zip';
import type { LibraryApi, ServiceAnswer } from './api';
import { saveBlob } from '../../lib/save-blob';
import { fileBytes } from '../../providers/files';
import type { LibraryKind } from './kinds';
import type { LibraryItem } from './types';

interface Options {
  kind: LibraryKind;
  api: LibraryApi;
  /** The checked items. */
  chosen: LibraryItem[];
  /** Reload items and group counts after a change. */
  reload: () => void;
}

/** The batch bar's actions on the checked items, with the spec's messages and confirmations. */
export function useBatchActions({ kind, api, chosen, reload }: Options) {
  const { modal } = App.useApp();
  const [progress, setProgress] = useState<number>();
  const ids = chosen.map((item) => item.id);
  const count = chosen.length;
  /** True (and says so) when nothing is checked. */
  const nothing = (text: string) => {
    if (count > 0) return false;
    feedback.warning(text);
    return true;
  };

  const move = async (groupId: number | undefined) => {
    if (nothing('请勾选批量移动数据!')) return;
    if (groupId === undefined) {
      feedback.warning('请选择要移动的分组');
      return;
    }
    if (await changed(api.moveItems(ids, groupId), '批量移动成功')) reload();
  };

  /** Runs a confirmed change and shows the server's message. */
  const confirmThen = (content: string, run: () => Promise<ServiceAnswer>) =>
    modal.confirm({
      title: '提示',
      content,
      okType: 'danger',
      onOk: async () => {
        try {
          feedback.success((await run()).message || '操作成功');
        } catch {
          return; // The HTTP layer has shown the server's message.
        }
        reload();
      },
    });

  const moveOut = () => {
    if (nothing('请勾选批量移出数据!')) return;
    confirmThen(`此操作将${count}条数据报告全部移出分组，是否继续操作?`, () => api.moveItems(ids, -1));
  };

  const remove = () => {
    if (nothing('请勾选批量删除数据!')) return;
    confirmThen(`此操作将永久删除${count}条数据报告，是否继续操作?`, () => api.deleteItems(ids));
  };

  const download = async () => {
    if (nothing(kind.nothingToDownload) || progress !== undefined) return;
    const sources = chosen.map((item) => ({ name: entryName(item), url: item.file ?? '' }));
    setProgress(0);
    try {
      const { blob, failed } = await zipFiles(sources, (url) => fileBytes(url), setProgress);
      failed.forEach((name) => feedback.error(`Failed to fetch file: ${name}`));
      if (blob) {
        feedback.success('浏览器准备下载');
        saveBlob(blob, kind.archiveName);
      }
    } finally {
      setProgress(undefined);
    }
  };

  const exportTags = () => {
    if (nothing('请勾选需要导出的数据!')) return;
    void exportItemTags(chosen, kind);
  };

  return { move, moveOut, remove, download, exportTags, progress };
}
