import { App } from 'antd';
import { exportItemTags } from './item-tag-sheet';
import { feedback } from '../../lib/feedback';
import { changed } from '../../lib/changed';
import type { LibraryApi, ServiceAnswer } from './api';
import type { LibraryKind } from './kinds';
import type { LibraryItem } from './types';
import { useZipDownload } from './use-zip-download';

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
  const zip = useZipDownload(kind);
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
    confirmThen(`此操作将${count}条${kind.countedNoun}全部移出分组，是否继续操作?`, () => api.moveItems(ids, -1));
  };

  const remove = () => {
    if (nothing('请勾选批量删除数据!')) return;
    confirmThen(`此操作将永久删除${count}条${kind.countedNoun}，是否继续操作?`, () => api.deleteItems(ids));
  };

  const download = () => zip.download(chosen);

  const exportTags = () => {
    if (nothing('请勾选需要导出的数据!')) return;
    void exportItemTags(chosen, kind);
  };

  return { move, moveOut, remove, download, exportTags, progress: zip.progress };
}
