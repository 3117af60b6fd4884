import dagre from '@dagrejs/dagre';
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { Diagram } from './types';

export interface TableCard extends Record<string, unknown> {
  name: string;
  comment: string | null;
  columns: Array<{ name: string; type: string }>;
  primaryKey: string[];
  /** Columns the diagram's answer left out. */
  moreColumns: number;
}

export const CARD_WIDTH = 220;
/** Most columns a card lists; the rest are counted. */
export const CARD_COLUMNS = 12;
const HEADER = 44;
const ROW = 22;

const cardHeight = (card: TableCard) => {
  const columns = card.columns.length + card.moreColumns;
  const rows = Math.min(columns, CARD_COLUMNS) + (columns > CARD_COLUMNS ? 1 : 0);
  return HEADER + Math.max(rows, 1) * ROW + 8;
};

/**
 * Table cards placed by dagre left to right, a foreign key pointing from the table that holds it
 * to the one it references; each card's height is that of its rows, so no two overlap.
 */
export function layoutDiagram(diagram: Diagram) {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: 36, ranksep: 70, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  const cards = diagram.nodes.map((node) => {
    const card: TableCard = { name: node.name, comment: node.comment, columns: node.columns, primaryKey: node.primary_key, moreColumns: node.more_columns };
    graph.setNode(node.id, { width: CARD_WIDTH, height: cardHeight(card) });
    return { id: node.id, card };
  });
  const known = new Set(diagram.nodes.map((node) => node.id));
  const edges = diagram.edges.filter((edge) => known.has(edge.source) && known.has(edge.target));
  for (const edge of edges) if (edge.source !== edge.target) graph.setEdge(edge.source, edge.target, {}, edge.id);
  dagre.layout(graph);

  const nodes: Node<TableCard, 'table'>[] = cards.map(({ id, card }) => {
    const { x, y, width, height } = graph.node(id);
    return { id, type: 'table', data: card, position: { x: x - width / 2, y: y - height / 2 }, width, height };
  });
  const lines: Edge[] = edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    target: edge.target,
    type: 'smoothstep',
    label: `${edge.source_columns.join(', ')} → ${edge.target_columns.join(', ')}`,
    markerEnd: { type: MarkerType.ArrowClosed },
  }));
  return { nodes, edges: lines };
}
