import type { ReactNode } from 'react';
import { Card, Descriptions, Empty, Flex, Tag, Typography } from 'antd';
import { OPERATOR_LABELS, TASK_STATE_LABELS, type DagRun, type TaskInstance, type WorkflowTask } from '../../../contract/workflows';
import { shownDate, shownDuration, TASK_STATE_COLORS } from './states';
import { TaskLogText } from './task-log';
import { TaskOutputs } from './task-outputs';

interface Props {
  projectId: string;
  workflowId: string;
  task: WorkflowTask;
  /** The selected run, if any, and the task's instance in it (none before it starts). */
  run?: DagRun;
  instance?: TaskInstance;
  /** Shown in the card's head: the selected run's actions (the grid's). */
  extra?: ReactNode;
}

const names = (params: WorkflowTask['inputs']) => (params.length ? params.map((param) => param.field_name).join('、') : '无');

/** What the task is: its definition, as the graph shows it with no run selected. */
function TaskDefinition({ task }: { task: WorkflowTask }) {
  const params = Object.entries(task.params);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'operator', label: '运算符', children: OPERATOR_LABELS[task.operator] ?? task.operator },
        ...(task.script_name ? [{ key: 'script', label: '脚本', children: task.script_name }] : []),
        { key: 'timeout', label: '超时', children: `${task.timeout} 秒` },
        { key: 'retries', label: '重试', children: task.retries === null ? '同工作流' : `${task.retries} 次` },
        { key: 'pool', label: '资源池', children: task.pool },
        { key: 'queue', label: '队列', children: task.queue },
        { key: 'inputs', label: '输入', children: names(task.inputs) },
        { key: 'outputs', label: '输出', children: names(task.outputs) },
        { key: 'run_inputs', label: '运行时填写', children: task.run_inputs.length ? task.run_inputs.join('、') : '无' },
        {
          key: 'params',
          label: '参数',
          span: 'filled' as const,
          children: params.length ? params.map(([name, value]) => `${name} = ${typeof value === 'string' ? value : JSON.stringify(value)}`).join('；') : '无',
        },
        ...(task.description ? [{ key: 'description', label: '描述', children: task.description, span: 'filled' as const }] : []),
      ]}
    />
  );
}

/** The clicked task of the graph, as Airflow's graph view shows it: its instance in the selected run with its log, else its definition. */
export function TaskDetails({ projectId, workflowId, task, run, instance, extra }: Props) {
  return (
    <Card size="small" className="task-details" data-testid="task-details" title={`任务：${task.name}`} extra={extra}>
      {!run ? (
        <TaskDefinition task={task} />
      ) : !instance ? (
        <Empty description={`该任务在运行 ${run.dag_run_id} 中还没有任务实例`} />
      ) : (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 5 }}
            items={[
              { key: 'run', label: '运行', children: <Typography.Text>{run.dag_run_id}</Typography.Text> },
              { key: 'state', label: '状态', children: <Tag color={TASK_STATE_COLORS[instance.state]}>{TASK_STATE_LABELS[instance.state] ?? instance.state}</Tag> },
              { key: 'tries', label: '尝试次数', children: `${instance.try_number}/${instance.max_tries}` },
              { key: 'start', label: '开始时间', children: shownDate(instance.start_date) },
              { key: 'duration', label: '时长', children: shownDuration(instance.duration) },
              ...(typeof instance.script_version === 'number' ? [{ key: 'script-version', label: '脚本版本', children: `第 ${instance.script_version} 版` }] : []),
              ...(instance.state === 'up_for_retry' ? [{ key: 'retry', label: '下次重试时间', children: shownDate(instance.next_retry_at) }] : []),
            ]}
          />
          <TaskOutputs task={task} instance={instance} />
          <TaskLogText key={instance.id} projectId={projectId} workflowId={workflowId} instance={instance} />
        </Flex>
      )}
    </Card>
  );
}
