import { useDataProvider } from '@refinedev/core';
import { useQueries } from '@tanstack/react-query';
import { Alert, Empty, Flex, Segmented, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { PageLoading } from '../../components/page-loading';
import { useEndpoints } from '../../providers/data/use-resource-call';
import type { Diagram, TableDefinition } from './types';
import { useBrowserQuery, type Place } from './use-browser-query';

const ErCanvas = lazy(async () => ({ default: (await import('./er-canvas')).ErCanvas }));

/** Most tables whose columns are read for the cards; a bigger diagram shows names only. */
const CARDS_WITH_COLUMNS = 60;

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
          {diagram && diagram.nodes.length > 0 ? (
            <Suspense fallback={<PageLoading />}>
              <ErCanvas diagram={diagram} definitions={definitions} />
            </Suspense>
          ) : (
            <Empty description={loading ? '加载中' : '没有表'} />
          )}
        </div>
      </Spin>
    </Flex>
  );
}
