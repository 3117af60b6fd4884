import mysql from 'mysql2/promise';
import { utcOffset } from '../../../lib/dates';
import { driverWords, explainNetwork } from './explain';
import { whereOf } from './filters';
import { checkedSelect } from './select';
import { CONNECT_TIMEOUT_MS, ESTIMATE_FROM, EXPORT_TIMEOUT_MS, POOL_IDLE_MS, ROW_BATCH, STATEMENT_TIMEOUT_MS, type Driver, type RowSink, type Session, type TableDefinition } from './types';

/** What of mysql2's callback connection a stream of rows needs. */
interface CoreConnection {
  query(options: { sql: string; values?: unknown[]; rowsAsArray: boolean; timeout?: number }): NodeJS.EventEmitter;
  pause(): void;
  resume(): void;
}

/**
 * Rows of one statement to `sink` a batch at a time as the server sends them (nothing is kept but a
 * batch). When `sink` says stop or `signal` aborts, the statement is killed (`kill`, from another
 * connection) and what is still on its way is dropped.
 */
function streamRows(core: CoreConnection, sql: string, values: unknown[], timeoutMs: number, sink: RowSink, kill: () => Promise<void>, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let batch: unknown[][] = [];
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      void kill().catch(() => undefined);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const done = (error?: unknown) => {
      signal?.removeEventListener('abort', stop);
      if (error && !stopped) reject(error);
      else resolve();
    };
    const query = core.query({ sql, values, rowsAsArray: true, timeout: timeoutMs + 5000 });
    query.on('fields', (fields: Array<{ name: string }>) => sink.columns(fields.map((field) => field.name)));
    query.on('result', (row: unknown[]) => {
      if (stopped) return;
      batch.push(row);
      if (batch.length < ROW_BATCH) return;
      const full = batch;
      batch = [];
      core.pause();
      void Promise.resolve(sink.rows(full))
        .then((more) => (more ? undefined : stop()), stop)
        .finally(() => core.resume());
    });
    query.on('error', (error: unknown) => done(error));
    query.on('end', () => {
      if (stopped || batch.length === 0) return done();
      Promise.resolve(sink.rows(batch)).then(() => done(), done);
    });
  });
}

/** A unique key, or a foreign key with what it references. */
type Key = { name: string; table: string; columns: string[]; references: { table: string; columns: string[] } | null };

/** MySQL and MariaDB: a schema is a database, so `schemas()` answers the database itself. */
function session(connection: mysql.PoolConnection, database: string, kill: () => Promise<void>): Session {
  const rows = async <T>(sql: string, values: unknown[] = []) => (await connection.query({ sql, values, timeout: STATEMENT_TIMEOUT_MS }))[0] as T[];
  const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;
  const byName = <T extends { name: string }>(list: T[], key: (row: T) => string) => {
    const grouped = new Map<string, T[]>();
    for (const row of list) grouped.set(key(row), [...(grouped.get(key(row)) ?? []), row]);
    return grouped;
  };

  /**
   * Unique and foreign keys from KEY_COLUMN_USAGE, which MariaDB shows a user with only SELECT;
   * TABLE_CONSTRAINTS and REFERENTIAL_CONSTRAINTS show such a user nothing. PRIMARY is the primary key.
   */
  const keysOf = async (schema: string, table?: string): Promise<Key[]> => {
    const parts = await rows<{ name: string; table: string; column: string; ref_table: string | null; ref_column: string | null }>(
      `select constraint_name as name, table_name as \`table\`, column_name as \`column\`, referenced_table_name as ref_table, referenced_column_name as ref_column
       from information_schema.key_column_usage where table_schema = ? and constraint_name <> 'PRIMARY'${table === undefined ? '' : ' and table_name = ?'}
       order by table_name, constraint_name, ordinal_position`,
      table === undefined ? [schema] : [schema, table],
    );
    return [...byName(parts, (row) => `${row.table}.${row.name}`)].map(([, key]) => ({
      name: key[0].name,
      table: key[0].table,
      columns: key.map((part) => part.column),
      references: key[0].ref_table === null ? null : { table: key[0].ref_table, columns: key.map((part) => part.ref_column!) },
    }));
  };

  const core = (connection as unknown as { connection: CoreConnection }).connection;
  /** MariaDB's max_statement_time (MySQL's max_execution_time; each ignores the other's) for `work`, then the pool's again. */
  const withStatementTimeout = async <T>(ms: number, work: () => Promise<T>): Promise<T> => {
    const set = (value: number) =>
      Promise.all([
        connection.query(`set session max_statement_time = ${value / 1000}`).catch(() => undefined),
        connection.query(`set session max_execution_time = ${value}`).catch(() => undefined),
      ]);
    await set(ms);
    try {
      return await work();
    } finally {
      await set(STATEMENT_TIMEOUT_MS);
    }
  };

  return {
    databases: async () =>
      (await rows<{ name: string }>(
        `select schema_name as name from information_schema.schemata where schema_name not in ('information_schema', 'mysql', 'performance_schema', 'sys') order by 1`,
      )).map((row) => row.name),
    schemas: async () => [database],
    tables: async (schema) =>
      (
        await rows<{ name: string; comment: string | null; rows: string | number | null }>(
          `select table_name as name, nullif(table_comment, '') as comment, table_rows as \`rows\` from information_schema.tables where table_schema = ? order by 1`,
          [schema],
        )
      ).map((row) => ({ ...row, rows: row.rows === null ? null : Number(row.rows) })),
    async table(schema, name): Promise<TableDefinition | undefined> {
      const [found] = await rows<{ comment: string | null }>(
        `select nullif(table_comment, '') as comment from information_schema.tables where table_schema = ? and table_name = ?`,
        [schema, name],
      );
      if (!found) return undefined;
      const columns = await rows<{ name: string; type: string; nullable: string; default: string | null; comment: string | null }>(
        `select column_name as name, column_type as type, is_nullable as nullable, column_default as \`default\`, nullif(column_comment, '') as comment
         from information_schema.columns where table_schema = ? and table_name = ? order by ordinal_position`,
        [schema, name],
      );
      const indexed = await rows<{ name: string; column: string; non_unique: number | string }>(
        `select index_name as name, column_name as \`column\`, non_unique from information_schema.statistics
         where table_schema = ? and table_name = ? order by index_name, seq_in_index`,
        [schema, name],
      );
      const indexes = [...byName(indexed, (row) => row.name)].map(([index, parts]) => ({ name: index, columns: parts.map((part) => part.column), unique: Number(parts[0].non_unique) === 0 }));
      return {
        code: name,
        comment: found.comment,
        columns: columns.map((column) => ({ ...column, nullable: column.nullable === 'YES' })),
        indexes,
        primary_key: indexes.find((index) => index.name === 'PRIMARY')?.columns ?? [],
        constraints: (await keysOf(schema, name)).map(({ name: key, columns: keyed, references }) => ({
          name: key,
          type: references ? 'FOREIGN KEY' : 'UNIQUE',
          columns: keyed,
          references,
          definition: null,
        })),
      };
    },
    foreignKeys: async (schema) =>
      (await keysOf(schema)).flatMap(({ name, table, columns, references }) =>
        references ? [{ name, table, columns, referencedTable: references.table, referencedColumns: references.columns }] : [],
      ),
    columnsOf: async (schema) =>
      (
        await rows<{ table: string; name: string; type: string; primary: number }>(
          `select table_name as \`table\`, column_name as name, column_type as type, column_key = 'PRI' as \`primary\`
           from information_schema.columns where table_schema = ? order by table_name, ordinal_position`,
          [schema],
        )
      ).map((column) => ({ ...column, primary: Boolean(Number(column.primary)) })),
    async records(schema, table, { limit, offset, orderBy, descending, filters, count }) {
      const from = `${quote(schema)}.${quote(table)}`;
      const where = whereOf(filters, 'mysql', quote);
      const order = orderBy ? ` order by ${quote(orderBy)} ${descending ? 'desc' : 'asc'}` : '';
      const page = () => rows<Record<string, unknown>>(`select * from ${from}${where.sql}${order} limit ? offset ?`, [...where.values, limit, offset]);
      if (count === 'estimate' && filters.length === 0) {
        const [found] = await rows<{ estimate: string | number | null }>(`select table_rows as estimate from information_schema.tables where table_schema = ? and table_name = ?`, [schema, table]);
        if (found && found.estimate !== null && Number(found.estimate) >= ESTIMATE_FROM) return { total: Number(found.estimate), estimated: true, rows: await page() };
      }
      const [{ total }] = await rows<{ total: number }>(`select count(*) as total from ${from}${where.sql}`, where.values);
      return { total: Number(total), estimated: false, rows: await page() };
    },
    async exportRecords(schema, table, columns, plan, sink, signal) {
      const where = whereOf(plan.filters, 'mysql', quote);
      const order = plan.orderBy ? ` order by ${quote(plan.orderBy)} ${plan.descending ? 'desc' : 'asc'}` : '';
      await withStatementTimeout(EXPORT_TIMEOUT_MS, () =>
        streamRows(core, `select ${columns.map(quote).join(', ')} from ${quote(schema)}.${quote(table)}${where.sql}${order}`, where.values, EXPORT_TIMEOUT_MS, sink, kill, signal),
      );
    },
    async query({ text }, { timeoutMs, sink, signal }) {
      // Strings and names as the statement checker read them: a backslash escapes, " quotes a string.
      const [{ mode }] = await rows<{ mode: string }>('select @@session.sql_mode as mode');
      const plain = mode.split(',').filter((part) => part && part !== 'NO_BACKSLASH_ESCAPES' && part !== 'ANSI_QUOTES' && part !== 'ANSI').join(',');
      if (plain !== mode) await rows('set session sql_mode = ?', [plain]);
      try {
        await withStatementTimeout(timeoutMs, () => streamRows(core, text, [], timeoutMs, sink, kill, signal));
      } finally {
        if (plain !== mode) await rows('set session sql_mode = ?', [mode]).catch(() => undefined);
      }
    },
    async select(schema, table, columns, where, limit) {
      const [found] = await rows<{ found: number }>(`select 1 as found from information_schema.tables where table_schema = ? and table_name = ?`, [schema, table]);
      const known = found
        ? (await rows<{ name: string }>(`select column_name as name from information_schema.columns where table_schema = ? and table_name = ?`, [schema, table])).map((row) => row.name)
        : undefined;
      const cap = checkedSelect(known, schema, table, columns, where, limit);
      const filters = Object.keys(where).map((column) => `${quote(column)} = ?`);
      return rows(
        `select ${columns.map(quote).join(', ')} from ${quote(schema)}.${quote(table)}${filters.length ? ` where ${filters.join(' and ')}` : ''} limit ${cap}`,
        Object.values(where),
      );
    },
  };
}

export const mysqlDriver: Driver = {
  name: 'mysql',
  label: 'MySQL / MariaDB',
  defaultPort: 3306,
  pool(target, size, timeZone) {
    const pool = mysql.createPool({
      host: target.host,
      port: target.port,
      user: target.username,
      password: target.password,
      database: target.database,
      connectionLimit: size,
      maxIdle: size,
      idleTimeout: POOL_IDLE_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      multipleStatements: false,
    });
    // MariaDB and MySQL name the statement timeout differently; each ignores the other's.
    pool.pool.on('connection', (connection) => {
      connection.on('error', () => undefined);
      // TIMESTAMP columns are shown in the session's zone: the server's. An offset, as named zones need MariaDB's zone tables.
      connection.query(`set session time_zone = '${utcOffset(timeZone)}'`, () => undefined);
      connection.query(`set session max_statement_time = ${STATEMENT_TIMEOUT_MS / 1000}`, () => undefined);
      connection.query(`set session max_execution_time = ${STATEMENT_TIMEOUT_MS}`, () => undefined);
    });
    return {
      async withSession(work) {
        const begin = async () => {
          const connection = await pool.getConnection();
          await connection.query('start transaction read only').catch((error: Error) => {
            connection.destroy();
            throw error;
          });
          return connection;
        };
        // A kept connection the database has closed fails its first statement: take another, once.
        const connection = await begin().catch(begin);
        try {
          // A statement is stopped by KILL QUERY from another of the pool's connections.
          const kill = async () => void (await pool.query(`kill query ${Number(connection.threadId)}`));
          return await work(session(connection, target.database, kill));
        } finally {
          await connection.query('rollback').then(() => connection.release(), () => connection.destroy());
        }
      },
      end: () => pool.end(),
    };
  },
  explain(error) {
    const code = (error as { code?: string }).code;
    if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR') return '用户名或密码错误，或该用户无权访问该数据库';
    if (code === 'ER_BAD_DB_ERROR') return '数据库不存在';
    const errno = (error as { errno?: number }).errno;
    // MariaDB's max_statement_time (1969) has no name in mysql2.
    if (code === 'ER_STATEMENT_TIMEOUT' || code === 'PROTOCOL_SEQUENCE_TIMEOUT' || errno === 1969 || errno === 3024) return '查询超时';
    if (code === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION' || errno === 1792) return '只读查询不能修改数据库（连接在只读事务中）';
    return explainNetwork(error) ?? driverWords(error);
  },
  // An error packet of the server carries its SQL state; the network's errors do not.
  serverAnswer: (error) => (typeof (error as { sqlState?: unknown }).sqlState === 'string' ? mysqlDriver.explain(error) : undefined),
};
