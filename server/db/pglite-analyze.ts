import type { PGlite } from '@electric-sql/pglite';

/** How often a PGlite database looks for tables to analyze, as autovacuum's naptime. */
export const ANALYZE_EVERY_MS = 60_000;

/**
 * PGlite runs no autovacuum, so without this the planner's statistics stay those of the last
 * ANALYZE: a library grown from empty was planned as if each table had one row, and a list
 * page once took seconds. Analyzes each table changed past autovacuum's default threshold
 * (50 rows and a tenth of the table) since its last ANALYZE; answers the tables analyzed.
 */
export async function analyzeChanged(client: PGlite): Promise<string[]> {
  // Statistics of changes reach the views only when flushed; PGlite has no idle backend to do it.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
     where n_mod_since_analyze > 50 + 0.1 * n_live_tup order by 1`,
  );
  for (const { name } of rows) await client.exec(`analyze ${name}`);
  return rows.map((row) => row.name);
}

/**
 * Runs `analyzeChanged` every ANALYZE_EVERY_MS until the returned stop is called, and then once
 * more if `atStop` (a data folder): PGlite keeps no counts of changes across a restart, so the
 * last minute's changes are analyzed at the stop rather than the whole database at the next
 * start (600 ms of a restart on the demo data).
 */
export function keepAnalyzed(client: PGlite, { atStop }: { atStop: boolean }): () => Promise<unknown> {
  const analyze = () => analyzeChanged(client).catch((error: Error) => console.warn(`PGlite 统计信息更新失败：${error.message}`));
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = analyze();
  }, ANALYZE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    if (atStop && !client.closed) await analyze();
  };
}
