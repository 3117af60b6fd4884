import type { TableDefinition } from '../../../../contract/connections';
import type { Db } from '../../../db/client';

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
  tables(schema: string): Promise<Array<{ name: string; comment: string | null }>>;
  table(schema: string, name: string): Promise<TableDefinition | undefined>;
  foreignKeys(schema: string): Promise<ForeignKey[]>;
  /** Every column of the schema's tables in table and column order, for the ER diagram's cards. */
  columnsOf(schema: string): Promise<SchemaColumn[]>;
  records(schema: string, table: string, page: { limit: number; offset: number; orderBy: string | undefined; descending: boolean }): Promise<{ total: number; rows: Array<Record<string, unknown>> }>;
  /**
   * The chosen columns of the rows whose columns equal `where` (bound values), at most `limit`
   * (at most SELECT_ROWS_MAX). The driver finds the table and every named column in the
   * catalogue first and answers 400 in Chinese for what is missing; names are then quoted.
   */
  select(schema: string, table: string, columns: string[], where: SelectWhere, limit: number): Promise<Array<Record<string, unknown>>>;
}

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
