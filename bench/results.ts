import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { RegionNode } from '../contract/results';
import type { Database, Db } from '../server/db/client';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { alignColumns, formatLatencyTable, load, positiveInteger, withPglite, withPostgres, withServer, type LatencyRow, type LoadResult, type LoadSettings } from './harness';
import { seedReports } from './report-list';

const RESULTS = `/studio/report/api/oa_result/projects/${DEMO.projectUuid}/report`;
const LIBRARY = `/studio/report/api/report/projects/${DEMO.projectUuid}/report`;
const DISTRICTS = ['东城区', '西城区', '南城区', '北城区'];
const STREETS = 10;
const COMMUNITIES = 3;

/** BENCH_RESULT_REGIONS: 小区 of the demo warehouse in the timed generation (default 40, at most its 100); BENCH_RESULT_REPORTS: generated reports of the list (default 100,000). */
export const readResultSettings = (env: NodeJS.ProcessEnv) => ({
  regions: Math.min(positiveInteger(env, 'BENCH_RESULT_REGIONS', 40), 100),
  reports: positiveInteger(env, 'BENCH_RESULT_REPORTS', 100_000),
});
export const resultsBudgetMs = (settings: LoadSettings, reports: number, regions: number) =>
  2 * (2 * 8 * (settings.warmupSeconds + settings.seconds) * 1000 + reports + regions * 5000 + 120_000);

const rows = async <T>(db: Db, statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/** The demo project's warehouse (its connection), a dimension of the 小区 level (整洁有序), the report type and a new report group. */
async function prepareGeneration(db: Db) {
  const [dimension] = await rows<{ id: number; name: string }>(db, sql`select id, name from labels where project_uuid = ${DEMO.projectUuid} and origin = '报告' and extra_info->>'level' = '6' order by id limit 1`);
  const [type] = await rows<{ id: number }>(db, sql`select id from labels where project_uuid = ${DEMO.projectUuid} and name = '年度体检报告'`);
  const [group] = await rows<{ id: number }>(db, sql`insert into library_groups (project_uuid, kind, name) values (${DEMO.projectUuid}, 'report', '成果基准') returning id`);
  const [project] = await rows<{ extra: { connection_id: string; schema_name: string; database_name: string } }>(db, sql`select extra_info as extra from projects where uuid = ${DEMO.projectUuid}`);
  return { dimension: dimension.id, type: type.id, group: group.id, ...project.extra };
}

const xiaoqus = (nodes: RegionNode[], path: string[] = []): string[][] =>
  nodes.flatMap((node) => (node.level === 6 ? [[...path, node.name]] : xiaoqus(node.children, [...path, node.name])));

interface Generation {
  regions: number;
  seconds: number;
  perMinute: number;
  peakRssMb: number;
  baseRssMb: number;
}

/** One generation of `regions` 小区 of the demo warehouse (read through its connection, rendered by the real renderer), from the POST to its last region, with the process's peak memory. */
async function timeGeneration(database: Database, regions: number): Promise<Generation> {
  const ids = await prepareGeneration(database.db);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-results-'));
  try {
    return await withServer(
      database,
      { DATA_DIR: dataDir },
      async (origin, headers) => {
        const tree = (await (await fetch(`${origin}/studio/report/api/report/projects/${DEMO.projectUuid}/investigation_scope/tree/?level_limit=6`, { headers })).json()) as { data: RegionNode[] };
        const dataList = xiaoqus(tree.data)
          .slice(0, regions)
          .map((path) => ({ area: path[2], street: path[3], community: path[4], village: path[5] }));
        if (dataList.length < regions) throw new Error(`the demo warehouse has ${dataList.length} 小区, fewer than ${regions}`);
        const baseRss = process.memoryUsage().rss;
        let peak = baseRss;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
        const started = performance.now();
        const response = await fetch(`${origin}${RESULTS}/generate/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            data_list: dataList,
            report_type: ids.type,
            level: 6,
            level_label: ids.dimension,
            report_project_uuid: DEMO.projectUuid,
            connection_id: Number(ids.connection_id),
            schema_name: ids.schema_name,
            database_name: ids.database_name,
            report_group_id: ids.group,
          }),
        });
        const answer = (await response.json()) as { data?: { job_id: number } };
        if (!answer.data) throw new Error(`generate answered ${JSON.stringify(answer)}`);
        for (;;) {
          const jobs = (await (await fetch(`${origin}${RESULTS}/generate/`, { headers })).json()) as { result: { data: Array<{ job_id: number; done: number; failed: number; finished_at: string | null }> } };
          const job = jobs.result.data.find((entry) => entry.job_id === answer.data!.job_id)!;
          if (job.finished_at) {
            if (job.done !== regions) throw new Error(`generation ended with ${job.done} of ${regions} done`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        return { regions, seconds, perMinute: (regions / seconds) * 60, peakRssMb: peak / 2 ** 20, baseRssMb: baseRss / 2 ** 20 };
      },
      { jobs: { pollSeconds: 0.5 } },
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `count` reports (the report list bench's seeding: names, dates over three years, labels)
 * made generated ones: each gets a results row with a region of the bench tree at the level of
 * its first 体检维度 label (levels 3 to 5 in turn) and that dimension; 12 indicators.
 */
export async function seedGenerated(db: Db, count: number) {
  const seeded = await seedReports(db, count);
  const started = performance.now();
  const districts = sql.raw(`array[${DISTRICTS.map((name) => `'${name}'`).join(',')}]`);
  // Triggers off in that transaction (session_replication_role = replica); the kept counts are then made from the rows, as migration 0019 does.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
    insert into result_reports (item_id, project_uuid, region, region_keys, level, dimension_label_id, indicators_met, indicators_total, created_at)
    select id, project_uuid, path, (select array_agg(array_to_string(path[1:k], chr(31)) order by k) from generate_series(1, array_length(path, 1)) k),
      array_length(path, 1), dimension, (id * 7) % 13, 12, created_at
    from (
      select i.id, i.project_uuid, i.created_at, d.dimension,
        (array['示例省', '示例市', (${districts})[1 + i.id % 4], '第' || (1 + i.id / 4 % ${STREETS}) || '街道', '第' || (1 + i.id / 40 % ${COMMUNITIES}) || '社区'])[1:3 + i.id % 3] as path
      from library_items i
      cross join lateral (select min(label_id) as dimension from library_item_labels where item_id = i.id and label_id = any(${sql.raw(`array[${seeded.dimensionLabels.join(',')}]`)})) d
      where i.project_uuid = ${DEMO.projectUuid} and i.kind = 'report'
    ) made`);
    await tx.execute(sql`
      insert into result_counts (project_uuid, region_key, dimension_label_id, depth, n, met, indicators)
      select r.project_uuid, k.key, coalesce(r.dimension_label_id, 0), k.depth, count(*), sum(r.indicators_met), sum(r.indicators_total)
      from result_reports r, unnest(r.region_keys) with ordinality as k(key, depth) group by 1, 2, 3, 4`);
  });
  await db.execute(sql`vacuum analyze result_reports`);
  await db.execute(sql`vacuum analyze result_counts`);
  return { ...seeded, generatedMs: performance.now() - started };
}

interface ListRun {
  reports: number;
  seedMs: number;
  results: Array<{ name: string; clients: number; result: LoadResult; total: number }>;
  baseline: Record<number, LoadResult>;
}

async function timeLists(database: Database, settings: LoadSettings, reports: number): Promise<ListRun> {
  const seeded = await seedGenerated(database.db, reports);
  const dimension = String(seeded.dimensionLabels[1]);
  const east = JSON.stringify([['示例省', '示例市', '东城区']]);
  const street = JSON.stringify([['示例省', '示例市', '东城区', '第3街道'], ['示例省', '示例市', '西城区', '第5街道']]);
  const lastYear = `${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)} 00:00:00`;
  const queries = [
    { name: 'results list, first page', path: `${RESULTS}/list/?source=generated` },
    { name: 'results list, a district', path: `${RESULTS}/list/?source=generated&regions=${encodeURIComponent(east)}` },
    { name: 'results list, a district + dimension', path: `${RESULTS}/list/?source=generated&regions=${encodeURIComponent(east)}&dimension_id=${dimension}` },
    { name: 'results list, two streets, newest first', path: `${RESULTS}/list/?regions=${encodeURIComponent(street)}&created_at=-created_at` },
    { name: 'statistics, whole project', path: `${RESULTS}/statistics/?source=generated` },
    { name: 'statistics, a district + dimension', path: `${RESULTS}/statistics/?source=generated&regions=${encodeURIComponent(east)}&dimension_id=${dimension}` },
    { name: 'statistics, a district, last year (scan)', path: `${RESULTS}/statistics/?source=generated&regions=${encodeURIComponent(east)}&start_time=${encodeURIComponent(lastYear)}` },
  ];
  return withServer(database, {}, async (origin, headers) => {
    const results: ListRun['results'] = [];
    const baseline: Record<number, LoadResult> = {};
    for (const clients of [1, 10]) {
      const at = { ...settings, connections: clients };
      baseline[clients] = await load(`${origin}${LIBRARY}/report_list/`, headers, at);
      for (const query of queries) {
        let total = 0;
        const result = await load(`${origin}${query.path}`, headers, at, (body) => {
          const answer = body as { code?: number; result?: { total: number }; data?: { total: number } };
          if (answer.code !== 200) throw new Error(`${query.name} answered ${JSON.stringify(body).slice(0, 200)}`);
          total = answer.result?.total ?? answer.data?.total ?? 0;
          if (total === 0) throw new Error(`${query.name}: nothing matched`);
        });
        results.push({ name: query.name, clients, result, total });
      }
    }
    return { reports, seedMs: seeded.ms + seeded.generatedMs, results, baseline };
  });
}

/** Reports generated a minute (with peak memory) and the results list and statistics at `reports` generated reports, on PGlite and PostgreSQL. */
export async function resultsBench(settings: LoadSettings, postgresUrl: string, options: { regions: number; reports: number }): Promise<string> {
  const out: string[] = [];
  const generation: string[][] = [['database', 'regions', 's', 'reports/min', 'RSS before, MB', 'peak RSS, MB']];
  const lists: Array<{ label: string; run: ListRun }> = [];
  const both = async (label: string, on: <T>(fn: (database: Database) => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false; reason: string }>) => {
    const timed = await on(async (database) => {
      await seed(database.db);
      return timeGeneration(database, options.regions);
    });
    if (!timed.ran) return out.push(`${label}: skipped (${timed.reason})`);
    const g = timed.value;
    generation.push([label, String(g.regions), g.seconds.toFixed(1), g.perMinute.toFixed(0), g.baseRssMb.toFixed(0), g.peakRssMb.toFixed(0)]);
    const listed = await on(async (database) => {
      await seed(database.db);
      return timeLists(database, settings, options.reports);
    });
    if (listed.ran) lists.push({ label, run: listed.value });
  };
  await both('PGlite', async (fn) => ({ ran: true, value: await withPglite(fn) }));
  await both('PostgreSQL', (fn) => withPostgres(postgresUrl, fn));

  out.push('成果 generation: one POST, the regions made by the job queue (one worker), until the last region is done', alignColumns(generation), '');
  for (const { label, run } of lists) {
    const latency: LatencyRow[] = [];
    for (const clients of [1, 10]) {
      latency.push({ label: [`${clients}`, 'GET report/report_list/ (baseline)', ''], result: run.baseline[clients] });
      for (const row of run.results.filter((entry) => entry.clients === clients)) {
        latency.push({ label: [`${clients}`, row.name, String(row.total)], result: row.result, baseline: run.baseline[clients] });
      }
    }
    out.push(
      `${label}, ${run.reports.toLocaleString('en-US')} generated reports seeded in ${(run.seedMs / 1000).toFixed(1)} s; ${settings.seconds} s a measurement after ${settings.warmupSeconds} s warm-up`,
      formatLatencyTable(['clients', 'request', 'total'], latency),
      '',
    );
  }
  out.push('ratio = the request / GET report/report_list/ (first page, no filter) at the same number of clients on the same database in the same run');
  return out.join('\n');
}
