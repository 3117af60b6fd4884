import { Background, Controls, Handle, Position, ReactFlow, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { useSettings } from '../../lib/settings';
import { CARD_COLUMNS, layoutDiagram, type TableCard } from './er-layout';
import type { Diagram } from './types';
import './er-diagram.css';

function TableNode({ data }: NodeProps<Node<TableCard, 'table'>>) {
  const { columns } = data;
  const more = columns.length + data.moreColumns - CARD_COLUMNS;
  const keys = new Set(data.primaryKey);
  return (
    <div className="er-card" data-testid="er-table">
      <Handle type="target" position={Position.Left} />
      <div className="er-card__title" title={data.comment ? `${data.name}（${data.comment}）` : data.name}>
        <strong>{data.name}</strong>
        {data.comment && <span className="er-card__comment">{data.comment}</span>}
      </div>
      <ul className="er-card__columns">
        {columns.slice(0, CARD_COLUMNS).map((column) => (
          <li key={column.name}>
            <span className="er-card__column">
              {keys.has(column.name) && <span className="er-card__key">PK</span>} {column.name}
            </span>
            <span className="er-card__type">{column.type}</span>
          </li>
        ))}
        {more > 0 && <li className="er-card__more">… 还有 {more} 列</li>}
      </ul>
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

const nodeTypes = { table: TableNode };

/**
 * The diagram itself, its own chunk (the diagram libraries are big and use no antd, so the
 * login screen's shared chunks stay as they were): dagre places the cards, React Flow draws them.
 */
export function ErCanvas({ diagram }: { diagram: Diagram }) {
  const { nodes, edges } = useMemo(() => layoutDiagram(diagram), [diagram]);
  // A new set of tables mounts a new canvas, so it fits the view again.
  const tables = diagram.nodes.map((node) => node.id).join(',');
  // The canvas follows the theme (no white pane on a dark page); the cards have dark variants in er-diagram.css.
  const { theme } = useSettings();
  return (
    <ReactFlow
      key={tables}
      colorMode={theme === 'dark' ? 'dark' : 'light'}
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      fitView
      minZoom={0.1}
      nodesConnectable={false}
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
