import { useDelete, useInvalidate } from '@refinedev/core';
import { App } from 'antd';
import { createElement, type ReactNode } from 'react';
import type { DagRun, DagRunClear, DagRunUpdate } from '../../../contract/workflows';
import { useApiMutation } from '../../api/hooks';
import { ClearChoice } from './clear-choice';

/** 标记成功 / 标记失败 / 清除重跑 / 删除 of a run, each after a confirmation; the HTTP layer reports failures. */
export function useRunActions(projectId: string, workflowId: string, onDeleted: (runId: number) => void) {
  const { modal } = App.useApp();
  const { call } = useApiMutation();
  const { mutateAsync: remove } = useDelete();
  const invalidate = useInvalidate();
  const path = (run: DagRun) => ({ project_uuid: projectId, workflow_id: Number(workflowId), id: run.id });
  const refresh = () =>
    Promise.all([
      invalidate({ resource: 'workflowRuns', invalidates: ['list', 'detail'] }),
      invalidate({ resource: 'taskInstances', invalidates: ['list', 'detail'] }),
    ]);
  // The confirmation closes whether the call succeeded or not.
  const confirm = (content: ReactNode, onOk: () => Promise<unknown>, danger = false) =>
    modal.confirm({ title: '提示', content, okType: danger ? 'danger' : 'primary', onOk: () => onOk().catch(() => undefined) });

  const mark = (run: DagRun, state: DagRunUpdate['state'], text: string) =>
    confirm(`确定将运行 ${run.dag_run_id} 标记为${text}？未结束的任务实例也将标记为${text}。`, async () => {
      const values: DagRunUpdate = { state };
      await call('putAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRunsById', { path: path(run), body: values }, { success: `已标记为${text}` });
      await refresh();
    });

  return {
    markSuccess: (run: DagRun) => mark(run, 'success', '成功'),
    markFailed: (run: DagRun) => mark(run, 'failed', '失败'),
    clear: (run: DagRun) => {
      const choice: DagRunClear = { only_failed: false };
      return confirm(
        createElement(ClearChoice, { runId: run.dag_run_id, onChange: (onlyFailed: boolean) => (choice.only_failed = onlyFailed) }),
        async () => {
          await call('postAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRunsByIdClear', { path: path(run), body: { ...choice } }, { success: '已清除，任务将重新运行' });
          await refresh();
        },
      );
    },
    remove: (run: DagRun) =>
      confirm(
        `此操作将永久删除运行 ${run.dag_run_id} 及其任务实例和日志，是否继续操作?`,
        async () => {
          await remove({ resource: 'workflowRuns', id: run.id, meta: { projectId, workflowId }, successNotification: { message: '删除成功', type: 'success' } });
          onDeleted(run.id);
        },
        true,
      ),
  };
}
