import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { keepAnalyzed } from './pglite-analyze';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The embedded client on PGlite (tests copy its data folder with `dumpDataDir`). */
  pglite?: PGlite;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs `work` while no other server process of this database runs its own start-up steps (migrating, seeding). */
  alone<T>(work: () => Promise<T>): Promise<T>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite is used. */
  url?: string;
  /** Folder of the PGlite data; without it PGlite lives in memory (tests). */
  pgliteDir?: string;
  /** Sees every statement (scripts/explain-report-list.ts). */
  logger?: Logger;
  /** A PGlite data folder as `dumpDataDir` writes it, to start from instead of an empty one (tests' migrated copy). */
  pgliteSnapshot?: Blob;
  /** Connections the PostgreSQL pool may open (10). */
  poolSize?: number;
  /** PostgreSQL ends a statement that runs longer than this (ms); none by default. */
  statementTimeoutMs?: number;
}

/** Not among the named built-in types of the typings. */
const TEXT_ARRAY = 1009 as Parameters<typeof pg.types.getTypeParser>[0];
const parseTextArrayFully = pg.types.getTypeParser(TEXT_ARRAY) as (value: string) => Array<string | null>;

/**
 * text[] as PostgreSQL writes it. Every request reads a role's permission list, and the
 * general parser, character by character, was the largest JavaScript cost of a request.
 * Without quotes, backslashes, inner braces or bounds, no element holds a comma and
 * NULL means null, so a split gives the same answer; anything else goes to the parser.
 */
export function parseTextArray(value: string): Array<string | null> {
  if (value === '{}') return [];
  const inner = value.slice(1, -1);
  if (value[0] !== '{' || /["\\{}]/.test(inner)) return parseTextArrayFully(value);
  return inner.split(',').map((element) => (element === 'NULL' ? null : element));
}

/**
 * Server processes started together on one PostgreSQL would race through the migrations (two
 * creating the migrations table, or applying the same migration) and the demo seed: a session
 * advisory lock on one fixed key makes them take turns, and the later ones find the work done.
 */
const START_UP_LOCK = "hashtext('report-workspace:start-up')";

async function holdingStartUpLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  // A connection of its own, outside the pool: the work needs every pooled connection (a pool of
  // one would wait for itself), and the wait for the lock is bounded by no statement timeout.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${START_UP_LOCK})`);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${START_UP_LOCK})`);
    }
  } finally {
    await client.end();
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { url } = options;
  if (url) {
    pg.types.setTypeParser(TEXT_ARRAY, parseTextArray);
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, statement_timeout: options.statementTimeoutMs });
    // An idle connection ended by the server (a restart, a dropped database) is only replaced;
    // without a listener the pool's error would end the process.
    pool.on('error', (error) => console.warn(`数据库空闲连接已断开：${error.message}`));
    const db = drizzlePg(pool, { schema, logger: options.logger }) as unknown as Db;
    const alone = <T>(work: () => Promise<T>) => holdingStartUpLock(url, work);
    await alone(() => migratePg(db as never, { migrationsFolder }));
    return {
      db,
      driver: 'postgres',
      alone,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // The migrations create pg_trgm (name searches); PGlite ships it as a loadable extension.
  const client = new PGlite({ dataDir: options.pgliteDir, extensions: { pg_trgm }, loadDataDir: options.pgliteSnapshot });
  const db = drizzlePglite(client, { schema, logger: options.logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  // PGlite runs no autovacuum: the planner's statistics are kept fresh here (pglite-analyze.ts).
  const stopAnalyzing = keepAnalyzed(client, { atStop: Boolean(options.pgliteDir) });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    // One process owns a PGlite folder.
    alone: (work) => work(),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      await stopAnalyzing();
      if (!client.closed) await client.close();
    },
  };
}
