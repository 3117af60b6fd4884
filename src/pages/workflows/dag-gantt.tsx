import { Empty, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { TASK_STATE_LABELS, type DagRun, type TaskInstance, type WorkflowTask } from '../../../contract/workflows';
import { shownDate, shownDuration } from './states';

interface Props {
  run?: DagRun;
  /** The run's task instances by task_id. */
  instances: Map<string, TaskInstance>;
  /** The tasks of the current definition: their order is the rows' order. */
  tasks: WorkflowTask[];
  selected?: string;
  onSelect: (task: string) => void;
}

const ms = (value: string | null | undefined) => {
  if (!value) return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.valueOf() : undefined;
};

/** Now, renewed every second while something runs, so a running bar grows. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}

interface Row {
  instance: TaskInstance;
  /** When it was queued, if before its start (or it waits in the queue still). */
  queued?: number;
  start?: number;
  end?: number;
  running: boolean;
}

/** Rows in the definition's task order, then instances of tasks no longer in it. */
function rowsOf(instances: Map<string, TaskInstance>, tasks: WorkflowTask[], now: number): Row[] {
  const named = tasks.map((task) => instances.get(task.name)).filter((instance): instance is TaskInstance => instance !== undefined);
  const rest = [...instances.values()].filter((instance) => !tasks.some((task) => task.name === instance.task_id));
  return [...named, ...rest].map((instance) => {
    const start = ms(instance.start_date);
    const running = instance.state === 'running' && start !== undefined && !instance.end_date;
    const queuedWhen = ms(instance.queued_when);
    const waiting = instance.state === 'queued' && start === undefined;
    // A start before the queued time is an earlier try's (the instance was queued again since): no queued part then.
    const queued = queuedWhen !== undefined && (waiting || (start !== undefined && queuedWhen <= start)) ? queuedWhen : undefined;
    return { instance, queued, start, end: running ? Math.max(now, start) : (ms(instance.end_date) ?? undefined), running };
  });
}

/** What hovering a bar says: queued (and how long it waited), start, end (or 运行中) and duration. */
function barText(row: Row, now: number): string {
  const { instance } = row;
  const seconds = row.start === undefined ? null : row.running ? (now - row.start) / 1000 : (instance.duration ?? (row.end !== undefined ? (row.end - row.start) / 1000 : null));
  const queued = row.queued === undefined ? '' : `排队 ${shownDate(instance.queued_when)}（等待 ${shownDuration(((row.start ?? now) - row.queued) / 1000)}），`;
  if (row.start === undefined) return `${instance.task_id}（${TASK_STATE_LABELS[instance.state]}）：${queued}尚未开始`;
  return `${instance.task_id}（${TASK_STATE_LABELS[instance.state]}）：${queued}开始 ${shownDate(instance.start_date)}，结束 ${row.running ? '运行中' : shownDate(instance.end_date)}，时长 ${shownDuration(seconds)}`;
}

/** What the two parts of a bar mean. */
function GanttLegend() {
  return (
    <div className="dag-legend dag-gantt__legend" aria-label="甘特图图例">
      <span className="dag-legend__item">
        <span className="dag-gantt__swatch dag-gantt__queued" />
        <Typography.Text type="secondary">排队（已排入队列，等待执行）</Typography.Text>
      </span>
      <span className="dag-legend__item">
        <span className="dag-gantt__swatch dag-state--success dag-gantt__swatch--run" />
        <Typography.Text type="secondary">运行（颜色为任务状态）</Typography.Text>
      </span>
    </div>
  );
}

/**
 * 甘特图 of a run (Airflow's Gantt view): one row per task instance, a lighter queued part from
 * when it was queued to its start, then a bar from its start to its end in the graph's state
 * colour, on a time axis from the first queued time to the last end; a running instance's bar,
 * and a queued one's wait, reach now and grow every second.
 */
export function DagGantt({ run, instances, tasks, selected, onSelect }: Props) {
  const ticking = [...instances.values()].some((instance) => (instance.state === 'running' && !instance.end_date) || instance.state === 'queued');
  const now = useNow(ticking);
  if (!run) return <Empty description="请先在运行记录中选择一次运行" />;
  const rows = rowsOf(instances, tasks, now);
  if (rows.length === 0) return <Empty description={`运行 ${run.dag_run_id} 还没有任务实例`} />;
  const starts = rows.flatMap((row) => [row.queued, row.start].filter((value): value is number => value !== undefined));
  const ends = rows.flatMap((row) => (row.end === undefined ? (row.queued !== undefined ? [now] : []) : [row.end]));
  // The axis starts with the first task, or the run while none has started.
  const from = starts.length > 0 ? Math.min(...starts) : (ms(run.start_date) ?? Infinity);
  const to = Math.max(...ends, ...starts, from + 1000);
  const span = Number.isFinite(from) ? to - from : 1;
  const percent = (value: number) => ((value - from) / span) * 100;
  return (
    <>
      <GanttLegend />
      <div className="dag-gantt" role="table" aria-label={`甘特图：运行 ${run.dag_run_id}`}>
        <div className="dag-gantt__row dag-gantt__row--head" role="row">
          <Typography.Text type="secondary" className="dag-gantt__name" role="columnheader">
            任务
          </Typography.Text>
          <div className="dag-gantt__axis" role="columnheader">
            <Typography.Text type="secondary">{Number.isFinite(from) ? shownDate(dayjs(from).format('YYYY-MM-DD HH:mm:ss')) : '—'}</Typography.Text>
            <Typography.Text type="secondary">{Number.isFinite(from) ? `${shownDuration(span / 1000)}` : ''}</Typography.Text>
          </div>
        </div>
        {rows.map((row) => {
          const { instance } = row;
          const chosen = selected === instance.task_id;
          return (
            <div key={instance.id} className={`dag-gantt__row${chosen ? ' dag-gantt__row--selected' : ''}`} role="row" data-testid="gantt-row" data-task={instance.task_id} data-state={instance.state}>
              <Typography.Text className="dag-gantt__name" ellipsis title={instance.task_id} role="rowheader">
                {instance.task_id}
              </Typography.Text>
              <div className="dag-gantt__track" role="cell">
                {row.queued !== undefined && (
                  <span
                    className="dag-gantt__queued"
                    data-testid="gantt-queued"
                    title={barText(row, now)}
                    style={{ left: `${percent(row.queued).toFixed(2)}%`, width: `${(percent(row.start ?? now) - percent(row.queued)).toFixed(2)}%` }}
                  />
                )}
                {row.start === undefined ? (
                  <Typography.Text type="secondary" className="dag-gantt__pending">
                    {instance.state === 'none' ? TASK_STATE_LABELS.none : `${TASK_STATE_LABELS[instance.state]}，尚未开始`}
                  </Typography.Text>
                ) : (
                  <Tooltip title={barText(row, now)}>
                    <button
                      type="button"
                      className={`dag-gantt__bar dag-state--${instance.state}${row.running ? ' dag-gantt__bar--running' : ''}`}
                      data-testid="gantt-bar"
                      aria-label={barText(row, now)}
                      aria-pressed={chosen}
                      style={{ left: `${percent(row.start).toFixed(2)}%`, width: `${(percent(row.end ?? row.start) - percent(row.start)).toFixed(2)}%` }}
                      onClick={() => onSelect(instance.task_id)}
                    />
                  </Tooltip>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </>
  );
}
