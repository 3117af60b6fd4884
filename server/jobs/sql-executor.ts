import type { Db } from '../db/client';

interface Result {
  rows: unknown[];
}
/** What pg-boss runs its statements through (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<Result>;
}

/** The client under a drizzle database or transaction: a pg Pool or PoolClient, a PGlite or its Transaction. */
interface RawClient {
  query(text: string, values?: unknown[]): Promise<Result>;
  exec?(text: string): Promise<Result[]>;
  connect?(): Promise<RawClient & { release(): void }>;
}
const rawClient = (db: Db) => (db as unknown as { session: { client: RawClient } }).session.client;

/**
 * pg-boss's statements on the app's own connection: the pool on PostgreSQL, the single
 * connection of PGlite. Its schema set-up and maintenance come as one text of several
 * statements between BEGIN and COMMIT, without parameters: PGlite runs those with `exec`
 * (its `query` takes one statement). A failure in such a text would leave the connection
 * inside the failed transaction (PGlite has only one), so it is rolled back there.
 */
export function executorOf(db: Db): SqlExecutor {
  const client = rawClient(db);
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      if (client.exec) {
        try {
          const results = await client.exec(text);
          return results.at(-1) ?? { rows: [] };
        } catch (error) {
          if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }
      if (!client.connect) return client.query(text);
      const connection = await client.connect();
      try {
        return await connection.query(text);
      } catch (error) {
        if (/\bBEGIN\b/i.test(text)) await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}
