import { useUpdate } from '@refinedev/core';
import { Switch, Tag, Tooltip } from 'antd';
import { DAG_RUN_STATE_LABELS, type DagRunState, type Workflow } from '../../../contract/workflows';
import { useProjectContext } from '../../components/project-context';
import { RUN_STATE_COLORS } from './states';

interface PauseProps {
  workflow: Pick<Workflow, 'id' | 'name' | 'is_paused'>;
  size?: 'small' | 'default';
}

/**
 * 启用 / 暂停 (Airflow's pause toggle): PATCH is_paused, for those who may edit the workflow; the
 * list and the workflow are asked again after. A paused workflow's schedule makes no run, and a
 * run triggered by hand waits queued until it is enabled again.
 */
export function PauseSwitch({ workflow, size = 'small' }: PauseProps) {
  const { projectId, can } = useProjectContext();
  const { mutate, isLoading } = useUpdate<Workflow>();
  const mayEdit = can('workflows', 'edit');
  const toggle = (enabled: boolean) =>
    mutate({
      resource: 'workflows',
      id: workflow.id,
      values: { is_paused: !enabled },
      meta: { projectId },
      mutationMode: 'pessimistic',
      successNotification: { type: 'success', message: enabled ? `已启用工作流「${workflow.name}」` : `已暂停工作流「${workflow.name}」：定时调度不再创建运行` },
    });
  const control = (
    <Switch
      size={size}
      checked={!workflow.is_paused}
      checkedChildren="启用"
      unCheckedChildren="暂停"
      loading={isLoading}
      disabled={!mayEdit}
      aria-label={`启用或暂停工作流 ${workflow.name}`}
      onChange={toggle}
    />
  );
  return mayEdit ? control : <Tooltip title="没有编辑工作流的权限">{control}</Tooltip>;
}

/** 上次运行: the state of the latest run, coloured as the run list colours it. */
export function LastRunTag({ state }: { state: DagRunState | null | undefined }) {
  if (!state) return <span>—</span>;
  return (
    <Tag color={RUN_STATE_COLORS[state]} data-run-state={state}>
      {DAG_RUN_STATE_LABELS[state] ?? state}
    </Tag>
  );
}
