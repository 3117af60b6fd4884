import { useOne } from '@refinedev/core';
import { Drawer, Empty, Spin, theme } from 'antd';
import { useEffect, useRef } from 'react';
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
  const { token } = theme.useToken();
  const answer = useTaskLog(projectId, workflowId, instance);
  const log = answer.data?.data.log;
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [log]);
  if (answer.isLoading) return <Spin />;
  if (answer.isError) return <Empty description="日志加载失败" />;
  if (!log) return <Empty description="暂无日志" />;
  return (
    <pre ref={box} className="task-log" data-testid="task-log" style={{ background: token.colorFillQuaternary, color: token.colorText }}>
      {log}
    </pre>
  );
}

/** 日志: a task instance's log in a drawer. */
export function TaskLog({ projectId, workflowId, instance, onClose }: Props) {
  return (
    <Drawer
      title={instance ? `日志：${instance.task_id}（第 ${instance.try_number} 次尝试）` : '日志'}
      open={Boolean(instance)}
      width={760}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: 12 } }}
    >
      {instance && <TaskLogText projectId={projectId} workflowId={workflowId} instance={instance} />}
    </Drawer>
  );
}
