import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { createTestApp, type TestContext } from './helpers';

// The settings of a process's PostgreSQL pool (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS): PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a process’s PostgreSQL pool', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: false });
  });
  afterAll(() => ctx.close());

  it('has PostgreSQL end a statement that runs past the statement bound, and serves the next one', async () => {
    const bounded = await openDatabase({ url: ctx.databaseUrl, poolSize: 1, statementTimeoutMs: 200 });
    try {
      // 57014: query_canceled, "canceling statement due to statement timeout".
      await expect(bounded.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      expect(await bounded.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await bounded.close();
    }
  });

  it('runs no more statements at once than its size', async () => {
    const small = await openDatabase({ url: ctx.databaseUrl, poolSize: 2 });
    const watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await watcher.connect();
    try {
      const sleeping = Promise.all(Array.from({ length: 6 }, () => small.db.execute(sql`select pg_sleep(0.5)`)));
      const running = async () =>
        (
          await watcher.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'select pg_sleep(0.5)' and state = 'active'`,
          )
        ).rows[0].n;
      await expect.poll(running, { interval: 20 }).toBeGreaterThanOrEqual(2);
      expect(await running()).toBe(2);
      await sleeping;
    } finally {
      await watcher.end();
      await small.close();
    }
  });
});
