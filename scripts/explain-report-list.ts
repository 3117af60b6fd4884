/**
 * EXPLAIN ANALYZE of the filtered report list at a realistic size, to judge the indexes of
 * server/db/schema/library.ts. Seeds the demo data and REPORTS reports (default 1,000,000)
 * into the database of DATABASE_URL when its demo project has fewer, then prints the plan and
 * time of every statement the list runs for: a name, a date range and three labels (two of
 * 体检维度, one of 报告类型). With `one-day`, the library of bench/one-day.ts instead (every report
 * created at one moment; the demo reports are replaced) and its deep pages: the middle page
 * unfiltered both ways, of one group and of one label (default 200,000 reports).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/explain npx tsx scripts/explain-report-list.ts [reports] [one-day]
 *
 * Without DATABASE_URL it runs on a PGlite in a temporary folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { seedOneDay } from '../bench/one-day';
import { seedReports } from '../bench/report-list';
import { openDatabase } from '../server/db/client';
import { labels, libraryItems } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { readListQuery } from '../server/modules/library/items';
import { listItems } from '../server/modules/library/list-page';
import { LIBRARY } from '../contract/library';

const oneDay = process.argv[3] === 'one-day';
const reports = Number(process.argv[2] ?? (oneDay ? 200_000 : 1_000_000));
const url = process.env.DATABASE_URL;
const DAY_MS = 86_400_000;
const day = (at: number) => `${new Date(at).toISOString().slice(0, 10)} 00:00:00`;

interface Logged {
  sql: string;
  params: unknown[];
}

/** A statement with its parameters written in, for EXPLAIN (the values are ours: numbers, dates, names). */
const inline = ({ sql: text, params }: Logged) =>
  text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });

type Database = Awaited<ReturnType<typeof openDatabase>>;
type Rows = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;
type Case = [string, Record<string, string>];

/** The demo data plus spread reports up to `reports`, and the filters the list is judged by. */
async function spreadLibrary(database: Database, rows: Rows): Promise<Case[]> {
  await seed(database.db);
  const [{ n }] = await database.db
    .select({ n: count() })
    .from(libraryItems)
    .where(and(eq(libraryItems.projectUuid, DEMO.projectUuid), eq(libraryItems.kind, 'report')));
  if (n < reports) {
    const started = performance.now();
    await seedReports(database.db, reports - n);
    console.log(`seeded ${reports - n} reports in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await rows('analyze');
  const wanted = await database.db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.projectUuid, DEMO.projectUuid), inArray(labels.name, ['生态宜居', '安全韧性', '年度体检报告'])));
  const now = Date.now();
  return [
    ['name + dates + 3 labels', { name: '交通', start_time: day(now - 270 * DAY_MS), end_time: day(now - 90 * DAY_MS), label_ids: wanted.map((l) => l.id).join(',') }],
    ['3-character name + dates + 3 labels', { name: '交通年', start_time: day(now - 270 * DAY_MS), end_time: day(now - 90 * DAY_MS), label_ids: wanted.map((l) => l.id).join(',') }],
    ['rare name only', { name: '交通年度评估 77777' }],
    ['first page, no filter', {}],
    ['one label', { label_ids: String(wanted[0].id) }],
    ['page 5,000 of one label', { pageNo: '5000', label_ids: String(wanted[0].id) }],
    ['two labels of one group', { label_ids: wanted.slice(0, 2).map((l) => l.id).join(',') }],
    ['page 5,000, no filter, newest first', { pageNo: '5000', created_at: '-created_at' }],
  ];
}

/** Deep pages of a library created at one moment. */
async function oneDayLibrary(database: Database): Promise<Case[]> {
  const { group, label } = await seedOneDay(database, reports);
  const middle = (total: number) => String(Math.floor(total / 20));
  return [
    ['middle page', { pageNo: middle(reports) }],
    ['middle page, newest first', { pageNo: middle(reports), created_at: '-created_at' }],
    ['one group, middle page', { pageNo: middle(reports / 2), group_id: String(group) }],
    ['one label, middle page', { pageNo: middle(reports / 2), label_ids: String(label) }],
  ];
}

async function main() {
  const dir = url ? null : await mkdtemp(path.join(os.tmpdir(), 'explain-pglite-'));
  const logged: Logged[] = [];
  let logging = false;
  const logger = { logQuery: (text: string, params: unknown[]) => void (logging && logged.push({ sql: text, params })) };
  const database = await openDatabase(url ? { url, logger } : { pgliteDir: dir!, logger });
  const rows = async (text: string) => (await database.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> };
  try {
    const queries = oneDay ? await oneDayLibrary(database) : await spreadLibrary(database, rows);
    for (const [title, query] of queries) {
      logged.length = 0;
      const filter = readListQuery({ pageNo: '1', pageSize: '10', ...query }, 'Asia/Shanghai');
      await listItems(database.db, DEMO.projectUuid, LIBRARY.report, filter, 'Asia/Shanghai', 0); // warm the cache: the time below is of a warm run
      const started = performance.now();
      logging = true;
      const { total } = await listItems(database.db, DEMO.projectUuid, LIBRARY.report, filter, 'Asia/Shanghai', 0);
      logging = false;
      console.log(`\n=== ${title}: ${total} matches, list answered in ${(performance.now() - started).toFixed(0)} ms (warm)`);
      for (const statement of logged.filter((entry) => entry.sql.includes('"library_items"'))) {
        const plan = (await rows(`explain (analyze, buffers) ${inline(statement)}`)).rows;
        console.log(`--- ${statement.sql.slice(0, 160)}…`);
        console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
      }
    }
  } finally {
    await database.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

await main();
