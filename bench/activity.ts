import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/client';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { alternate, formatLatencyTable, positiveInteger, probe, withPostgres, withServer, type LatencyRow, type LoadSettings } from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const DAY_MS = 86_400_000;
/** People the rows are spread over: one of them is a twentieth of the history. */
const PEOPLE = 20;
const TYPES = ['report', 'material', 'report_group', 'material_group', 'label', 'label_group', 'member', 'role'];

/** BENCH_ACTIVITIES: activity rows seeded in the demo project (default 1,000,000). */
export const readActivityCount = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_ACTIVITIES', 1_000_000);

/** Seeding at 0.2 ms a row or better, nine pairs of requests, setup. */
export const activityBudgetMs = (settings: LoadSettings, count: number) => 0.2 * count + 9 * (settings.warmupSeconds + settings.seconds) * 1000 + 120_000;

const rows = async <T>(db: Db, statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * `count` rows over the last 360 days (ids growing with time), by PEOPLE people, on 100,000
 * reports, materials and others (about ten rows each), in one INSERT … SELECT; then
 * VACUUM ANALYZE so the page's ids come from the indexes alone, as autovacuum would allow.
 */
async function seedActivities(db: Db, count: number) {
  const started = performance.now();
  await db.execute(sql`
    insert into activities (project_uuid, user_uuid, user_name, action, target_type, target_id, target_name, changes, created_at)
    select ${DEMO.projectUuid}::uuid, md5('bench-person' || (g % ${PEOPLE}))::uuid, '同事' || (g % ${PEOPLE}), '修改',
      (${sql.raw(`array[${TYPES.map((type) => `'${type}'`).join(',')}]`)})[1 + (g / 7) % ${TYPES.length}],
      (g::bigint * 7919 % 100000)::text, '对象' || (g::bigint * 7919 % 100000), jsonb_build_object('name', jsonb_build_array('旧' || g, '新' || g)),
      now() - interval '360 days' + interval '360 days' * g / ${count}
    from generate_series(1, ${count}) g`);
  await db.execute(sql`vacuum analyze activities`);
  const [busiest] = await rows<{ type: string; id: string; n: number }>(db, sql`select target_type as type, target_id as id, count(*)::int as n from activities
    where project_uuid = ${DEMO.projectUuid} group by 1, 2 order by 3 desc limit 1`);
  // The baseline's report: the one GET report/{id}/ fetches by its primary key.
  const [report] = await rows<{ id: number }>(db, sql`insert into library_items (project_uuid, kind, name, create_user) values (${DEMO.projectUuid}, 'report', '基准报告', ${DEMO.nickname}) returning id`);
  return { ms: performance.now() - started, target: busiest, reportId: report.id, person: await personOf(db) };
}
const personOf = async (db: Db) => (await rows<{ uuid: string }>(db, sql`select md5('bench-person3')::uuid::text as uuid`))[0].uuid;

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

async function run(database: Database, settings: LoadSettings, count: number) {
  await seed(database.db);
  const seeded = await seedActivities(database.db, count);
  const now = Date.now();
  const list = (params: Record<string, string>) => `${BASE}/activity/?${new URLSearchParams({ pageSize: '10', ...params })}`;
  const queries = [
    { name: 'first page, no filter', path: list({}) },
    { name: 'by person (5 %)', path: list({ user_uuid: seeded.person }) },
    { name: `by target (${seeded.target.n} rows)`, path: list({ target_type: seeded.target.type, target_id: seeded.target.id }) },
    { name: 'by type (1/8)', path: list({ target_type: 'report' }) },
    { name: 'date range (30 days, 100 days ago)', path: list({ start_time: day(now - 130 * DAY_MS), end_time: day(now - 100 * DAY_MS) }) },
    { name: 'date range (30 days, 300 days ago)', path: list({ start_time: day(now - 330 * DAY_MS), end_time: day(now - 300 * DAY_MS) }) },
    { name: 'page 100, no filter', path: list({ pageNo: '100' }) },
    { name: 'page 1,000 (the deepest: 10,000 rows)', path: list({ pageNo: '1000' }) },
    { name: 'page 1,000 by type', path: list({ pageNo: '1000', target_type: 'report' }) },
  ];
  const loadBefore = os.loadavg()[0];
  const results = await withServer(database, {}, async (origin, headers) => {
    const byId = `${origin}${BASE}/report/${seeded.reportId}/`;
    await probe(byId, headers);
    const measured: Array<{ name: string; total: number; result: LatencyRow['result']; baseline: LatencyRow['result'] }> = [];
    for (const query of queries) {
      const url = `${origin}${query.path}`;
      let total = 0;
      await probe(url, headers, (body) => {
        const answer = body as { code?: number; result?: { total: number; data: unknown[] } };
        if (answer.code !== 200 || !answer.result?.data.length) throw new Error(`${query.name} answered ${JSON.stringify(body).slice(0, 200)}`);
        total = answer.result.total;
      });
      // One client alternates the fetch and the query: both measured at the same moment of the machine.
      const [baseline, result] = await alternate([byId, url], headers, { ...settings, connections: 1 });
      measured.push({ name: query.name, total, result, baseline });
    }
    return measured;
  });
  return { seeded, results, loadBefore, loadAfter: os.loadavg()[0] };
}

/** Each page of the activity history at `count` rows beside GET report/{id}/, on PostgreSQL. */
export async function activityBench(settings: LoadSettings, postgresUrl: string, count: number): Promise<string> {
  const outcome = await withPostgres(postgresUrl, (database) => run(database, settings, count));
  if (!outcome.ran) return `activity history: PostgreSQL skipped (${outcome.reason})`;
  const { seeded, results, loadBefore, loadAfter } = outcome.value;
  const latency: LatencyRow[] = results.map((row) => ({ label: [row.name, String(row.total)], result: row.result, baseline: row.baseline }));
  return [
    `activity history on PostgreSQL, ${count.toLocaleString('en-US')} rows seeded in ${(seeded.ms / 1000).toFixed(1)} s; ${settings.seconds} s a measurement after ${settings.warmupSeconds} s warm-up; ` +
      `load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, ${os.cpus().length} cores`,
    formatLatencyTable(['GET activity/ (pageSize 10)', 'total'], latency),
    'ratio = the request / GET report/{id}/, requested in turn with it by one client (req/s = 1000 / the mean latency); total is the look-ahead total',
  ].join('\n');
}
