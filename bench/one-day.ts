import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { alignColumns, median, withPglite, withPostgres, withServer } from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/report`;
const ROUNDS = 21;
const PAGE_SIZE = 10;

/** BENCH_ONE_DAY_REPORTS (default 20000,200000): the sizes of the one-day library on PostgreSQL; PGlite takes the first. */
export function readOneDaySizes(env: NodeJS.ProcessEnv): number[] {
  const sizes = (env.BENCH_ONE_DAY_REPORTS ?? '20000,200000').split(',').map((size) => Number(size.trim()));
  if (sizes.some((size) => !Number.isInteger(size) || size < 2000)) throw new Error('BENCH_ONE_DAY_REPORTS: whole numbers of 2000 or more, separated by commas');
  return sizes;
}

/** Time the section may take: seeding at 1 ms a report or better, 8 timed pairs per size, plus setup. */
export const oneDayBudgetMs = (sizes: number[]) => sizes.reduce((sum, size) => sum + size + 60_000, 120_000);

/**
 * A library of `count` reports all created at one moment (one INSERT with the triggers on, as one
 * transaction of an import writes them), half in one group, half with one label; then the
 * statistics refreshed, as autovacuum would leave them.
 */
export async function seedOneDay(database: Database, count: number) {
  const db = database.db;
  await seed(db);
  const rows = async <T>(statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  await rows(sql`delete from library_items where project_uuid = ${DEMO.projectUuid} and kind = 'report'`);
  const [{ id: group }] = await rows<{ id: number }>(sql`insert into library_groups (project_uuid, kind, name, sorted)
    values (${DEMO.projectUuid}, 'report', '一日分组', 100) returning id`);
  const [{ id: label }] = await rows<{ id: number }>(sql`select id from labels where project_uuid = ${DEMO.projectUuid} and origin = '报告' order by id limit 1`);
  await rows(sql`insert into library_items (project_uuid, kind, name, create_user, group_id, created_at, updated_at)
    select ${DEMO.projectUuid}, 'report', '一日报告' || g, '导入', case when g % 2 = 0 then ${group}::int end, now(), now() from generate_series(1, ${count}) g`);
  await rows(sql`insert into library_item_labels (item_id, label_id)
    select id, ${label} from library_items where project_uuid = ${DEMO.projectUuid} and kind = 'report' and id % 2 = 1`);
  await db.execute(sql`vacuum analyze library_items`);
  await db.execute(sql`vacuum analyze library_item_labels`);
  await db.execute(sql`vacuum analyze library_day_counts`);
  await db.execute(sql`vacuum analyze library_label_day_counts`);
  const [{ middle }] = await rows<{ middle: number }>(sql`select (min(id) + max(id)) / 2 as middle from library_items where project_uuid = ${DEMO.projectUuid} and kind = 'report'`);
  return { group, label, middle };
}

/** The page and a primary-key fetch in turn, ROUNDS times each: the medians, and the load average beside them. */
async function pageAgainstFetch(origin: string, headers: Record<string, string>, path: string, itemId: number) {
  const timed = async (url: string) => {
    const started = performance.now();
    const response = await fetch(`${origin}${url}`, { headers });
    const body = (await response.json()) as { result?: { data?: unknown[] } };
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (body.result && (body.result.data?.length ?? 0) !== PAGE_SIZE) throw new Error(`${url}: not a full page`);
    return performance.now() - started;
  };
  const page: number[] = [];
  const fetched: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    fetched.push(await timed(`${BASE}/${itemId}/`));
    page.push(await timed(path));
  }
  return { pageMs: median(page), fetchMs: median(fetched), load: os.loadavg()[0] };
}

async function measureOneDay(database: Database, count: number, label: string): Promise<string[][]> {
  const seeded = await seedOneDay(database, count);
  return withServer(database, { LIST_ANSWERS_REMEMBERED: '0' }, async (origin, headers) => {
    const middlePage = (total: number) => Math.floor(total / PAGE_SIZE / 2);
    const cases = [
      { name: `page ${middlePage(count)} of ${count / PAGE_SIZE}`, query: `pageNo=${middlePage(count)}` },
      { name: `page ${middlePage(count)} of ${count / PAGE_SIZE}, newest first`, query: `pageNo=${middlePage(count)}&created_at=-created_at` },
      { name: `one group, page ${middlePage(count / 2)}`, query: `pageNo=${middlePage(count / 2)}&group_id=${seeded.group}` },
      { name: `one label, page ${middlePage(count / 2)}`, query: `pageNo=${middlePage(count / 2)}&label_ids=${seeded.label}` },
    ];
    const found: string[][] = [];
    for (const { name, query } of cases) {
      const timing = await pageAgainstFetch(origin, headers, `${BASE}/report_list/?pageSize=${PAGE_SIZE}&${query}`, seeded.middle);
      found.push([label, count.toLocaleString('en'), name, timing.pageMs.toFixed(2), timing.fetchMs.toFixed(2), (timing.pageMs / timing.fetchMs).toFixed(2), timing.load.toFixed(1)]);
    }
    return found;
  });
}

/**
 * Deep pages of a library created at one moment (a bulk import), unfiltered both ways, of one
 * group and of one label, each in turn with `GET report/{id}/`: PGlite at the first size,
 * PostgreSQL at each size, each on a fresh database.
 */
export async function oneDayBench(postgresUrl: string, sizes: number[]): Promise<string> {
  const found: string[][] = [];
  if (!process.env.BENCH_SKIP_PGLITE) found.push(...(await withPglite((database) => measureOneDay(database, sizes[0], 'PGlite'))));
  const skipped: string[] = [];
  for (const size of sizes) {
    const outcome = await withPostgres(postgresUrl, (database) => measureOneDay(database, size, 'PostgreSQL'));
    if (outcome.ran) found.push(...outcome.value);
    else skipped.push(`PostgreSQL skipped: ${outcome.reason}`);
  }
  return [
    `One-day library  (every report created at one moment; pages of ${PAGE_SIZE} in the middle of the list and GET report/{id}/ in turn, ${ROUNDS}× each, medians; answers not remembered)`,
    alignColumns([['database', 'reports', 'page', 'page (ms)', 'fetch by id (ms, baseline)', 'ratio', 'load average'], ...found]),
    ...skipped,
  ].join('\n');
}
