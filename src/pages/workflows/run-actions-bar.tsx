import { Button, Space } from 'antd';
import type { DagRun } from '../../../contract/workflows';
import { isActiveRun } from './states';
import { useRunActions } from './use-run-actions';

/** 标记成功 / 标记失败 / 清除重跑 of one run, as the run list offers them (the same confirmations and calls). */
export function RunActionsBar({ projectId, workflowId, run, canEdit }: { projectId: string; workflowId: string; run: DagRun; canEdit: boolean }) {
  const actions = useRunActions(projectId, workflowId, () => undefined);
  if (!canEdit) return null;
  return (
    <Space size={4} wrap className="run-actions-bar">
      {run.state !== 'success' && (
        <Button size="small" onClick={() => actions.markSuccess(run)}>
          标记成功
        </Button>
      )}
      {run.state !== 'failed' && (
        <Button size="small" onClick={() => actions.markFailed(run)}>
          标记失败
        </Button>
      )}
      {!isActiveRun(run.state) && (
        <Button size="small" onClick={() => actions.clear(run)}>
          清除重跑
        </Button>
      )}
    </Space>
  );
}
