import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/client';
import { labels, libraryItemLabels, libraryItems } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import {
  alignColumns, formatLatencyTable, load, positiveInteger, withPglite, withPostgres, withServer,
  type LatencyRow, type LoadResult, type LoadSettings,
} from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/report`;
/** Reports per multi-row INSERT (about 8 parameters a row, under PostgreSQL's 65,535). */
const BATCH = 5000;
const TOPICS = ['生态', '交通', '住房', '安全', '社区', '风貌', '绿地', '水系'];
const SUFFIXES = ['年度评估', '专项分析', '调研报告', '监测简报'];
/** The list query: a name (one topic in eight), half of the year, one label of each demo 报告 label group. */
const NAME = '交通';
const DIMENSION_LABEL = '生态宜居'; // 体检维度
const TYPE_LABEL = '年度体检报告'; // 报告类型
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** BENCH_REPORTS (default 100000): reports seeded in the demo project before the list is measured. */
export const readReportCount = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_REPORTS', 100_000);

/** Time the report list may take: two databases, two measured requests each, seeding at 2 ms a report or better. */
export const reportListBudgetMs = (settings: LoadSettings, reports: number) =>
  2 * (2 * (settings.warmupSeconds + settings.seconds) * 1000 + 2 * reports + 60_000);

/** The same numbers on every run and database. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Seeded {
  links: number;
  ms: number;
  /** A report in the middle, fetched by the baseline. */
  middleId: number;
  /** The labels the list query filters by. */
  labelIds: [number, number];
}

/** `count` reports spread evenly over the past year (ids growing with created_at), each with 1–3 demo 报告 labels. */
export async function seedReports(db: Db, count: number): Promise<Seeded> {
  const pool = await db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.projectUuid, DEMO.projectUuid), eq(labels.origin, '报告')));
  const idOf = (name: string) => {
    const label = pool.find((row) => row.name === name);
    if (!label) throw new Error(`demo label ${name} is missing`);
    return label.id;
  };
  const random = mulberry32(20_240_601);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const some = (ids: number[], n: number) => {
    const left = [...ids];
    return Array.from({ length: n }, () => left.splice(Math.floor(random() * left.length), 1)[0]);
  };
  const poolIds = pool.map((row) => row.id);
  const start = Date.now() - YEAR_MS;
  let links = 0;
  let middleId = 0;

  const started = performance.now();
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const at = new Date(start + Math.floor(((from + k) * YEAR_MS) / count));
      return {
        projectUuid: DEMO.projectUuid,
        kind: 'report' as const,
        name: `${pick(TOPICS)}${pick(SUFFIXES)} ${from + k + 1}`,
        createUser: DEMO.nickname,
        cover: '',
        file: '',
        fileId: null,
        createdAt: at,
        updatedAt: at,
      };
    });
    await db.transaction(async (tx) => {
      const inserted = await tx.insert(libraryItems).values(rows).returning({ id: libraryItems.id });
      const linkRows = inserted.flatMap(({ id }) => some(poolIds, 1 + Math.floor(random() * 3)).map((labelId) => ({ itemId: id, labelId })));
      await tx.insert(libraryItemLabels).values(linkRows);
      links += linkRows.length;
      const middle = Math.floor(count / 2) - from;
      if (middle >= 0 && middle < inserted.length) middleId = inserted[middle].id;
    });
  }
  const ms = performance.now() - started;
  return { links, ms, middleId, labelIds: [idOf(DIMENSION_LABEL), idOf(TYPE_LABEL)] };
}

const day = (at: number) => `${new Date(at).toISOString().slice(0, 10)} 00:00:00`;

/** The filtered list: name, created between 9 and 3 months ago, a 体检维度 label and a 报告类型 label. */
export function listPath(labelIds: number[]): string {
  const now = Date.now();
  const query = new URLSearchParams({
    pageNo: '1',
    pageSize: '10',
    name: NAME,
    start_time: day(now - 270 * DAY_MS),
    end_time: day(now - 90 * DAY_MS),
    label_ids: labelIds.join(','),
  });
  return `${BASE}/report_list/?${query}`;
}

interface DatabaseRun {
  seeded: Seeded;
  byId: LoadResult;
  list: LoadResult;
  /** Reports the list query matches. */
  total: number;
}

async function run(database: Database, settings: LoadSettings, reports: number): Promise<DatabaseRun> {
  await seed(database.db);
  const seeded = await seedReports(database.db, reports);
  // Fresh statistics on both, as autovacuum would give PostgreSQL. PGlite runs no autovacuum:
  // without an ANALYZE it plans on defaults, and the count of the list is slower then.
  await database.db.execute(sql`analyze`);

  return withServer(database, {}, async (origin, headers) => {
    const byId = await load(`${origin}${BASE}/${seeded.middleId}/`, headers, settings, (body) => {
      const { data } = body as { data?: { id?: number } };
      if (data?.id !== seeded.middleId) throw new Error(`report/${seeded.middleId}/ answered ${JSON.stringify(body).slice(0, 200)}`);
    });
    let total = 0;
    const list = await load(`${origin}${listPath(seeded.labelIds)}`, headers, settings, (body) => {
      const { code, result } = body as { code?: number; result?: { data?: unknown[]; total?: number } };
      total = result?.total ?? 0;
      if (code !== 200 || total === 0 || result?.data?.length !== Math.min(10, total)) {
        throw new Error(`report_list answered ${JSON.stringify(body).slice(0, 200)}, expected a page of matches`);
      }
    });
    return { seeded, byId, list, total };
  });
}

/** p50, p99 and req/s of the filtered report list beside a primary-key fetch, on PGlite and PostgreSQL. */
export async function reportList(settings: LoadSettings, postgresUrl: string, reports: number): Promise<string> {
  const runs: Array<{ label: string; run?: DatabaseRun; skipped?: string }> = [
    { label: 'PGlite', run: await withPglite((database) => run(database, settings, reports)) },
  ];
  const postgres = await withPostgres(postgresUrl, (database) => run(database, settings, reports));
  runs.push(postgres.ran ? { label: 'PostgreSQL', run: postgres.value } : { label: 'PostgreSQL', skipped: postgres.reason });

  const latency = runs.flatMap(({ label, run: done }): LatencyRow[] =>
    done
      ? [
          { label: [label, 'GET report/{id}/ (baseline)'], result: done.byId },
          { label: [label, 'GET report/report_list/ filtered'], result: done.list, baseline: done.byId },
        ]
      : [{ label: [label, 'both requests'], note: 'skipped' }],
  );
  const seeding = runs
    .filter((entry): entry is { label: string; run: DatabaseRun } => Boolean(entry.run))
    .map(({ label, run: done }) => [
      label,
      String(reports),
      String(done.seeded.links),
      (done.seeded.ms / 1000).toFixed(1),
      String(Math.round(reports / (done.seeded.ms / 1000))),
    ]);
  const totals = [...new Set(runs.flatMap((entry) => (entry.run ? [entry.run.total] : [])))].join(' / ');
  const n = reports.toLocaleString('en-US');

  return [
    `Report list at ${n} reports  (${settings.seconds} s after ${settings.warmupSeconds} s warm-up, ${settings.connections} connections; ` +
      `filtered = name=${NAME}, created 9 to 3 months ago, label_ids=${DIMENSION_LABEL} (体检维度),${TYPE_LABEL} (报告类型), ` +
      `${totals} matches, first page of 10)`,
    formatLatencyTable(['database', 'request'], latency),
    'ratio = report_list / GET report/{id}/ on the same database in the same run (the primary-key fetch is the baseline)',
    ...(postgres.ran ? [] : [`PostgreSQL skipped: ${postgres.reason}`]),
    '',
    `Seeding (drizzle multi-row INSERTs of ${BATCH} reports plus their label links, one transaction a batch; ANALYZE after)`,
    alignColumns([['database', 'reports', 'label links', 'seconds', 'reports/s'], ...seeding]),
  ].join('\n');
}
