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
export const RecordsQuery = Type.Object({
  ...SchemaWhere,
  table_name: Type.String({ maxLength: 128 }),
  limit: Type.Optional(Int({ minimum: 1, maximum: 200, description: '每页条数，默认 20，最多 200' })),
  offset: Type.Optional(Int({ minimum: 0, maximum: 10_000_000 })),
  order_by: Type.Optional(Type.String({ maxLength: 129, description: '表中的列名，前加 - 为倒序' })),
});

// Answers of the browser. Every field the handlers send is listed with its type: the response
// schema serializes the answer, and drops any field it does not list.

export const TestResult = Type.Object({ success: Type.Boolean(), message: Type.String({ description: '成功时为可访问的数据库数，失败时为数据库给出的原因' }) });

/** A database or schema (introspection-routes.ts listed). */
export const NamedList = Type.Array(Type.Object({ name: Type.String() }));
export const TableList = Type.Array(Type.Object({ name: Type.String(), comment: Nullable(Type.String()) }));

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
});
