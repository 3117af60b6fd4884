import pg from 'pg';
import { parseTextArray } from '../../../db/client';
import { driverWords, explainNetwork } from './explain';
import { whereOf } from './filters';
import { CURSOR_READS } from './read-only-sql';
import { checkedSelect } from './select';
import {
  CONNECT_TIMEOUT_MS,
  ESTIMATE_FROM,
  POOL_IDLE_MS,
  ROW_BATCH,
  STATEMENT_TIMEOUT_MS,
  type Driver,
  type RecordsPlan,
  type RowSink,
  type Session,
  type TableDefinition,
} from './types';

const CONSTRAINT_TYPES = { f: 'FOREIGN KEY', u: 'UNIQUE', c: 'CHECK' } as const;

/** date, time, timestamp, timestamptz, interval, timetz: pg would make the first ones JS Dates in the server's zone. */
const TEMPORAL = new Set([1082, 1083, 1114, 1184, 1186, 1266]);
/** Arrays of those: their elements stay text too. */
export const TEMPORAL_ARRAYS = new Set([1182, 1183, 1115, 1185, 1187, 1270]);

/** This pool's parsers (pg's global ones are the server's own database's): temporal values as PostgreSQL writes them. */
const temporalAsText: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (TEMPORAL.has(oid)) return (value: string) => value;
    if (TEMPORAL_ARRAYS.has(oid)) return parseTextArray;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** What the session needs of a connection: a pg client, or the server's own database (builtin.ts). */
export interface SqlClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  escapeIdentifier(name: string): string;
}

/** A pg client of ours, for free SQL: rows as arrays, the extended protocol (one statement), cancellation from another connection. */
export interface NativeClient {
  client: pg.PoolClient;
  cancel(): Promise<void>;
}

/** A statement the client waits on; `signal` cancels it on the server. */
async function cancellable<T>(native: NativeClient, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
  const cancel = () => void native.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await run();
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** Sends batches of a cursor's rows to `sink` until it is empty, `sink` says stop, or `signal` aborts. */
async function drainCursor(fetch: () => Promise<{ names: string[]; rows: unknown[][] }>, sink: RowSink, signal?: AbortSignal) {
  for (let first = true; !signal?.aborted; first = false) {
    const { names, rows } = await fetch();
    if (first) sink.columns(names);
    if (rows.length === 0 || !(await sink.rows(rows)) || rows.length < ROW_BATCH) return;
  }
}

export function postgresSession(client: SqlClient, native?: NativeClient): Session {
  const rows = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  const quote = (name: string) => client.escapeIdentifier(name);
  const relation = `select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2`;

  return {
    databases: async () => (await rows<{ name: string }>(`select datname as name from pg_database where datallowconn and not datistemplate order by 1`)).map((row) => row.name),
    schemas: async () =>
      (await rows<{ name: string }>(`select nspname as name from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema' order by 1`)).map((row) => row.name),
    tables: async (schema) =>
      (
        await rows<{ name: string; comment: string | null; rows: string | null }>(
          `select c.relname as name, obj_description(c.oid, 'pg_class') as comment,
             case when c.relkind in ('r', 'm', 'p') and c.reltuples >= 0 then c.reltuples::bigint end as rows
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') order by 1`,
          [schema],
        )
      ).map((row) => ({ ...row, rows: row.rows === null ? null : Number(row.rows) })),
    async table(schema, name): Promise<TableDefinition | undefined> {
      const [found] = await rows<{ oid: number; comment: string | null }>(`select oid, obj_description(oid, 'pg_class') as comment from (${relation}) r`, [schema, name]);
      if (!found) return undefined;
      const columns = await rows<TableDefinition['columns'][number]>(
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
           pg_get_expr(d.adbin, d.adrelid) as default, col_description(a.attrelid, a.attnum) as comment
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        [found.oid],
      );
      const indexes = await rows<{ name: string; columns: string[]; unique: boolean; primary: boolean }>(
        `select i.relname as name, x.indisunique as unique, x.indisprimary as primary,
           array(select a.attname from unnest(x.indkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.ord)::text[] as columns
         from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = $1 order by 1`,
        [found.oid],
      );
      const constraints = await rows<{ name: string; type: keyof typeof CONSTRAINT_TYPES; columns: string[]; ref_table: string | null; ref_columns: string[]; definition: string }>(
        `select con.conname as name, con.contype as type, pg_get_constraintdef(con.oid) as definition,
           array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord)::text[] as columns,
           (select relname from pg_class where oid = con.confrelid) as ref_table,
           array(select a.attname from unnest(con.confkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord)::text[] as ref_columns
         from pg_constraint con where con.conrelid = $1 and con.contype in ('f', 'u', 'c') order by 1`,
        [found.oid],
      );
      return {
        code: name,
        comment: found.comment,
        columns,
        indexes: indexes.map(({ name: index, columns: indexed, unique }) => ({ name: index, columns: indexed, unique })),
        primary_key: indexes.find((index) => index.primary)?.columns ?? [],
        constraints: constraints.map((c) => ({
          name: c.name,
          type: CONSTRAINT_TYPES[c.type],
          columns: c.columns,
          references: c.ref_table ? { table: c.ref_table, columns: c.ref_columns } : null,
          definition: c.definition,
        })),
      };
    },
    foreignKeys: async (schema) =>
      (
        await rows<{ name: string; table: string; columns: string[]; ref_table: string; ref_columns: string[] }>(
          `select con.conname as name, c.relname as table, r.relname as ref_table,
             array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord)::text[] as columns,
             array(select a.attname from unnest(con.confkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord)::text[] as ref_columns
           from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace join pg_class r on r.oid = con.confrelid
           where con.contype = 'f' and n.nspname = $1 order by 2, 1`,
          [schema],
        )
      ).map((row) => ({ name: row.name, table: row.table, columns: row.columns, referencedTable: row.ref_table, referencedColumns: row.ref_columns })),
    columnsOf: (schema) =>
      rows(
        `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, coalesce(a.attnum = any(x.indkey::int2[]), false) as primary
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
           left join pg_index x on x.indrelid = c.oid and x.indisprimary
         where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped order by c.relname, a.attnum`,
        [schema],
      ),
    async records(schema, table, { limit, offset, orderBy, descending, filters, count }) {
      const from = `${quote(schema)}.${quote(table)}`;
      const where = whereOf(filters, 'postgresql', quote);
      const order = orderBy ? ` order by ${quote(orderBy)} ${descending ? 'desc' : 'asc'}` : '';
      if (count === 'estimate' && filters.length === 0) {
        const [found] = await rows<{ estimate: string }>(`select c.reltuples::bigint as estimate from (${relation}) r join pg_class c on c.oid = r.oid`, [schema, table]);
        if (found && Number(found.estimate) >= ESTIMATE_FROM) {
          const page = await rows<Record<string, unknown>>(`select * from ${from}${order} limit $1 offset $2`, [limit, offset]);
          return { total: Number(found.estimate), estimated: true, rows: page };
        }
      }
      const [{ total }] = await rows<{ total: string }>(`select count(*) as total from ${from}${where.sql}`, where.values);
      const next = where.values.length;
      return {
        total: Number(total),
        estimated: false,
        rows: await rows(`select * from ${from}${where.sql}${order} limit $${next + 1} offset $${next + 2}`, [...where.values, limit, offset]),
      };
    },
    async exportRecords(schema, table, columns, plan: RecordsPlan, sink, signal) {
      const where = whereOf(plan.filters, 'postgresql', quote);
      const order = plan.orderBy ? ` order by ${quote(plan.orderBy)} ${plan.descending ? 'desc' : 'asc'}` : '';
      await client.query(`declare records_export no scroll cursor for select ${columns.map(quote).join(', ')} from ${quote(schema)}.${quote(table)}${where.sql}${order}`, where.values);
      await drainCursor(
        async () => ({ names: columns, rows: (await rows<Record<string, unknown>>(`fetch forward ${ROW_BATCH} from records_export`)).map((row) => columns.map((name) => row[name])) }),
        sink,
        signal,
      );
    },
    ...(native && {
      async query({ text, first }, { timeoutMs, sink, signal, schema }) {
        const { client: pgClient } = native;
        await pgClient.query(`set local statement_timeout = ${Math.floor(timeoutMs)}`);
        // Strings as the statement checker read them: a backslash is a letter outside E'…'.
        await pgClient.query('set local standard_conforming_strings = on');
        // A query now takes the transaction's snapshot: a SET TRANSACTION READ WRITE after it is refused, whatever got through.
        await pgClient.query(`select set_config('search_path', $1, true)`, [schema ? quote(schema) : '"$user", public']);
        const run = (statement: string) =>
          cancellable(native, signal, () => pgClient.query({ text: statement, rowMode: 'array', queryMode: 'extended', query_timeout: timeoutMs + 2000 } as pg.QueryConfig & { queryMode: 'extended' }));
        if (!CURSOR_READS.has(first)) {
          const result = await run(text);
          sink.columns(result.fields.map((field) => field.name));
          await sink.rows(result.rows);
          return;
        }
        await run(`declare user_query no scroll cursor for ${text}`);
        await drainCursor(
          async () => {
            const result = await run(`fetch forward ${ROW_BATCH} from user_query`);
            return { names: result.fields.map((field) => field.name), rows: result.rows as unknown[][] };
          },
          sink,
          signal,
        );
      },
    }),
    async select(schema, table, columns, where, limit) {
      const [found] = await rows<{ columns: string[] }>(
        `select array(select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)::text[] as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
        [schema, table],
      );
      const cap = checkedSelect(found?.columns, schema, table, columns, where, limit);
      const filters = Object.keys(where).map((column, i) => `${quote(column)} = $${i + 1}`);
      return rows(
        `select ${columns.map(quote).join(', ')} from ${quote(schema)}.${quote(table)}${filters.length ? ` where ${filters.join(' and ')}` : ''} limit ${cap}`,
        Object.values(where),
      );
    },
  };
}

export const postgres: Driver = {
  name: 'postgresql',
  label: 'PostgreSQL',
  defaultPort: 5432,
  pool(target, size, timeZone) {
    const pool = new pg.Pool({
      host: target.host,
      port: target.port,
      user: target.username,
      password: target.password,
      database: target.database,
      max: size,
      idleTimeoutMillis: POOL_IDLE_MS,
      allowExitOnIdle: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS + 1000,
      application_name: 'report-workspace',
      types: temporalAsText,
      // timestamptz is written in the server's zone, with its offset.
      options: `-c TimeZone=${timeZone}`,
    });
    // The project's database may close a connection at any time (a restart, a dropped database); that must never end our server.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return {
      async withSession(work) {
        const begin = async () => {
          const client = await pool.connect();
          await client.query('begin transaction read only').catch((error: Error) => {
            client.release(error);
            throw error;
          });
          return client;
        };
        // A kept connection the database has closed fails its first statement: take another, once.
        const client = await begin().catch(begin);
        // Free SQL is cancelled from another of the pool's connections.
        const cancel = async () => void (await pool.query('select pg_cancel_backend($1)', [(client as unknown as { processID: number }).processID]));
        try {
          return await work(postgresSession(client, { client, cancel }));
        } finally {
          // A failed rollback means the connection itself is gone: release(error) discards it.
          await client.query('rollback').then(() => client.release(), (error: Error) => client.release(error));
        }
      },
      end: () => pool.end(),
    };
  },
  explain(error) {
    const code = (error as { code?: string }).code;
    if (code === '28P01' || code === '28000') return '用户名或密码错误，或该用户不允许连接';
    if (code === '3D000') return '数据库不存在';
    if (code === '57014') return '查询超时';
    if (code === '25006') return '只读查询不能修改数据库（连接在只读事务中）';
    return explainNetwork(error) ?? driverWords(error);
  },
  // An ErrorResponse of the server; pg's own errors (a closed socket, a reply in another protocol) are not.
  serverAnswer: (error) => (error instanceof pg.DatabaseError ? postgres.explain(error) : undefined),
};
