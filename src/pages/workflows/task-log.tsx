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

/** 日志: a task instance's log, monospace, kept scrolled to its end; asked again while the task may still write. */
export function TaskLog({ projectId, workflowId, instance, onClose }: Props) {
  const { token } = theme.useToken();
  const answer = useOne<TaskInstance>({
    resource: 'taskInstances',
    id: instance?.id ?? '',
    meta: { projectId, workflowId, dagRunId: instance?.dag_run_id },
    queryOptions: {
      enabled: Boolean(instance),
      keepPreviousData: false,
      refetchInterval: (data) => (data && FINISHED_TASK_STATES.includes(data.data.state) ? false : POLL_MS),
    },
  });
  const log = answer.data?.data.log;
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [log]);

  return (
    <Drawer
      title={instance ? `日志：${instance.task_id}（第 ${answer.data?.data.try_number ?? instance.try_number} 次尝试）` : '日志'}
      open={Boolean(instance)}
      width={760}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: 12 } }}
    >
      {answer.isLoading ? (
        <Spin />
      ) : answer.isError ? (
        <Empty description="日志加载失败" />
      ) : log ? (
        <pre ref={box} className="task-log" data-testid="task-log" style={{ background: token.colorFillQuaternary, color: token.colorText }}>
          {log}
        </pre>
      ) : (
        <Empty description="暂无日志" />
      )}
    </Drawer>
  );
}
