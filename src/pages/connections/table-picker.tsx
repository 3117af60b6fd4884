import { TableOutlined } from '@ant-design/icons';
import { Empty, Flex, Input, Menu, Select, Spin } from 'antd';
import { useState } from 'react';
import { useBrowserQuery, type Place } from './use-browser-query';

interface Props {
  place: Place;
  table?: string;
  onPlace: (place: Place) => void;
  onTable: (table: string | undefined) => void;
}

/** The catalogue's estimate of a table's rows, marked as one: 约 850 行, 约 12.5 万行. */
export function rowEstimate(rows: number | null | undefined): string | undefined {
  if (rows === null || rows === undefined) return undefined;
  return rows < 10_000 ? `约 ${rows} 行` : `约 ${(rows / 10_000).toFixed(1).replace(/\.0$/, '')} 万行`;
}

const asOptions = (rows: Array<{ name: string }> | undefined) => (rows ?? []).map((row) => ({ label: row.name, value: row.name }));

/** The browser's left side: a database, one of its schemas, and its tables filtered by name. */
export function TablePicker({ place, table, onPlace, onTable }: Props) {
  const [search, setSearch] = useState('');
  const databases = useBrowserQuery('databases', { ...place, database: undefined, schema: undefined });
  const schemas = useBrowserQuery('schemas', { ...place, schema: undefined }, { enabled: Boolean(place.database) });
  const tables = useBrowserQuery('tables', place, { query: { search }, enabled: Boolean(place.database && place.schema) });

  return (
    <Flex vertical gap={8} className="browser-picker">
      <Select
        aria-label="数据库"
        placeholder="选择数据库"
        loading={databases.loading}
        value={place.database}
        options={asOptions(databases.value)}
        showSearch
        onChange={(database: string) => {
          onPlace({ ...place, database, schema: undefined });
          onTable(undefined);
        }}
      />
      <Select
        aria-label="Schema"
        placeholder="选择 schema"
        loading={schemas.loading}
        value={place.schema}
        options={asOptions(schemas.value)}
        showSearch
        disabled={!place.database}
        onChange={(schema: string) => {
          onPlace({ ...place, schema });
          onTable(undefined);
        }}
      />
      <Input.Search placeholder="搜索表名" allowClear onSearch={(value) => setSearch(value.trim())} disabled={!place.schema} />
      <Spin spinning={tables.loading}>
        {tables.value?.length ? (
          <Menu
            className="browser-picker__tables"
            mode="inline"
            selectedKeys={table ? [table] : []}
            onClick={({ key }) => onTable(key)}
            items={tables.value.map((row) => ({
              key: row.name,
              icon: <TableOutlined />,
              label: (
                <Flex justify="space-between" gap={8}>
                  <span className="browser-picker__name">{row.name}</span>
                  {rowEstimate(row.rows) && <span className="browser-picker__rows">{rowEstimate(row.rows)}</span>}
                </Flex>
              ),
              title: [row.comment ? `${row.name}（${row.comment}）` : row.name, rowEstimate(row.rows) && `${rowEstimate(row.rows)}（估计值）`].filter(Boolean).join(' '),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={place.schema ? '没有表' : '请选择数据库和 schema'} />
        )}
      </Spin>
    </Flex>
  );
}
