import { Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useBrowserQuery, type Place } from './use-browser-query';

type Row = Record<string, unknown>;

const shown = (value: unknown) => {
  if (value === null || value === undefined) return <span className="browser-null">NULL</span>;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** 数据: the table's records a page at a time (limit/offset), sorted by a column on the server (order_by). */
export function TableRecords({ place, table }: { place: Place; table: string }) {
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [orderBy, setOrderBy] = useState<string>();
  const { value, loading } = useBrowserQuery('records', place, {
    query: { table_name: table, limit: page.pageSize, offset: (page.current - 1) * page.pageSize, order_by: orderBy },
  });
  const rows = value?.results ?? [];
  // Records need not have a key of their own: a row is known by its place on the page.
  const places = new Map(rows.map((row, index) => [row, String(index)]));
  const columns = (value?.columns ?? []).map((column) => ({
    key: column.name,
    dataIndex: column.name,
    title: column.name,
    sorter: true,
    sortOrder: orderBy === column.name ? ('ascend' as const) : orderBy === `-${column.name}` ? ('descend' as const) : null,
    ellipsis: true,
    render: shown,
  }));
  return (
    <Table<Row>
      size="small"
      loading={loading}
      rowKey={(row) => places.get(row) ?? ''}
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{
        ...page,
        total: value?.count ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100, 200],
        showTotal: (total) => `共 ${total} 条`,
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
  );
}
