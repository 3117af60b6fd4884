import { KeyOutlined } from '@ant-design/icons';
import { useDataProvider } from '@refinedev/core';
import { useQueries } from '@tanstack/react-query';
import { Background, Controls, Handle, Position, ReactFlow, type NodeProps, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, Empty, Flex, Segmented, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useEndpoints } from '../../providers/data/use-resource-call';
import { CARD_COLUMNS, layoutDiagram, type TableCard } from './er-layout';
import type { Diagram, TableDefinition } from './types';
import { useBrowserQuery, type Place } from './use-browser-query';
import './er-diagram.css';

/** Most tables whose columns are read for the cards; a bigger diagram shows names only. */
const CARDS_WITH_COLUMNS = 60;

function TableNode({ data }: NodeProps<Node<TableCard, 'table'>>) {
  const columns = data.columns ?? [];
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
              {keys.has(column.name) && <KeyOutlined className="browser-key" />} {column.name}
            </span>
            <span className="er-card__type">{column.type}</span>
          </li>
        ))}
        {columns.length > CARD_COLUMNS && <li className="er-card__more">… 还有 {columns.length - CARD_COLUMNS} 列</li>}
      </ul>
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

const nodeTypes = { table: TableNode };

/** The definitions of the diagram's tables (for their columns), read through the data provider. */
function useDefinitions(place: Place, names: string[]) {
  const provider = useDataProvider()('default');
  const { table } = useEndpoints('connections');
  const query = { connection_id: place.connectionId, database_name: place.database, schema_name: place.schema };
  const results = useQueries({
    queries: names.slice(0, CARDS_WITH_COLUMNS).map((name) => ({
      queryKey: ['connectionTable', place, name],
      queryFn: async () => (await provider.custom!({ url: table!, method: 'get', query, meta: { projectId: place.projectId, name, silent: true } })).data as TableDefinition,
      staleTime: 60_000,
      retry: false,
    })),
  });
  const loading = results.some((result) => result.isLoading);
  const definitions = new Map<string, TableDefinition>();
  results.forEach((result, index) => result.data && definitions.set(names[index], result.data));
  return { definitions, loading };
}

/** ER 图: tables as cards laid out by dagre, foreign keys as arrows; the selected table's relations or the whole schema. */
export function ErDiagram({ place, table }: { place: Place; table?: string }) {
  const [scope, setScope] = useState<'table' | 'schema'>(table ? 'table' : 'schema');
  const ofTable = scope === 'table' && Boolean(table);
  const { value: diagram, loading } = useBrowserQuery<Diagram>(ofTable ? 'tableDiagram' : 'diagram', place, { name: ofTable ? table : undefined });
  const names = useMemo(() => diagram?.nodes.map((node) => node.name) ?? [], [diagram]);
  const { definitions, loading: reading } = useDefinitions(place, names);
  const layoutKey = `${names.join(',')}|${[...definitions.keys()].join(',')}`;
  // Laid out again only when the tables or the read definitions change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const laidOut = useMemo(() => (diagram ? layoutDiagram(diagram, definitions) : undefined), [diagram, layoutKey]);

  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="center" wrap>
        <Segmented
          value={ofTable ? 'table' : 'schema'}
          onChange={(value) => setScope(value as 'table' | 'schema')}
          options={[
            { label: '本表关系', value: 'table', disabled: !table },
            { label: '整个 schema', value: 'schema' },
          ]}
        />
        {names.length > CARDS_WITH_COLUMNS && <Alert type="info" showIcon message={`表较多，仅前 ${CARDS_WITH_COLUMNS} 张表列出列`} />}
        {diagram?.truncated && <Alert type="warning" showIcon message="表过多，图中只画出一部分" />}
      </Flex>
      <Spin spinning={loading || reading}>
        <div className="er-diagram">
          {laidOut && laidOut.nodes.length > 0 ? (
            <ReactFlow
              key={layoutKey}
              nodes={laidOut.nodes}
              edges={laidOut.edges}
              nodeTypes={nodeTypes}
              fitView
              minZoom={0.1}
              nodesConnectable={false}
              proOptions={{ hideAttribution: true }}
            >
              <Background />
              <Controls showInteractive={false} />
            </ReactFlow>
          ) : (
            <Empty description={loading ? '加载中' : '没有表'} />
          )}
        </div>
      </Spin>
    </Flex>
  );
}
