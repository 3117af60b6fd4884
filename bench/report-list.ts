import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/client';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { insertItems, moveItems } from '../server/modules/library/item-writes';
import { binItems } from '../server/modules/recycle-bin/bin-writes';
import {
  alignColumns, alternate, formatLatencyTable, load, median, probe, positiveInteger, withPglite, withPostgres, withServer,
  type LatencyRow, type LoadResult, type LoadSettings,
} from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const TOPICS = ['生态', '交通', '住房', '安全', '社区', '风貌', '绿地', '水系'];
/** Characters of the rest of each name: 2 to 10 of them after a topic, so names of 4 to 12. */
const CHARACTERS = '城市体检评估专项分析调研报告监测简报年度街道片区更新改造公共服务设施空间品质韧性治理规划实施指标数据人口就业';
const NAME = '交通';
const DAY_MS = 86_400_000;
/** Library groups the reports are spread over (one report in six has none). */
const GROUPS = 5;

/** BENCH_REPORTS: reports seeded in the demo project (default 1,000,000 on PostgreSQL, a tenth of it on PGlite). */
export const readReportCount = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_REPORTS', 1_000_000);
const pgliteReports = (reports: number) => Math.max(1000, Math.round(reports / 10));

/** Time the report list may take: seeding at 0.5 ms an item or better, 14 requests and a fetch before each, read and remembered at 1 and 10 clients on two databases. */
export const reportListBudgetMs = (settings: LoadSettings, reports: number) =>
  2 * (2 * 2 * 28 * 2 * (settings.warmupSeconds + settings.seconds) * 1000 + 2 * reports + 120_000);

interface Seeded {
  links: number;
  ms: number;
  /** A report in the middle, fetched by the baseline. */
  middleId: number;
  /** 报告类型's labels then 体检维度's, eight each. */
  typeLabels: number[];
  dimensionLabels: number[];
  groupIds: number[];
  materialLabels: number[];
}

const rows = async <T>(db: Db, statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * With the triggers off: the label links of a kind's items from the label terms they were
 * seeded with, then the project's kept counts from the rows.
 */
async function linkAndCount(tx: Db, kind: 'report' | 'material') {
  await tx.execute(sql`
    insert into library_item_labels (item_id, label_id, created_at)
    select i.id, substr(t, 7)::int, i.created_at from library_items i, unnest(i.terms) t
    where i.project_uuid = ${DEMO.projectUuid} and i.kind = ${kind} and t like 'label:%'`);
  await tx.execute(sql`select library_rebuild_counts(${DEMO.projectUuid})`);
}

/**
 * `count` reports created over three years (ids growing with created_at), names of 4 to 12
 * Chinese characters (a topic and 2 to 10 more), a third in each of 1, 2 or 3 labels: one of
 * 体检维度 (the first of them on 15 %, then about 19 % of the reports), one of 报告类型 for two
 * thirds, a second 体检维度 label for a third. In the database: one INSERT … SELECT of the
 * reports with their terms, one of their label links, triggers and foreign-key checks off
 * (session_replication_role = replica) in that transaction; the kept counts are then
 * recomputed from the rows (library_rebuild_counts). Then as many materials (seedMaterials).
 */
export async function seedReports(db: Db, count: number): Promise<Seeded> {
  const started = performance.now();
  const labelsOf = async (group: string) =>
    (await rows<{ id: number }>(db, sql`select l.id from labels l join label_groups g on g.id = l.label_group_id
      where l.project_uuid = ${DEMO.projectUuid} and g.name = ${group} and l.origin = '报告' order by l.id`)).map((row) => row.id);
  // 报告类型 has three demo labels: five more make the two label groups of eight.
  const [{ id: typeGroup }] = await rows<{ id: number }>(db, sql`select id from label_groups where project_uuid = ${DEMO.projectUuid} and name = '报告类型'`);
  await db.execute(sql`insert into labels (project_uuid, name, origin, label_group_id)
    select ${DEMO.projectUuid}, '类型' || n, '报告', ${typeGroup} from generate_series(1, 5) n on conflict do nothing`);
  const dimensionLabels = await labelsOf('体检维度');
  const typeLabels = (await labelsOf('报告类型')).slice(0, 8);
  await db.execute(sql`insert into library_groups (project_uuid, kind, name, sorted)
    select ${DEMO.projectUuid}, 'report', '基准分组' || n, 100 + n from generate_series(1, ${GROUPS}) n on conflict do nothing`);
  const groupIds = (await rows<{ id: number }>(db, sql`select id from library_groups where project_uuid = ${DEMO.projectUuid} and kind = 'report' and name like '基准分组%' order by id`)).map((row) => row.id);
  const intArray = (ids: number[]) => sql.raw(`array[${ids.join(',')}]::int[]`);
  const textArray = (words: string[]) => sql.raw(`array[${words.map((word) => `'${word}'`).join(',')}]::text[]`);
  const chars = CHARACTERS.length;

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into library_items (project_uuid, kind, name, create_user, cover, file, group_id, created_at, updated_at, terms)
      select ${DEMO.projectUuid}::uuid, 'report', name, ${DEMO.nickname}, '', '', grp, at, at,
        library_name_terms(name) || array(select 'label:' || l from unnest(picked) l)
      from (
        select g,
          (${textArray(TOPICS)})[1 + g % 8] || (select string_agg(substr(${CHARACTERS}, 1 + ((g::bigint * 7919 + j * 104729) % ${chars})::int, 1), '')
            from generate_series(1, 2 + (g * 31 % 9)::int) j) as name,
          now() - interval '3 years' + (interval '3 years' * g / ${count}) as at,
          case when g % 6 = 0 then null else (${intArray(groupIds)})[g % 6] end as grp,
          array_remove(array[
            (${intArray(dimensionLabels)})[case when h % 100 < 15 then 1 else 2 + h % 7 end],
            case when g % 3 >= 1 then (${intArray(typeLabels)})[1 + (h / 100) % 8] end,
            case when g % 3 = 2 then (${intArray(dimensionLabels)})[1 + ((case when h % 100 < 15 then 0 else 1 + h % 7 end) + 1 + (h / 800) % 7) % 8] end
          ], null) as picked
        from (select g, (g::bigint * 2654435761) % 4294967296 as h from generate_series(1, ${count}) g) numbered
      ) made`);
    await linkAndCount(tx, 'report');
  });
  const materials = await seedMaterials(db, count);
  // The visibility map lets a page's ids and a deep page's day come from the index alone; fresh statistics as autovacuum would give.
  await db.execute(sql`vacuum analyze library_items`);
  await db.execute(sql`vacuum analyze library_item_labels`);
  await db.execute(sql`vacuum analyze library_day_counts`);
  await db.execute(sql`vacuum analyze library_label_day_counts`);
  const [{ links }] = await rows<{ links: number }>(db, sql`select count(*)::int as links from library_item_labels`);
  const [{ middleId }] = await rows<{ middleId: number }>(db, sql`select id as "middleId" from library_items where kind = 'report' order by id offset ${Math.floor(count / 2)} limit 1`);
  return { links, ms: performance.now() - started, middleId, typeLabels, dimensionLabels, groupIds, materialLabels: materials.labels };
}

/**
 * As many materials as reports, over the same three years, each with one 素材类型 label (a
 * quarter each) and one of two groups for five in six: the material list runs the same code on
 * another kind, and this shows it stays as fast with both kinds in one table.
 */
export async function seedMaterials(db: Db, count: number): Promise<{ labels: number[] }> {
  const materialLabels = (await rows<{ id: number }>(db, sql`select id from labels where project_uuid = ${DEMO.projectUuid} and origin = '素材' order by id`)).map((row) => row.id);
  await db.execute(sql`insert into library_groups (project_uuid, kind, name, sorted)
    select ${DEMO.projectUuid}, 'material', '基准素材分组' || n, 100 + n from generate_series(1, 2) n on conflict do nothing`);
  const groups = (await rows<{ id: number }>(db, sql`select id from library_groups where project_uuid = ${DEMO.projectUuid} and kind = 'material' and name like '基准素材分组%' order by id`)).map((row) => row.id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into library_items (project_uuid, kind, name, create_user, group_id, created_at, updated_at, terms)
      select ${DEMO.projectUuid}::uuid, 'material', name, ${DEMO.nickname}, grp, at, at, library_name_terms(name) || array['label:' || label]
      from (
        select '现场照片' || g as name, now() - interval '3 years' + (interval '3 years' * g / ${count}) as at,
          case when g % 6 = 0 then null else (${sql.raw(`array[${groups.join(',')}]`)})[1 + g % 2] end as grp,
          (${sql.raw(`array[${materialLabels.join(',')}]`)})[1 + (g * 7 % 4)] as label
        from generate_series(1, ${count}) g
      ) made`);
    await linkAndCount(tx, 'material');
  });
  return { labels: materialLabels };
}

const day = (at: number) => `${new Date(at).toISOString().slice(0, 10)} 00:00:00`;

/** The list queries of issue 14, each a path and what its answer must hold. */
function queries(seeded: Seeded): Array<{ name: string; path: string; total?: (value: number) => boolean }> {
  const listOf = (path: string) => (params: Record<string, string>) => `${BASE}/${path}/report_list/?${new URLSearchParams({ pageSize: '10', ...params })}`;
  const list = listOf('report');
  const materials = listOf('material');
  const now = Date.now();
  const [popular] = seeded.dimensionLabels;
  return [
    { name: 'first page, oldest first', path: list({}) },
    { name: 'first page, newest first', path: list({ created_at: '-created_at' }) },
    {
      name: `name=${NAME} + 1 year + 2 labels`,
      path: list({ name: NAME, start_time: day(now - 500 * DAY_MS), end_time: day(now - 135 * DAY_MS), label_ids: `${seeded.dimensionLabels[3]},${seeded.typeLabels[0]}` }),
    },
    { name: 'one label (≈19 %)', path: list({ label_ids: String(popular) }) },
    { name: 'three labels of one group', path: list({ label_ids: seeded.dimensionLabels.slice(1, 4).join(',') }) },
    { name: 'group_id', path: list({ group_id: String(seeded.groupIds[0]) }) },
    { name: 'no group (group_id=0)', path: list({ group_id: '0' }) },
    { name: 'page 5,000, no filter', path: list({ pageNo: '5000' }) },
    { name: 'page 5,000, one label', path: list({ pageNo: '5000', label_ids: String(popular) }) },
    { name: 'group_list', path: `${BASE}/report_group/group_list/` },
    { name: 'materials: first page, newest first', path: materials({ created_at: '-created_at' }) },
    { name: 'materials: one label (25 %)', path: materials({ label_ids: String(seeded.materialLabels[0]) }) },
    { name: 'materials: page 5,000, no filter', path: materials({ pageNo: '5000' }) },
  ];
}

/** How the server answers the list: read each time (`LIST_ANSWERS_REMEMBERED=0`), or remembered while the project is unchanged. */
const MODES = [
  { name: 'read', env: { LIST_ANSWERS_REMEMBERED: '0' } },
  { name: 'remembered', env: {} },
] as const;

interface DatabaseRun {
  reports: number;
  seeded: Seeded;
  /** Each query with the fetch measured just before it. */
  results: Array<{ mode: string; name: string; clients: number; result: LoadResult; total: number; baseline: LoadResult }>;
  writes: WriteTimes;
}

type WriteTimes = Array<{ name: string; kept: number; bare: number }>;

/**
 * Write timings through the write functions themselves (the HTTP part does not change), the
 * median of 5 after an untimed round, with the kept data's triggers on, and off as the baseline: what writes cost
 * before the list kept anything.
 */
async function timeWrites(db: Db): Promise<WriteTimes> {
  const timed = async (write: () => Promise<unknown>) => {
    const started = performance.now();
    await write();
    return performance.now() - started;
  };
  const medianOf5 = async (run: () => Promise<number>) => {
    const times: number[] = [];
    for (let k = 0; k < 5; k++) times.push(await run());
    return median(times);
  };
  const [label] = await rows<{ id: number }>(db, sql`select id from labels where project_uuid = ${DEMO.projectUuid} and origin = '报告' order by id limit 1`);
  const groups = (await rows<{ id: number }>(db, sql`select id from library_groups where project_uuid = ${DEMO.projectUuid} and kind = 'report' order by id limit 2`)).map((row) => row.id);
  const items = Array.from({ length: 100 }, (_, k) => ({ values: { name: `写入计时报告${k}`, createUser: 'bench' }, labelIds: [label.id] }));
  // A thousand reports spread over the three years, moved between two groups; a thousand new ones deleted.
  const spread = (await rows<{ id: number }>(db, sql`select id from (
      select id, row_number() over (order by id) as k, count(*) over () as n from library_items where project_uuid = ${DEMO.projectUuid} and kind = 'report'
    ) as numbered where k % greatest(n / 1000, 1) = 0 limit 1000`)).map((row) => row.id);
  let move = 0;
  const thousand = Array.from({ length: 10 }, () => items).flat();
  const timings = async () => ({
    bulk: await medianOf5(() => timed(() => insertItems(db, { projectUuid: DEMO.projectUuid, kind: 'report' }, items))),
    move: await medianOf5(() => timed(() => moveItems(db, DEMO.projectUuid, spread, groups[move++ % 2]))),
    remove: await medianOf5(async () => {
      const ids = await insertItems(db, { projectUuid: DEMO.projectUuid, kind: 'report' }, thousand);
      // A delete moves the items to the recycle bin (their files stay until it is emptied).
      return timed(() => binItems(db, { projectUuid: DEMO.projectUuid, kind: 'report' }, ids, { name: 'bench' }, 'missing'));
    }),
  });
  const triggers = (on: boolean) =>
    Promise.all(['library_items', 'library_item_labels'].map((table) => db.execute(sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger user`))));
  // Untimed first: the first writes after the loads pay for cold caches, which would count against the triggers.
  await timings();
  const kept = await timings();
  await triggers(false);
  const bare = await timings();
  await triggers(true);
  return [
    { name: 'bulk_create of 100 (with a label each)', kept: kept.bulk, bare: bare.bulk },
    { name: 'batch move of 1,000 (spread over 3 years)', kept: kept.move, bare: bare.move },
    { name: 'batch delete of 1,000', kept: kept.remove, bare: bare.remove },
  ];
}

/** Each figure's median over the fetches of a block (req/s, p50 and p99 apart). */
const medianResult = (results: LoadResult[]): LoadResult => ({
  requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
  p50Ms: median(results.map((r) => r.p50Ms)),
  p99Ms: median(results.map((r) => r.p99Ms)),
});

async function run(database: Database, settings: LoadSettings, reports: number): Promise<DatabaseRun> {
  await seed(database.db);
  const seeded = await seedReports(database.db, reports);
  const results: DatabaseRun['results'] = [];
  for (const mode of MODES) {
    await withServer(database, mode.env, async (origin, headers) => {
      for (const clients of [1, 10]) {
        const at = { ...settings, connections: clients };
        const byId = `${origin}${BASE}/report/${seeded.middleId}/`;
        await probe(byId, headers, (body) => {
          if ((body as { data?: { id?: number } }).data?.id !== seeded.middleId) throw new Error(`report/${seeded.middleId}/ answered ${JSON.stringify(body).slice(0, 200)}`);
        });
        for (const query of queries(seeded)) {
          const url = `${origin}${query.path}`;
          let total = 0;
          await probe(url, headers, (body) => {
            const answer = body as { code?: number; result?: { total?: number; data?: unknown[] }; total_report_number?: number; data?: unknown[] };
            if (answer.code !== 200) throw new Error(`${query.name} answered ${JSON.stringify(body).slice(0, 200)}`);
            total = answer.result?.total ?? answer.total_report_number ?? 0;
            const deep = query.path.includes('pageNo=5000') && total < 50_000;
            if (answer.result && !deep && (answer.result.data?.length ?? 0) === 0) throw new Error(`${query.name}: an empty page (total ${total})`);
          });
          // The machine's speed drifts within a run: one client alternates the fetch and the query;
          // at 10 clients the fetch is measured right before the query.
          const [baseline, result] =
            clients === 1 ? await alternate([byId, url], headers, at) : [await load(byId, headers, at), await load(url, headers, at)];
          results.push({ mode: mode.name, name: query.name, clients, result, total, baseline });
        }
      }
    });
  }
  return { reports, seeded, results, writes: await timeWrites(database.db) };
}

/** p50, p99 and req/s of each list query at 1 and 10 clients beside a primary-key fetch, on PGlite and PostgreSQL. */
export async function reportList(settings: LoadSettings, postgresUrl: string, reports: number): Promise<string> {
  const runs: Array<{ label: string; run?: DatabaseRun; skipped?: string }> = [];
  if (!process.env.BENCH_SKIP_PGLITE) runs.push({ label: 'PGlite', run: await withPglite((database) => run(database, settings, pgliteReports(reports))) });
  const postgres = await withPostgres(postgresUrl, (database) => run(database, settings, reports));
  runs.push(postgres.ran ? { label: 'PostgreSQL', run: postgres.value } : { label: 'PostgreSQL', skipped: postgres.reason });

  const out: string[] = [];
  for (const { label, run: done, skipped } of runs) {
    if (!done) {
      out.push(`${label}: skipped (${skipped})`);
      continue;
    }
    const latency: LatencyRow[] = [];
    for (const mode of MODES) {
      for (const clients of [1, 10]) {
        const measured = done.results.filter((entry) => entry.mode === mode.name && entry.clients === clients);
        latency.push({ label: [mode.name, `${clients}`, 'GET report/{id}/ (baseline, median)', ''], result: medianResult(measured.map((row) => row.baseline)) });
        for (const row of measured) latency.push({ label: [mode.name, `${clients}`, row.name, String(row.total)], result: row.result, baseline: row.baseline });
      }
    }
    out.push(
      `${label}, ${done.reports.toLocaleString('en-US')} reports (${done.seeded.links.toLocaleString('en-US')} label links) seeded in ${(done.seeded.ms / 1000).toFixed(1)} s; ` +
        `${settings.seconds} s a measurement after ${settings.warmupSeconds} s warm-up`,
      formatLatencyTable(['answers', 'clients', 'request', 'total'], latency),
      alignColumns([['write (median of 5)', 'ms', 'triggers off, ms', 'ratio'], ...done.writes.map(({ name, kept, bare }) => [name, kept.toFixed(1), bare.toFixed(1), (kept / bare).toFixed(2)])]),
      '',
    );
  }
  out.push(
    'ratio = the request / GET report/{id}/ on the same database, by the same server: at 1 client requested in turn with it by one client (req/s = 1000 / the mean latency), at 10 clients measured just before it; the baseline row is the median of those fetches',
    'answers: read = every answer read from the database (LIST_ANSWERS_REMEMBERED=0); remembered = the default, an answer given again while the project is unchanged (each measurement repeats one request)',
  );
  return out.join('\n');
}
