import { ArrowLeftOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import { Button, Card, Empty, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useProjectContext } from '../../components/project-context';
import { ErDiagram } from './er-diagram';
import { TableDefinitionView } from './table-definition';
import { TablePicker } from './table-picker';
import { QueryPanel } from './query-panel';
import type { RecordFilter } from './record-filters';
import { TableRecords } from './table-records';
import { useBrowserQuery, type Place } from './use-browser-query';
import './browser.css';


interface Connection {
  id: number;
  name: string;
  drivername: string;
  database: string;
}

/** The schema to start in: PostgreSQL's public, MySQL's database itself, else the first. */
function firstSchema(schemas: Array<{ name: string }> | undefined, drivername: string | undefined, database: string | undefined) {
  const names = (schemas ?? []).map((schema) => schema.name);
  const preferred = drivername === 'postgresql' ? 'public' : database;
  return names.find((name) => name === preferred) ?? names[0];
}

/** 浏览: a connection's databases, schemas and tables; a table's structure, records and ER diagram. */
export function ConnectionBrowser() {
  const { projectId } = useProjectContext();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connectionId = params.get('connection_id') ?? '';
  const { data } = useOne<Connection>({ resource: 'connections', id: connectionId, meta: { projectId }, queryOptions: { enabled: Boolean(connectionId) } });
  const connection = data?.data;
  // What the user picked; until then the connection's database and its first schema.
  const [chosen, setChosen] = useState<{ database?: string; schema?: string }>({});
  const [table, setTable] = useState<string>();
  const [tab, setTab] = useState('definition');
  // A followed foreign key: the referenced table opens in 数据 filtered to the row.
  const [followed, setFollowed] = useState<RecordFilter[]>([]);
  const pickTable = (next: string | undefined) => {
    setFollowed([]);
    setTable(next);
  };
  const database = chosen.database ?? connection?.database;
  const schemas = useBrowserQuery('schemas', { projectId, connectionId, database }, { enabled: Boolean(database) });
  const schema = chosen.schema ?? firstSchema(schemas.value, connection?.drivername, database);
  const place: Place = { projectId, connectionId, database, schema };

  if (!connectionId) return <Empty description="请先在数据连接中选择要浏览的连接" />;
  const ready = place.database && place.schema;
  return (
    <Card
      variant="borderless"
      className="connection-browser"
      title={
        <Flex gap={8} align="center">
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回数据连接" onClick={() => navigate(`/projectSetting/${projectId}/connections`)} />
          <span>浏览：{connection?.name ?? ''}</span>
        </Flex>
      }
    >
      <div className="connection-browser__body">
        <TablePicker place={place} table={table} onPlace={({ database: pickedDatabase, schema: pickedSchema }) => setChosen({ database: pickedDatabase, schema: pickedSchema })} onTable={pickTable} />
        <div className="connection-browser__main">
          {ready ? (
            <Tabs
              activeKey={tab}
              onChange={setTab}
              destroyOnHidden
              items={[
                {
                  key: 'definition',
                  label: '表结构',
                  children: table ? <TableDefinitionView place={place} table={table} /> : <Empty description="请在左侧选择一张表" />,
                },
                {
                  key: 'records',
                  label: '数据',
                  children: table ? (
                    <TableRecords
                      key={`${table}:${JSON.stringify(followed)}`}
                      place={place}
                      table={table}
                      initialFilters={followed}
                      onFollow={(referenced, filters) => {
                        setTable(referenced);
                        setFollowed(filters);
                        setTab('records');
                      }}
                    />
                  ) : (
                    <Empty description="请在左侧选择一张表" />
                  ),
                },
                {
                  key: 'query',
                  label: '查询',
                  children: <QueryPanel key={`${place.database}/${place.schema}`} place={place} />,
                },
                {
                  key: 'diagram',
                  label: 'ER 图',
                  children: <ErDiagram key={`${place.schema}/${table ?? ''}`} place={place} table={table} />,
                },
              ]}
            />
          ) : (
            <Empty description="请选择数据库和 schema" />
          )}
        </div>
      </div>
    </Card>
  );
}
