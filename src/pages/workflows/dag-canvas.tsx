import { Background, Controls, Handle, Position, ReactFlow, ReactFlowProvider, useNodesState, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef } from 'react';
import { useSettings } from '../../lib/settings';
import { TASK_STATE_LABELS, type TaskState, type WorkflowLink, type WorkflowTask } from '../../../contract/workflows';
import { layoutDag, type TaskCard } from './dag-layout';
import { FIT_VIEW_OPTIONS, useFittedView } from './use-fitted-view';
import './workflows.css';

type TaskNode = Node<TaskCard & { clicked?: boolean; connectable?: boolean }, 'task'>;

function TaskNode({ data }: NodeProps<TaskNode>) {
  const selected = Boolean(data.clicked);
  return (
    <div
      className={`dag-node dag-state--${data.state ?? 'plain'}${selected ? ' dag-node--selected' : ''}`}
      data-testid="dag-node"
      data-task={data.name}
      data-state={data.state ?? ''}
      role="button"
      aria-pressed={selected}
      title={`${data.name}：点击查看详情`}
    >
      <Handle type="target" position={Position.Left} isConnectable={Boolean(data.connectable)} data-testid="dag-input-handle" aria-label={`${data.name} 的输入端`} title={data.connectable ? '拖到这里：作为下游任务' : undefined} />
      <strong className="dag-node__name" title={data.name}>
        {data.name}
      </strong>
      <span className="dag-node__meta">
        <span>{data.operator}</span>
        {data.state && <span className="dag-node__state">{TASK_STATE_LABELS[data.state]}</span>}
      </span>
      <Handle type="source" position={Position.Right} isConnectable={Boolean(data.connectable)} data-testid="dag-output-handle" aria-label={`${data.name} 的输出端`} title={data.connectable ? '拖到另一任务的输入端：新增连线' : undefined} />
    </div>
  );
}

const nodeTypes = { task: TaskNode };

/** The DAG itself, its own chunk (as the ER diagram): dagre places the tasks, React Flow draws them. */
interface Props {
  tasks: WorkflowTask[];
  links: WorkflowLink[];
  states?: Map<string, TaskState>;
  selected?: string;
  onSelect: (task: string) => void;
  /** Given to a member who may edit the workflow: a link dragged from one task's output handle to another's input handle. */
  onConnect?: (sourceTaskId: number, targetTaskId: number) => void;
}

export function DagCanvas(props: Props) {
  return (
    <ReactFlowProvider>
      <DagFlow {...props} />
    </ReactFlowProvider>
  );
}

function DagFlow({ tasks, links, states, selected, onSelect, onConnect }: Props) {
  const laidOut = useMemo(() => layoutDag(tasks, links, states), [tasks, links, states]);
  const connectable = Boolean(onConnect);
  const next = useMemo<TaskNode[]>(() => laidOut.nodes.map((node) => ({ ...node, type: 'task', data: { ...node.data, clicked: node.data.name === selected, connectable } })), [laidOut, selected, connectable]);
  // A node handed over without its measured size loses its handles until measured again, and a
  // state change does not resize it, so its links would vanish: each new node keeps the old size.
  const [nodes, setNodes, onNodesChange] = useNodesState(next);
  // Not at mount: replacing the first nodes before they are measured spoils the first fit.
  const given = useRef(next);
  useEffect(() => {
    if (given.current === next) return;
    given.current = next;
    setNodes((shown) => {
      const measured = new Map(shown.map((node) => [node.id, node.measured]));
      return next.map((node) => ({ ...node, measured: measured.get(node.id) }));
    });
  }, [next, setNodes]);
  const { edges } = laidOut;
  // The canvas's controls and edge labels follow the theme; the task cards keep their own colours.
  const { theme } = useSettings();
  // From the nodes React Flow is given, not the tasks: they arrive a render later, and a fit asked
  // for before them would be done on the old nodes and leave a new task outside.
  const ids = useMemo(() => [...nodes.map((node) => `task:${node.id}`), ...edges.map((edge) => `link:${edge.id}`)], [nodes, edges]);
  const fitted = useFittedView(ids);
  return (
    <ReactFlow
      nodes={nodes}
      onNodesChange={onNodesChange}
      edges={edges}
      nodeTypes={nodeTypes}
      fitView
      fitViewOptions={FIT_VIEW_OPTIONS}
      minZoom={0.1}
      nodesConnectable={connectable}
      onConnect={(connection) => onConnect?.(Number(connection.source), Number(connection.target))}
      nodesDraggable={false}
      onNodeClick={(_, node) => onSelect(node.data.name)}
      onMoveEnd={fitted.onMoveEnd}
      proOptions={{ hideAttribution: true }}
      colorMode={theme === 'dark' ? 'dark' : 'light'}
    >
      <Background />
      <Controls showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS} onZoomIn={fitted.onZoomed} onZoomOut={fitted.onZoomed} onFitView={fitted.onFitted} />
    </ReactFlow>
  );
}
