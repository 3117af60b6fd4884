import { Type } from '@sinclair/typebox';
import { LimitOffsetQuery, PageOf } from '../../lib/pagination';
import { Id, Int, Nullable } from '../../lib/schema-types';

export const ProjectParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }) });
export const ProjectIdParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }), id: Id() });
export const ProjectTableParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }), name: Type.String({ maxLength: 128 }) });

const Ordering = (fields: string[]) => Type.Optional(Type.String({ maxLength: 40, description: `排序字段：${fields.join('、')}，前加 - 为倒序` }));

export const ConnectionListQuery = Type.Object({
  ...LimitOffsetQuery,
  drivername: Type.Optional(Type.String({ maxLength: 32 })),
  name__contains: Type.Optional(Type.String({ maxLength: 100 })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  ordering: Ordering(['id', 'name', 'drivername', 'host', 'created_at', 'updated_at']),
});

/** A connection as written; on PUT and PATCH a missing password keeps the stored one while driver, host, port and user stay. */
export const ConnectionWrite = Type.Object({
  id: Type.Optional(Id({ description: '测试已保存的连接时，不填密码则用它保存的密码（仅当数据库类型、主机、端口和用户名未改）' })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  drivername: Type.Optional(Type.String({ maxLength: 32, description: 'postgresql 或 mysql（含 MariaDB）' })),
  host: Type.Optional(Type.String({ maxLength: 255 })),
  port: Type.Optional(Int({ minimum: 1, maximum: 65535 })),
  username: Type.Optional(Type.String({ maxLength: 128 })),
  password: Type.Optional(Type.String({ maxLength: 256, writeOnly: true, description: '只写：任何应答都不带密码' })),
  database: Type.Optional(Type.String({ maxLength: 128 })),
});

export const Connection = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  drivername: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  username: Type.String(),
  database: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const Where = {
  connection_id: Id({ description: '连接 id' }),
  database_name: Type.Optional(Type.String({ maxLength: 128, description: '默认为连接的数据库' })),
};
const SchemaWhere = { ...Where, schema_name: Type.Optional(Type.String({ maxLength: 128, description: 'PostgreSQL 默认 public；MySQL 的 schema 即数据库' })) };
const Listing = { search: Type.Optional(Type.String({ maxLength: 100 })), ordering: Ordering(['name']) };

export const DatabasesQuery = Type.Object({ connection_id: Where.connection_id, ...Listing });
export const SchemasQuery = Type.Object({ ...Where, ...Listing });
export const TablesQuery = Type.Object({ ...SchemaWhere, ...Listing });
export const TableQuery = Type.Object(SchemaWhere);
const RecordsWhere = {
  ...SchemaWhere,
  table_name: Type.String({ maxLength: 128 }),
  order_by: Type.Optional(Type.String({ maxLength: 129, description: '表中的列名，前加 - 为倒序' })),
  filters: Type.Optional(
    Type.String({
      maxLength: 20_000,
      description:
        '筛选条件，JSON 数组 [{column, op, value}]，各条件同时满足。op：eq 等于、ne 不等于（含空值）、contains 包含（仅文本，不分大小写）、' +
        'gt 大于、gte 大于等于、lt 小于、lte 小于等于、between 介于（value 为 [起, 止]，含两端；这些仅数字、日期时间、时间）、is_null 为空、not_null 不为空（不需 value）',
    }),
  ),
};
export const RecordsQuery = Type.Object({
  ...RecordsWhere,
  limit: Type.Optional(Int({ minimum: 1, maximum: 200, description: '每页条数，默认 20，最多 200' })),
  offset: Type.Optional(Int({ minimum: 0, maximum: 10_000_000 })),
  count: Type.Optional(
    Type.Union([Type.Literal('exact'), Type.Literal('estimate')], {
      description: 'exact（默认）精确计数；estimate：无筛选且目录估计不少于 5 万行时用 PostgreSQL 的 reltuples / MySQL 的 TABLE_ROWS 估计，应答中 count_estimated 为 true',
    }),
  ),
});
export const RecordsExportQuery = Type.Object(RecordsWhere);

/** A free read-only statement of the 查询 tab. */
export const QueryBody = Type.Object({
  ...SchemaWhere,
  sql: Type.String({ maxLength: 100_000, description: '一条只读语句（SELECT、WITH、VALUES、TABLE、SHOW、EXPLAIN；MySQL 另有 DESCRIBE）' }),
  limit: Type.Optional(Int({ minimum: 1, maximum: 10_000, description: '最多返回的行数，默认 1000，最多 10000；导出时不限' })),
  timeout_seconds: Type.Optional(Int({ minimum: 1, maximum: 300, description: '语句超时秒数，默认 30' })),
});
export const QueryAnswer = Type.Object({
  columns: Type.Array(Type.Object({ name: Type.String() })),
  rows: Type.Array(Type.Array(Type.Unknown()), { description: '每行按 columns 的顺序给出各列的值（结果中列名可以重复）' }),
  truncated: Type.Boolean({ description: '结果多于 limit 行，只给出前 limit 行' }),
  elapsed_ms: Type.Integer({ description: '执行用时（毫秒）' }),
});
/** What the export routes answer: a CSV file, streamed. */
export const CsvFile = { description: 'CSV 文件（UTF-8，带 BOM，逐批写出）', content: { 'text/csv': { schema: Type.String() } } };

// Answers of the browser. Every field the handlers send is listed with its type: the response
// schema serializes the answer, and drops any field it does not list.

export const TestResult = Type.Object({ success: Type.Boolean(), message: Type.String({ description: '成功时为可访问的数据库数，失败时为数据库给出的原因' }) });

/** A database or schema (introspection-routes.ts listed). */
export const NamedList = Type.Array(Type.Object({ name: Type.String() }));
export const TableList = Type.Array(
  Type.Object({
    name: Type.String(),
    comment: Nullable(Type.String()),
    rows: Nullable(Type.Integer({ description: '估计行数（PostgreSQL 的 reltuples、MySQL 的 TABLE_ROWS），没有估计（视图、未分析过）时为 null' })),
  }),
);

const NameAndType = Type.Object({ name: Type.String(), type: Type.String() });
const Names = Type.Array(Type.String());

/** contract/connections.ts TableDefinition, as the drivers read it. */
export const TableDefinition = Type.Object({
  code: Type.String(),
  comment: Nullable(Type.String()),
  columns: Type.Array(
    Type.Object({ name: Type.String(), type: Type.String(), nullable: Type.Boolean(), default: Nullable(Type.String()), comment: Nullable(Type.String()) }),
  ),
  indexes: Type.Array(Type.Object({ name: Type.String(), columns: Names, unique: Type.Boolean() })),
  primary_key: Names,
  constraints: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.Union([Type.Literal('FOREIGN KEY'), Type.Literal('UNIQUE'), Type.Literal('CHECK')]),
      columns: Names,
      references: Nullable(Type.Object({ table: Type.String(), columns: Names })),
      definition: Nullable(Type.String()),
    }),
  ),
});

/** The entity-relation diagram (introspection-routes.ts diagram). */
export const Diagram = Type.Object({
  nodes: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      comment: Nullable(Type.String()),
      columns: Type.Array(NameAndType),
      primary_key: Names,
      more_columns: Type.Integer({ description: '未列出的列数' }),
    }),
  ),
  edges: Type.Array(Type.Object({ id: Type.String(), source: Type.String(), target: Type.String(), source_columns: Names, target_columns: Names })),
  truncated: Type.Boolean({ description: '表太多，只画了一部分' }),
});

/** A page of a table's rows; a row's values are as the database gave them (binary as its size, long text cut). */
export const RecordsPage = Type.Object({
  ...PageOf(Type.Record(Type.String(), Type.Unknown())).properties,
  columns: Type.Array(NameAndType),
  count_estimated: Type.Boolean({ description: 'count 是目录给出的估计值（请求 count=estimate 且表很大时）' }),
});
