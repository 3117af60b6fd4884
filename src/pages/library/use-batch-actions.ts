import { App } from 'antd';
import { useCallback, useState } from 'react';
import { exportItemTags } from './item-tag-sheet';
import { feedback } from '../../lib/feedback';
import type { LibraryApi } from './api';
import type { BatchAnswer, BatchScope } from './batch/scope';
import type { BatchJobState } from './batch/batch-job-progress';
import type { LabelMode } from './batch/batch-label-dialog';
import type { LibraryKind } from './kinds';
import type { LibraryItem } from './types';
import { useZipDownload } from './use-zip-download';

interface Options {
  kind: LibraryKind;
  /** The recycle bin's part of the delete confirmation (useBinNotice). */
  binNotice: () => Promise<string>;
  api: LibraryApi;
  /** The checked items of the page. */
  chosen: LibraryItem[];
  /** Set when every item of the filter is selected (选择全部 N 条): the list's filter and the total the user saw. */
  allMatching?: { filter: Record<string, string>; total: number };
  /** Reload items and group counts after a change. */
  reload: () => void;
}

/**
 * The batch bar's actions on the checked items or on every item of the filter, with the spec's
 * messages and confirmations. A batch above 1,000 items runs as a job: `job` is its progress bar.
 */
export function useBatchActions({ kind, binNotice, api, chosen, allMatching, reload }: Options) {
  const { modal } = App.useApp();
  const zip = useZipDownload(kind);
  const [job, setJob] = useState<{ id: number; title: string }>();
  const count = allMatching ? allMatching.total : chosen.length;
  const scope: BatchScope = allMatching ? { filter: allMatching.filter, expected_total: allMatching.total } : { ids: chosen.map((item) => item.id) };
  /** True (and says so) when nothing is checked. */
  const nothing = (text: string) => {
    if (count > 0) return false;
    feedback.warning(text);
    return true;
  };

  /** Tells a batch's answer: done, or a job started whose progress bar now shows. A refusal (told by the HTTP layer) reloads a filter's count. */
  const settle = async (request: Promise<BatchAnswer>, title: string, fallback: string) => {
    let answer: BatchAnswer;
    try {
      answer = await request;
    } catch (error) {
      if (allMatching) reload();
      throw error;
    }
    if (answer.data?.batch_id !== undefined) {
      feedback.info(answer.message || `已开始${title}`);
      setJob({ id: answer.data.batch_id, title });
      return;
    }
    feedback.success(answer.message || fallback);
    reload();
  };
  const quietly = (run: Promise<void>) => run.catch(() => undefined);

  const move = async (groupId: number | undefined) => {
    if (nothing('请勾选批量移动数据!')) return;
    if (groupId === undefined) {
      feedback.warning('请选择要移动的分组');
      return;
    }
    await quietly(settle(api.moveItems(scope, groupId), '批量移动', '批量移动成功'));
  };

  /** Runs a confirmed change and shows the server's message. */
  const confirmThen = (content: string, run: () => Promise<void>) =>
    modal.confirm({ title: '提示', content, okType: 'danger', onOk: () => quietly(run()) });

  const moveOut = () => {
    if (nothing('请勾选批量移出数据!')) return;
    confirmThen(`此操作将${count}条${kind.countedNoun}全部移出分组，是否继续操作?`, () => settle(api.moveItems(scope, -1), '批量移出', '批量移出成功'));
  };

  const remove = async () => {
    if (nothing('请勾选批量删除数据!')) return;
    confirmThen(`此操作将把${count}条${kind.countedNoun}${await binNotice()}，是否继续操作?`, () => settle(api.deleteItems(scope), '批量删除', '批量删除成功!'));
  };

  /** 批量打标签; rejects when refused, so its dialog stays open. */
  const label = (mode: LabelMode, labelIds: number[]) =>
    settle(api.labelItems(scope, mode === 'add' ? labelIds : [], mode === 'remove' ? labelIds : []), '批量打标签', '批量打标签成功');

  /** The items a download or tag sheet covers: the checked ones, or every item of the filter. */
  const items = async () => (allMatching ? api.filterItems(allMatching.filter, allMatching.total) : chosen);

  const download = async () => {
    if (allMatching) await quietly(items().then(zip.download));
    else await zip.download(chosen);
  };

  const exportTags = () => {
    if (nothing('请勾选需要导出的数据!')) return;
    void quietly(items().then((list) => exportItemTags(list, kind)));
  };

  const readJob = useCallback((id: number) => api.batchJob(id) as Promise<BatchJobState>, [api]);
  const jobEnded = (ended: BatchJobState) => {
    setJob(undefined);
    if (ended.state === 'failed') feedback.error(ended.error || '批量操作失败');
    else feedback.success(ended.skipped > 0 ? `${job?.title ?? '批量操作'}完成，${ended.skipped} 条已被删除未处理` : `${job?.title ?? '批量操作'}完成`);
    reload();
  };

  return { count, move, moveOut, remove, label, download, exportTags, progress: zip.progress, job, readJob, jobEnded };
}
