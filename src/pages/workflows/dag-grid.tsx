import { useList } from '@refinedev/core';
import { Empty, Spin, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { DAG_RUN_STATE_LABELS, TASK_STATE_LABELS, type DagRun, type TaskInstance, type TaskState, type WorkflowTask } from '../../../contract/workflows';
import { isActiveRun, POLL_MS, shownDate } from './states';

/** Runs the grid shows, as Airflow's grid does by default (its "runs" choice): the newest on the right. */
export const GRID_RUNS = 10;
const NEWEST_FIRST = [{ field: 'order_by', operator: 'eq' as const, value: '-execution_date' }];

export interface GridSelection {
  runId?: number;
  task?: string;
}

interface Props {
  projectId: string;
  workflowId: string;
  /** The tasks of the current definition, one row each, in their order. */
  tasks: WorkflowTask[];
  selected: GridSelection;
  onSelect: (selection: { runId: number; task?: string }) => void;
}

/** One run's column: its bar (the run's state) and a cell per task, asked again every 2 s while the run has not finished. */
function GridColumn({ projectId, workflowId, run, tasks, selected, onSelect }: Omit<Props, 'selected'> & { run: DagRun; selected: GridSelection }) {
  const instances = useList<TaskInstance>({
    resource: 'taskInstances',
    pagination: { current: 1, pageSize: 1000 },
    meta: { projectId, workflowId, dagRunId: run.id },
    queryOptions: { refetchInterval: isActiveRun(run.state) ? POLL_MS : false },
  });
  // The run's last word on its tasks comes after the column's last poll: ask once more when its state changes.
  const { refetch } = instances;
  useEffect(() => {
    void refetch();
  }, [run.state, refetch]);
  const byTask = new Map((instances.data?.data ?? []).filter((instance) => instance.dag_run_id === run.id).map((instance) => [instance.task_id, instance]));
  const chosenRun = selected.runId === run.id;
  return (
    <div className={`dag-grid__column${chosenRun ? ' dag-grid__column--selected' : ''}`} role="group" aria-label={`运行 ${run.dag_run_id}`} data-run-id={run.dag_run_id} data-run-state={run.state}>
      <Tooltip title={`${run.dag_run_id}：${DAG_RUN_STATE_LABELS[run.state]}，执行日期 ${shownDate(run.execution_date)}`}>
        <button
          type="button"
          className={`dag-grid__run dag-swatch dag-state--${run.state}`}
          aria-label={`选择运行 ${run.dag_run_id}（${DAG_RUN_STATE_LABELS[run.state]}）`}
          aria-pressed={chosenRun && !selected.task}
          onClick={() => onSelect({ runId: run.id })}
        />
      </Tooltip>
      {tasks.map((task) => {
        const state: TaskState | undefined = byTask.get(task.name)?.state;
        const label = state ? TASK_STATE_LABELS[state] : instances.isLoading ? '加载中' : '无任务实例';
        const chosen = chosenRun && selected.task === task.name;
        return (
          <Tooltip key={task.name} title={`${task.name} · ${run.dag_run_id}：${label}`}>
            <button
              type="button"
              className={`dag-grid__cell dag-swatch dag-state--${state ?? 'none'}${chosen ? ' dag-grid__cell--selected' : ''}`}
              data-testid="grid-cell"
              data-task={task.name}
              data-state={state ?? ''}
              aria-label={`${task.name} 在运行 ${run.dag_run_id}：${label}`}
              aria-pressed={chosen}
              onClick={() => onSelect({ runId: run.id, task: task.name })}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}

/**
 * 网格 (Airflow's grid view): the recent runs as columns, oldest to newest, the tasks as rows,
 * each cell coloured by the task instance's state as the graph colours it. Clicking a cell
 * selects that run and task; clicking a run's bar selects the run.
 */
export function DagGrid({ projectId, workflowId, tasks, selected, onSelect }: Props) {
  const runs = useList<DagRun>({
    resource: 'workflowRuns',
    pagination: { current: 1, pageSize: GRID_RUNS },
    filters: NEWEST_FIRST,
    meta: { projectId, workflowId },
    queryOptions: { refetchInterval: (answer) => (answer?.data.some((run) => isActiveRun(run.state)) ? POLL_MS : false) },
  });
  if (runs.isLoading) return <Spin />;
  const columns = [...(runs.data?.data ?? [])].reverse();
  if (columns.length === 0) return <Empty description="暂无运行记录" />;
  if (tasks.length === 0) return <Empty description="工作流还没有任务" />;
  return (
    <div className="dag-grid" role="grid" aria-label="运行网格" aria-rowcount={tasks.length + 1}>
      <div className="dag-grid__names">
        <Typography.Text type="secondary" className="dag-grid__name dag-grid__name--head">
          任务 \ 运行
        </Typography.Text>
        {tasks.map((task) => (
          <Typography.Text key={task.name} className="dag-grid__name" ellipsis title={task.name}>
            {task.name}
          </Typography.Text>
        ))}
      </div>
      <div className="dag-grid__runs">
        {columns.map((run) => (
          <GridColumn key={run.id} projectId={projectId} workflowId={workflowId} run={run} tasks={tasks} selected={selected} onSelect={onSelect} />
        ))}
      </div>
    </div>
  );
}
