import dagre from '@dagrejs/dagre';
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import { OPERATOR_LABELS, type TaskState, type WorkflowLink, type WorkflowTask } from '../../../contract/workflows';

export interface TaskCard extends Record<string, unknown> {
  name: string;
  operator: string;
  /** The state of its instance in the selected run; undefined with no run selected. */
  state?: TaskState;
}

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 64;

/** antd's error colour: a cycle makes the workflow invalid. */
const CYCLE_COLOR = '#ff4d4f';

/**
 * The links that close a cycle: a depth-first walk in task order, each task's links in the order
 * they were made, so the later link of a cycle is the one drawn back. A link to its own task is one.
 */
export function backLinks(tasks: WorkflowTask[], links: WorkflowLink[]): Set<number> {
  const outgoing = new Map<number, WorkflowLink[]>();
  for (const link of [...links].sort((a, b) => a.id - b.id)) outgoing.set(link.source_task, [...(outgoing.get(link.source_task) ?? []), link]);
  const state = new Map<number, 'open' | 'done'>();
  const back = new Set<number>();
  const visit = (task: number) => {
    state.set(task, 'open');
    for (const link of outgoing.get(task) ?? []) {
      const next = state.get(link.target_task);
      if (next === 'open') back.add(link.id);
      else if (next === undefined) visit(link.target_task);
    }
    state.set(task, 'done');
  };
  for (const task of tasks) if (!state.has(task.id)) visit(task.id);
  return back;
}

/**
 * Tasks placed by dagre left to right, each link an arrow from the upstream task to the
 * downstream one, labelled with the output feeding the input (none for an order-only link).
 */
export function layoutDag(tasks: WorkflowTask[], links: WorkflowLink[], states: Map<string, TaskState> | undefined) {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  // Wide enough between ranks for an edge's label (`regions → regions`).
  graph.setGraph({ rankdir: 'LR', nodesep: 30, ranksep: 140, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const task of tasks) graph.setNode(String(task.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  const known = new Set(tasks.map((task) => task.id));
  const drawn = links.filter((link) => known.has(link.source_task) && known.has(link.target_task));
  const back = backLinks(tasks, drawn);
  // Laid out turned round, so the rest of the cycle flows left to right and this link alone runs back.
  for (const link of drawn) {
    if (link.source_task === link.target_task) continue;
    const [from, to] = back.has(link.id) ? [link.target_task, link.source_task] : [link.source_task, link.target_task];
    graph.setEdge(String(from), String(to), {}, String(link.id));
  }
  dagre.layout(graph);

  const nodes: Node<TaskCard, 'task'>[] = tasks.map((task) => {
    const { x, y } = graph.node(String(task.id));
    const card: TaskCard = { name: task.name, operator: OPERATOR_LABELS[task.operator] ?? task.operator, state: states ? (states.get(task.name) ?? 'none') : undefined };
    return { id: String(task.id), type: 'task', data: card, position: { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 }, width: NODE_WIDTH, height: NODE_HEIGHT };
  });
  const edges: Edge[] = drawn.map((link) => {
    const params = link.source_param || link.target_param ? `${link.source_param} → ${link.target_param}` : undefined;
    const edge: Edge = { id: String(link.id), source: String(link.source_task), target: String(link.target_task), type: 'smoothstep', label: params, markerEnd: { type: MarkerType.ArrowClosed } };
    if (!back.has(link.id)) return edge;
    // smoothstep routes a right-to-left edge around the nodes; dashed and red, it cannot pass for the flow.
    return {
      ...edge,
      className: 'dag-edge--cycle',
      label: params ? `存在循环依赖：${params}` : '存在循环依赖',
      style: { stroke: CYCLE_COLOR, strokeDasharray: '6 4', strokeWidth: 2 },
      labelStyle: { fill: CYCLE_COLOR, fontWeight: 600 },
      markerEnd: { type: MarkerType.ArrowClosed, color: CYCLE_COLOR },
      pathOptions: { offset: 40 },
    } as Edge;
  });
  return { nodes, edges };
}
