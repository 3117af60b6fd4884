import { useOne } from '@refinedev/core';
import { Empty, Spin } from 'antd';
import { SideDrawer } from '../../components/side-drawer';
import { LogText } from '../../components/log-text';
import { FINISHED_TASK_STATES, type TaskInstance } from '../../../contract/workflows';
import { POLL_MS } from './states';

interface Props {
  projectId: string;
  workflowId: string;
  instance?: TaskInstance;
  onClose: () => void;
}

/** A task instance's log, asked again while the task may still write; its try number once known. */
function useTaskLog(projectId: string, workflowId: string, instance: TaskInstance | undefined) {
  return useOne<TaskInstance>({
    resource: 'taskInstances',
    id: instance?.id ?? '',
    meta: { projectId, workflowId, dagRunId: instance?.dag_run_id },
    queryOptions: {
      enabled: Boolean(instance),
      keepPreviousData: false,
      refetchInterval: (data) => (data && FINISHED_TASK_STATES.includes(data.data.state) ? false : POLL_MS),
    },
  });
}

/** The log text, monospace, kept scrolled to its end. */
export function TaskLogText({ projectId, workflowId, instance }: { projectId: string; workflowId: string; instance: TaskInstance }) {
  const answer = useTaskLog(projectId, workflowId, instance);
  const log = answer.data?.data.log;
  if (answer.isLoading) return <Spin />;
  if (answer.isError) return <Empty description="日志加载失败" />;
  if (!log) return <Empty description="暂无日志" />;
  return <LogText text={log} className="task-log" testId="task-log" />;
}

/** 日志: a task instance's log in a drawer. */
export function TaskLog({ projectId, workflowId, instance, onClose }: Props) {
  return (
    <SideDrawer
      title={instance ? `日志：${instance.task_id}（第 ${instance.try_number} 次尝试）` : '日志'}
      open={Boolean(instance)}
      width={760}
      onClose={onClose}
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: 12 } }}
    >
      {instance && <TaskLogText projectId={projectId} workflowId={workflowId} instance={instance} />}
    </SideDrawer>
  );
}
