import { Empty, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { TASK_STATE_LABELS, TASK_STATES, type TaskState, type WorkflowLink, type WorkflowTask } from '../../../contract/workflows';
import { preloadable } from '../../components/lazy-page';
import { PageLoading } from '../../components/page-loading';

const DagCanvas = preloadable(async () => (await import('./dag-canvas')).DagCanvas);

/** Fetches the canvas (React Flow and dagre) while the workflow's tasks and links load, not after. */
export const preloadDagCanvas = () => void DagCanvas.preload().catch(() => undefined);

/** What each node colour means: the task states, in Chinese. */
export function StateLegend() {
  return (
    <div className="dag-legend" aria-label="状态图例">
      {TASK_STATES.map((state) => (
        <span key={state} className="dag-legend__item">
          <span className={`dag-swatch dag-state--${state}`} />
          <Typography.Text type="secondary">{TASK_STATE_LABELS[state]}</Typography.Text>
        </span>
      ))}
    </div>
  );
}

interface Props {
  tasks: WorkflowTask[];
  links: WorkflowLink[];
  loading: boolean;
  /** The selected run's task states by task_id; none with no run selected. */
  states?: Map<string, TaskState>;
  /** The clicked task's name, and what a click on a task says. */
  selected?: string;
  onSelect: (task: string) => void;
  /** Links drawn by dragging, for a member who may edit the workflow. */
  onConnect?: (sourceTaskId: number, targetTaskId: number) => void;
}

/** The workflow's DAG, coloured by the selected run. */
export function DagGraph({ tasks, links, loading, states, selected, onSelect, onConnect }: Props) {
  return (
    <Spin spinning={loading}>
      <div className="dag-graph">
        {tasks.length > 0 ? (
          <Suspense fallback={<PageLoading />}>
            <DagCanvas tasks={tasks} links={links} states={states} selected={selected} onSelect={onSelect} onConnect={onConnect} />
          </Suspense>
        ) : (
          <Empty description={loading ? '加载中' : '还没有任务，请在下方“任务”中新增'} />
        )}
      </div>
    </Spin>
  );
}
