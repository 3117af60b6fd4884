import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { drfPage } from '../../lib/pagination';
import { permissionDetail } from '../../../contract/permissions';
import { inProject, projectOf } from '../../access/gate';
import { CONNECTION_BASE } from './connection-routes';
import { BUILTIN_DRIVER, projectWarehouseSchema } from './drivers/builtin';
import { exportCsv } from './csv';
import { checkedFilters } from './drivers/filters';
import { type ForeignKey, type RecordsPlan, type SchemaColumn, type Session } from './drivers/types';
import { withProjectConnection } from './reader';
import type { ConnectionRow } from './queries';
import {
  CsvFile,
  DatabasesQuery,
  Diagram,
  NamedList,
  ProjectParams,
  ProjectTableParams,
  RecordsExportQuery,
  RecordsPage,
  RecordsQuery,
  SchemasQuery,
  TableDefinition,
  TableList,
  TableQuery,
  TablesQuery,
} from './schemas';

const tags = ['数据连接：库表结构'];
export const view = inProject([permissionDetail('connection', 'connection', 'view')]);
/** Longest text of one cell in a records answer; the rest is cut. */
const CELL_MAX = 2000;
/** Most tables an entity-relation diagram shows. */
const NODES_MAX = 2000;

/** Names filtered by `search` (any case) and sorted by `ordering` (name or -name). */
function listed<T extends { name: string }>(rows: T[], query: { search?: string; ordering?: string }) {
  if (query.ordering && query.ordering.replace(/^-/, '') !== 'name') throw badRequest(`不能按 ${query.ordering.replace(/^-/, '')} 排序`);
  const search = query.search?.trim().toLowerCase();
  const found = search ? rows.filter((row) => row.name.toLowerCase().includes(search)) : [...rows];
  found.sort((a, b) => a.name.localeCompare(b.name));
  return query.ordering?.startsWith('-') ? found.reverse() : found;
}

/** A value of a record as JSON can carry it: binary as its size, long text cut. */
export function cell(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `<二进制 ${value.length} 字节>`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && value.length > CELL_MAX) return `${value.slice(0, CELL_MAX)}…`;
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : value;
  }
  return value;
}

/** Most columns a node of the diagram lists. */
const NODE_COLUMNS_MAX = 100;

const diagram = (tables: Array<{ name: string; comment: string | null }>, keys: ForeignKey[], columns: SchemaColumn[]) => {
  const byTable = new Map<string, SchemaColumn[]>();
  for (const column of columns) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  return {
    nodes: tables.slice(0, NODES_MAX).map((table) => {
      const own = byTable.get(table.name) ?? [];
      return {
        id: table.name,
        name: table.name,
        comment: table.comment,
        columns: own.slice(0, NODE_COLUMNS_MAX).map(({ name, type }) => ({ name, type })),
        primary_key: own.filter((column) => column.primary).map((column) => column.name),
        more_columns: Math.max(own.length - NODE_COLUMNS_MAX, 0),
      };
    }),
    edges: keys.map((key) => ({ id: `${key.table}.${key.name}`, source: key.table, target: key.referencedTable, source_columns: key.columns, target_columns: key.referencedColumns })),
    truncated: tables.length > NODES_MAX,
  };
};

/** PostgreSQL's public, MySQL's database itself, the built-in warehouse's first schema (before any import: the project's own, empty). */
async function defaultSchema(session: Session, connection: ConnectionRow, database: string): Promise<string> {
  const { drivername } = connection;
  if (drivername === 'postgresql') return 'public';
  if (drivername === BUILTIN_DRIVER) return (await session.schemas(database))[0] ?? projectWarehouseSchema(connection.projectUuid);
  return database;
}

type Where = { connection_id: number; database_name?: string; schema_name?: string };

/**
 * Work in a session of the request's project's connection `connection_id` (another project's or
 * organization's answers 404 连接不存在 like a missing one), on its database and schema (by default
 * PostgreSQL's public, MySQL's database).
 */
export const readerOf =
  (app: FastifyInstance) =>
  <T>(request: FastifyRequest, where: Where, work: (session: Session, schema: string, connection: ConnectionRow) => Promise<T>) =>
    withProjectConnection(app, projectOf(request).project.uuid, where.connection_id, where.database_name, async (session, connection) => {
      const database = where.database_name || connection.database;
      return work(session, where.schema_name || (await defaultSchema(session, connection, database)), connection);
    });

/** The table of a records request, its columns, and its order and filters checked against them (400 in Chinese naming the column). */
async function recordsPlan(session: Session, schema: string, query: { table_name: string; order_by?: string; filters?: string }) {
  const { table_name: name, order_by: orderBy } = query;
  const table = await session.table(schema, name);
  if (!table) throw notFound(`表 ${name} 不存在`);
  const column = orderBy?.replace(/^-/, '');
  if (column && !table.columns.some((known) => known.name === column)) throw badRequest(`表 ${name} 没有列 ${column}，不能按它排序`);
  const plan: RecordsPlan = { orderBy: column || undefined, descending: Boolean(orderBy?.startsWith('-')), filters: checkedFilters(name, table.columns, query.filters) };
  return { table, plan };
}

export async function introspectionRoutes(app: FastifyInstance): Promise<void> {
  const reading = readerOf(app);

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof DatabasesQuery> }>(
    `${CONNECTION_BASE}/databases/`,
    { config: view, schema: { tags, summary: '连接可访问的数据库', params: ProjectParams, querystring: DatabasesQuery, response: { 200: NamedList } } },
    async (request) => listed((await reading(request, request.query, (session) => session.databases())).map((name) => ({ name })), request.query),
  );

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof SchemasQuery> }>(
    `${CONNECTION_BASE}/schemas/`,
    { config: view, schema: { tags, summary: '数据库中的 schema（MySQL 即数据库本身）', params: ProjectParams, querystring: SchemasQuery, response: { 200: NamedList } } },
    async (request) =>
      listed((await reading(request, request.query, (session, schema) => session.schemas(request.query.database_name ?? schema))).map((name) => ({ name })), request.query),
  );

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof TablesQuery> }>(
    `${CONNECTION_BASE}/tables/`,
    { config: view, schema: { tags, summary: 'schema 中的表与视图', params: ProjectParams, querystring: TablesQuery, response: { 200: TableList } } },
    async (request) => listed(await reading(request, request.query, (session, schema) => session.tables(schema)), request.query),
  );

  app.get<{ Params: Static<typeof ProjectTableParams>; Querystring: Static<typeof TableQuery> }>(
    `${CONNECTION_BASE}/tables/:name/`,
    { config: view, schema: { tags, summary: '表结构：列、索引、主键、约束', params: ProjectTableParams, querystring: TableQuery, response: { 200: TableDefinition } } },
    async (request) => {
      const table = await reading(request, request.query, (session, schema) => session.table(schema, request.params.name));
      if (!table) throw notFound(`表 ${request.params.name} 不存在`);
      return table;
    },
  );

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof TableQuery> }>(
    `${CONNECTION_BASE}/entity-relation/all_entity_relation/`,
    { config: view, schema: { tags, summary: 'schema 的实体关系图：表为节点（含列、主键），外键为边', params: ProjectParams, querystring: TableQuery, response: { 200: Diagram } } },
    (request) =>
      reading(request, request.query, async (session, schema) => diagram(await session.tables(schema), await session.foreignKeys(schema), await session.columnsOf(schema))),
  );

  app.get<{ Params: Static<typeof ProjectTableParams>; Querystring: Static<typeof TableQuery> }>(
    `${CONNECTION_BASE}/entity-relation/:name/entity_relation/`,
    { config: view, schema: { tags, summary: '一张表的实体关系：它与它外键两端的表', params: ProjectTableParams, querystring: TableQuery, response: { 200: Diagram } } },
    (request) =>
      reading(request, request.query, async (session, schema) => {
        const tables = await session.tables(schema);
        if (!tables.some((table) => table.name === request.params.name)) throw notFound(`表 ${request.params.name} 不存在`);
        const keys = (await session.foreignKeys(schema)).filter((key) => key.table === request.params.name || key.referencedTable === request.params.name);
        const near = new Set([request.params.name, ...keys.flatMap((key) => [key.table, key.referencedTable])]);
        const columns = (await session.columnsOf(schema)).filter((column) => near.has(column.table));
        return diagram(tables.filter((table) => near.has(table.name)), keys, columns);
      }),
  );

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof RecordsQuery> }>(
    `${CONNECTION_BASE}/records/`,
    {
      config: view,
      schema: { tags, summary: '表中的数据（分页；order_by、filters 只能用表中的列；count=estimate 大表用估计行数）', params: ProjectParams, querystring: RecordsQuery, response: { 200: RecordsPage } },
    },
    (request) =>
      reading(request, request.query, async (session, schema) => {
        const { table_name: name, limit = 20, offset = 0, count = 'exact' } = request.query;
        const { table, plan } = await recordsPlan(session, schema, request.query);
        const page = await session.records(schema, name, { ...plan, limit, offset, count });
        const rows = page.rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(value)])));
        return {
          ...drfPage(request, rows, page.total, limit, offset),
          columns: table.columns.map((known) => ({ name: known.name, type: known.type })),
          count_estimated: page.estimated,
        };
      }),
  );

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof RecordsExportQuery> }>(
    `${CONNECTION_BASE}/records/export/`,
    {
      config: view,
      schema: { tags, summary: '导出表中的数据为 CSV（条件同 records/，全部行，逐批写出）', params: ProjectParams, querystring: RecordsExportQuery, response: { 200: CsvFile } },
    },
    async (request, reply) =>
      exportCsv(request, reply, `${request.query.table_name}.csv`, (sink, gone) =>
        reading(request, request.query, async (session, schema) => {
          const { table, plan } = await recordsPlan(session, schema, request.query);
          const columns = table.columns.map((column) => column.name);
          await session.exportRecords(schema, request.query.table_name, columns, plan, sink, gone);
        }),
      ),
  );
}
