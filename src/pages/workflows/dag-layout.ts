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
  for (const link of drawn) if (link.source_task !== link.target_task) graph.setEdge(String(link.source_task), String(link.target_task), {}, String(link.id));
  dagre.layout(graph);

  const nodes: Node<TaskCard, 'task'>[] = tasks.map((task) => {
    const { x, y } = graph.node(String(task.id));
    const card: TaskCard = { name: task.name, operator: OPERATOR_LABELS[task.operator] ?? task.operator, state: states ? (states.get(task.name) ?? 'none') : undefined };
    return { id: String(task.id), type: 'task', data: card, position: { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 }, width: NODE_WIDTH, height: NODE_HEIGHT };
  });
  const edges: Edge[] = drawn.map((link) => ({
    id: String(link.id),
    source: String(link.source_task),
    target: String(link.target_task),
    type: 'smoothstep',
    label: link.source_param || link.target_param ? `${link.source_param} → ${link.target_param}` : undefined,
    markerEnd: { type: MarkerType.ArrowClosed },
  }));
  return { nodes, edges };
}
