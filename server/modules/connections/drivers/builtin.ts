import { param, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { parseTextArray } from '../../../db/client';
import { DEMO } from '../../../db/seed/demo-accounts';
import { WAREHOUSE_SCHEMA as DEMO_WAREHOUSE_SCHEMA } from '../../../db/seed/demo-warehouse';
import { postgres, postgresSession, TEMPORAL_ARRAYS, type SqlClient } from './postgres';
import { STATEMENT_TIMEOUT_MS, type Driver, type Session, type SessionPool } from './types';

/** The one database name a builtin connection shows; its schemas are its project's `warehouse_*` schemas. */
export const WAREHOUSE_DATABASE = 'warehouse';
export const WAREHOUSE_SCHEMA_PREFIX = 'warehouse_';
export const BUILTIN_DRIVER = 'builtin';

/** The schema a project's imported warehouse lives in: the prefix and the project uuid without dashes (42 characters, a valid unquoted name). */
export const projectWarehouseSchema = (projectUuid: string) => `${WAREHOUSE_SCHEMA_PREFIX}${projectUuid.replace(/-/g, '').toLowerCase()}`;

/** The schemas a project's builtin connection may read: its own, and for the demo project the seeded demo warehouse. */
export function warehouseSchemasOf(projectUuid: string): string[] {
  const own = projectWarehouseSchema(projectUuid);
  return projectUuid === DEMO.projectUuid ? [DEMO_WAREHOUSE_SCHEMA, own] : [own];
}

/**
 * A session on the server's own database that sees nothing but the warehouse schemas of the
 * connection's project: the app's own tables (users, tokens, sessions…) live in `public`, and
 * other projects' warehouses in schemas of their own, which every method refuses alike.
 */
function warehouseOnly(inner: Session, projectUuid: string): Session {
  const allowed = warehouseSchemasOf(projectUuid);
  const own = (schema: string) => {
    if (!allowed.includes(schema)) throw badRequest(`内置数据仓库只能访问本项目的数据仓库（${allowed.join('、')}），不能访问 ${schema}`);
    return schema;
  };
  return {
    databases: async () => [WAREHOUSE_DATABASE],
    schemas: async (database) => (await inner.schemas(database)).filter((schema) => allowed.includes(schema)),
    tables: (schema) => inner.tables(own(schema)),
    table: (schema, name) => inner.table(own(schema), name),
    foreignKeys: (schema) => inner.foreignKeys(own(schema)),
    columnsOf: (schema) => inner.columnsOf(own(schema)),
    records: (schema, table, page) => inner.records(own(schema), table, page),
    exportRecords: (schema, table, columns, plan, sink, signal) => inner.exportRecords(own(schema), table, columns, plan, sink, signal),
    // No free SQL here: the server's own database holds every organization's data, and only the schema checks above wall it off.
    select: (schema, table, columns, where, limit) => inner.select(own(schema), table, columns, where, limit),
  };
}

type Result = { rows: Array<Record<string, unknown>>; fields?: Array<{ name: string; dataTypeID: number }> };

/**
 * drizzle already leaves dates, timestamps and intervals as text (as the pg driver's sessions do);
 * arrays of them it leaves as one array literal, read here into their elements.
 */
function temporalArraysRead({ rows, fields = [] }: Result): Result['rows'] {
  const arrays = fields.filter((field) => TEMPORAL_ARRAYS.has(field.dataTypeID)).map((field) => field.name);
  if (!arrays.length) return rows;
  return rows.map((row) => ({ ...row, ...Object.fromEntries(arrays.map((name) => [name, typeof row[name] === 'string' ? parseTextArray(row[name]) : row[name]])) }));
}

/** The postgres session's SQL run through drizzle: `$n` become bound parameters; errors are the database's own (for explain). */
function clientOf(tx: Db): SqlClient {
  return {
    async query(text, values) {
      const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql`${param(values[Number(part) - 1])}` : sql.raw(part)));
      try {
        return { rows: temporalArraysRead((await tx.execute(sql.join(chunks))) as unknown as Result) };
      } catch (error) {
        throw (error as { cause?: unknown }).cause ?? error;
      }
    },
    escapeIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  };
}

/**
 * The built-in warehouse: a connection whose sessions run on the server's own database (PGlite or
 * PostgreSQL), which pg and mysql2 cannot reach when it is the embedded PGlite. Only the seed and
 * the warehouse import (results/warehouse-import.ts) make such a connection; no host policy applies, as nothing goes over the network.
 */
export const builtin: Driver = {
  name: BUILTIN_DRIVER,
  label: '内置数据仓库',
  defaultPort: 0,
  pool() {
    throw new Error('内置数据仓库运行在服务器自身的数据库上，没有连接池');
  },
  onServerDatabase: (db: Db, projectUuid: string, timeZone: string): SessionPool => ({
    // On PGlite the transaction holds the only connection: work must not use app.db meanwhile.
    withSession: (work) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.execute(sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
        // timestamptz is written in the server's zone, with its offset.
        await tx.execute(sql`select set_config('TimeZone', ${timeZone}, true)`);
        return work(warehouseOnly(postgresSession(clientOf(tx as unknown as Db)), projectUuid));
      }),
    end: async () => undefined,
  }),
  explain: postgres.explain,
  // The server's own database, not the network: its errors say nothing of other hosts.
  serverAnswer: postgres.explain,
};
