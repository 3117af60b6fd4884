import { Flex, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { CsvExportButton } from './csv-export-button';
import { RecordFilters, type RecordFilter } from './record-filters';
import { useBrowserQuery, type Place } from './use-browser-query';

type Row = Record<string, unknown>;

const shown = (value: unknown) => {
  if (value === null || value === undefined) return <span className="browser-null">NULL</span>;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** Where a foreign key leads: the referenced table, and which of its columns each of ours names. */
interface Reference {
  table: string;
  pairs: Array<{ column: string; referenced: string }>;
}

/** Opens `table` in 数据 filtered to the rows a foreign key names. */
export type FollowReference = (table: string, filters: RecordFilter[]) => void;

/**
 * 数据: the table's records a page at a time (limit/offset), sorted by a column and filtered on the
 * server; a big table's count is the catalogue's estimate (约). A foreign key's value links to the
 * row it references. 导出 CSV downloads every row of the same order and filters.
 */
export function TableRecords({ place, table, initialFilters = [], onFollow }: { place: Place; table: string; initialFilters?: RecordFilter[]; onFollow?: FollowReference }) {
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [orderBy, setOrderBy] = useState<string>();
  const [filters, setFilters] = useState<RecordFilter[]>(initialFilters);
  const filtersParam = filters.length ? JSON.stringify(filters) : undefined;
  const { value, loading } = useBrowserQuery('records', place, {
    query: { table_name: table, limit: page.pageSize, offset: (page.current - 1) * page.pageSize, order_by: orderBy, filters: filtersParam, count: 'estimate' },
  });
  const definition = useBrowserQuery('table', place, { name: table });
  const references = new Map<string, Reference>();
  for (const constraint of definition.value?.constraints ?? []) {
    if (constraint.type !== 'FOREIGN KEY' || !constraint.references) continue;
    const reference = { table: constraint.references.table, pairs: constraint.columns.map((column, index) => ({ column, referenced: constraint.references!.columns[index] })) };
    for (const column of constraint.columns) if (!references.has(column)) references.set(column, reference);
  }
  const rows = value?.results ?? [];
  // Records need not have a key of their own: a row is known by its place on the page.
  const places = new Map(rows.map((row, index) => [row, String(index)]));
  const columns = (value?.columns ?? []).map((column) => {
    const reference = references.get(column.name);
    return {
      key: column.name,
      dataIndex: column.name,
      title: column.name,
      sorter: true,
      sortOrder: orderBy === column.name ? ('ascend' as const) : orderBy === `-${column.name}` ? ('descend' as const) : null,
      ellipsis: true,
      render: (cell: unknown, row: Row) => {
        if (!reference || !onFollow || cell === null || cell === undefined) return shown(cell);
        const values = reference.pairs.map((pair) => row[pair.column]);
        if (values.some((one) => one === null || one === undefined || typeof one === 'object')) return shown(cell);
        return (
          <Typography.Link
            title={`打开 ${reference.table} 中被引用的行`}
            onClick={() => onFollow(reference.table, reference.pairs.map((pair, index) => ({ column: pair.referenced, op: 'eq', value: values[index] as string | number })))}
          >
            {shown(cell)}
          </Typography.Link>
        );
      },
    };
  });
  const count = value?.count ?? 0;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <RecordFilters
          columns={value?.columns ?? []}
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage((current) => ({ ...current, current: 1 }));
          }}
        />
        <CsvExportButton
          projectId={place.projectId}
          fileName={`${table}.csv`}
          total={value?.count_estimated ? undefined : count}
          what={() => ({
            kind: 'records',
            query: { connection_id: place.connectionId, database_name: place.database, schema_name: place.schema, table_name: table, order_by: orderBy, filters: filtersParam },
          })}
        />
      </Flex>
      <Table<Row>
        size="small"
        loading={loading}
        rowKey={(row) => places.get(row) ?? ''}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          ...page,
          total: count,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (total) => (value?.count_estimated ? `约 ${total} 条（估计值）` : `共 ${total} 条`),
        }}
        onChange={(pagination, _, sorter) => {
          const sorted = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row>;
          const column = sorted.order ? String(sorted.columnKey) : undefined;
          const next = column && (sorted.order === 'descend' ? `-${column}` : column);
          if (next !== orderBy) setPage({ current: 1, pageSize: pagination.pageSize ?? page.pageSize });
          else setPage({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize });
          setOrderBy(next || undefined);
        }}
      />
    </Flex>
  );
}
