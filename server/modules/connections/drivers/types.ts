import type { TableDefinition } from '../../../../contract/connections';
import type { Db } from '../../../db/client';
import type { CheckedFilter } from './filters';

export type { Column, TableDefinition } from '../../../../contract/connections';

/** Where and as whom a driver connects; `host` is the IP address the host policy checked, dialled as it is (no second lookup, no TLS name). */
export interface Target {
  host: string;
  port: number;
  username: string;
  password: string;
  database: string;
}

export interface SchemaColumn {
  table: string;
  name: string;
  type: string;
  primary: boolean;
}

export interface ForeignKey {
  table: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  name: string;
}

/**
 * Read-only access to one database, inside a read-only transaction with a statement timeout.
 * Names passed in were first found in the catalogue (listTables, columns); drivers still quote them.
 */
export interface Session {
  databases(): Promise<string[]>;
  schemas(database: string): Promise<string[]>;
  /** `rows`: the catalogue's estimate of the rows (PostgreSQL reltuples, MySQL TABLE_ROWS); null when it has none (a view, never analyzed). */
  tables(schema: string): Promise<Array<{ name: string; comment: string | null; rows: number | null }>>;
  table(schema: string, name: string): Promise<TableDefinition | undefined>;
  foreignKeys(schema: string): Promise<ForeignKey[]>;
  /** Every column of the schema's tables in table and column order, for the ER diagram's cards. */
  columnsOf(schema: string): Promise<SchemaColumn[]>;
  /**
   * A page of the table's rows matching `filters`. `count: 'estimate'` answers the catalogue's
   * estimate (`estimated`) when there are no filters and it says at least ESTIMATE_FROM rows; else the exact count.
   */
  records(schema: string, table: string, page: RecordsPlan & { limit: number; offset: number; count: 'exact' | 'estimate' }): Promise<{ total: number; estimated: boolean; rows: Array<Record<string, unknown>> }>;
  /** Every row of the table matching the plan, `columns` in that order, to `sink` a batch at a time (CSV export). */
  exportRecords(schema: string, table: string, columns: string[], plan: RecordsPlan, sink: RowSink, signal?: AbortSignal): Promise<void>;
  /**
   * One statement `checkedReadOnly` let through, in this read-only transaction with its own statement
   * timeout, names without a schema found in `schema` (PostgreSQL's search_path); rows as arrays (a result may name a column twice). Stops when `sink` answers false or
   * `signal` aborts (the statement running then is cancelled). Absent where free SQL is not allowed (builtin).
   */
  query?(statement: { text: string; first: string }, options: { timeoutMs: number; sink: RowSink; signal?: AbortSignal; schema?: string }): Promise<void>;
  /**
   * The chosen columns of the rows whose columns equal `where` (bound values), at most `limit`
   * (at most SELECT_ROWS_MAX). The driver finds the table and every named column in the
   * catalogue first and answers 400 in Chinese for what is missing; names are then quoted.
   */
  select(schema: string, table: string, columns: string[], where: SelectWhere, limit: number): Promise<Array<Record<string, unknown>>>;
}

export interface RecordsPlan {
  orderBy: string | undefined;
  descending: boolean;
  filters: CheckedFilter[];
}

/** Where streamed rows go: the column names once, then batches; `rows` answers false to stop. */
export interface RowSink {
  columns(names: string[]): void;
  rows(batch: unknown[][]): boolean | Promise<boolean>;
}

/** Rows read a batch at a time by cursors and streams. */
export const ROW_BATCH = 500;
/** Below this many rows (by the catalogue's estimate) a count is exact even when an estimate is asked for. */
export const ESTIMATE_FROM = 50_000;
/** The longest an export may read (MariaDB's statement timeout for it; PostgreSQL times each fetch of the cursor). */
export const EXPORT_TIMEOUT_MS = 600_000;

export type SelectWhere = Record<string, string | number>;
/** Most rows one `select` answers: a region table of 100,000 buildings fits. */
export const SELECT_ROWS_MAX = 200_000;

/** Connections to one target kept open for reuse; each session still runs in a read-only transaction of its own. */
export interface SessionPool {
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

export interface Driver {
  /** The drivername connections store. */
  name: string;
  label: string;
  defaultPort: number;
  /**
   * At most `size` connections to `target`, each closed after `POOL_IDLE_MS` unused. Dates and
   * times come back as the text the database writes (a date is its day, never a JS Date in the
   * server's zone), those with a time zone written in `timeZone` with their offset.
   */
  pool(target: Target, size: number, timeZone: string): SessionPool;
  /** The server's reason a statement or connection failed, in Chinese. */
  explain(error: unknown): string;
  /**
   * The database's own refusal of a login (wrong password, no such database), in Chinese; undefined
   * for anything else (the network, a port where no such database speaks), which must all look alike.
   */
  serverAnswer(error: unknown): string | undefined;
  /** Only the builtin driver: sessions on the server's own database (in the server's time zone), seeing only the warehouse of the connection's project; no host to check, no pool of ours. */
  onServerDatabase?(db: Db, projectUuid: string, timeZone: string): SessionPool;
}

export const CONNECT_TIMEOUT_MS = 5000;
export const STATEMENT_TIMEOUT_MS = 10_000;
export const POOL_IDLE_MS = 30_000;
