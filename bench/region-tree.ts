import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { REGION_LEVEL_NAMES, REGION_TABLE } from '../contract/results';
import type { Database } from '../server/db/client';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { WAREHOUSE_SCHEMA } from '../server/db/seed/demo-warehouse';
import { alignColumns, DEFAULT_POSTGRES_URL, formatLatencyTable, load, median, readSettings, withPglite, withPostgres, withServer, type LatencyRow, type LoadSettings } from './harness';
import { seedReports } from './report-list';

const REPORT_BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const LARGE = 100_000;
/** Cold reads timed per size: each after the project's extra_info is saved again, which drops the kept tree. */
const COLD_READS = 5;

/** Time the run may take: two databases, two sizes, three measured requests each, and the seeding. */
export const regionTreeBudgetMs = (settings: LoadSettings) => 2 * (2 * 3 * (settings.warmupSeconds + settings.seconds) * 1000 + 120_000);

/** The demo's 1,000 buildings replaced by 100,000: 10 districts, 100 streets, 1,000 communities, 10,000 小区, 10 buildings each. */
async function growTo100k(database: Database) {
  const table = sql`${sql.identifier(WAREHOUSE_SCHEMA)}.${sql.identifier(REGION_TABLE)}`;
  const columns = sql.join(Object.values(REGION_LEVEL_NAMES).map((name) => sql.identifier(name)), sql`, `);
  await database.db.execute(sql`delete from ${table}`);
  await database.db.execute(sql`insert into ${table} (${columns})
    select '示例省', '示例市', '第' || (1 + g / 10000) || '区', '第' || (1 + g / 1000) || '街道', '第' || (1 + g / 100) || '社区', '第' || (1 + g / 10) || '小区', (1 + g % 10) || '号楼'
    from generate_series(0, ${LARGE - 1}) g`);
  await database.db.execute(sql`analyze ${table}`);
}


interface Run {
  rows: LatencyRow[];
  cold: string[][];
}

async function run(database: Database, label: string, settings: LoadSettings): Promise<Run> {
  await seed(database.db);
  const { middleId } = await seedReports(database.db, 1);
  const rows: LatencyRow[] = [];
  const cold: string[][] = [];
  await withServer(database, {}, async (origin, headers) => {
    const baseline = await load(`${origin}${REPORT_BASE}/report/${middleId}/`, headers, settings);
    rows.push({ label: [label, 'report/{id}/ (baseline)'], result: baseline });
    const extra = (await (await fetch(`${origin}/api/project/v1/projects/${DEMO.projectUuid}/`, { headers })).json()) as { extra_info: object };
    const resave = () =>
      fetch(`${origin}/api/project/v1/projects/${DEMO.projectUuid}/`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ extra_info: extra.extra_info }) });
    for (const [size, grow] of [[1000, async () => undefined], [LARGE, () => growTo100k(database)]] as const) {
      await grow();
      const tree = `${origin}${REPORT_BASE}/investigation_scope/tree/`;
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < COLD_READS; i += 1) {
        await resave();
        const started = performance.now();
        const answer = await fetch(tree, { headers });
        bytes = (await answer.arrayBuffer()).byteLength;
        if (!answer.ok) throw new Error(`tree answered ${answer.status}`);
        times.push(performance.now() - started);
      }
      cold.push([label, size.toLocaleString('en'), median(times).toFixed(0), (bytes / 1024).toFixed(0)]);
      const check = (limit: number) => (body: unknown) => {
        const buildings = JSON.stringify(body).split('"level":7').length - 1;
        if (buildings !== (limit === 7 ? size : 0)) throw new Error(`tree at level_limit=${limit} has ${buildings} buildings, not ${size}`);
      };
      for (const limit of [5, 7]) {
        rows.push({ label: [label, `tree level_limit=${limit}, ${size.toLocaleString('en')} buildings (kept)`], result: await load(`${tree}?level_limit=${limit}`, headers, settings, check(limit)), baseline });
      }
    }
  });
  return { rows, cold };
}

/**
 * The region tree route on the demo warehouse (1,000 buildings) and on 100,000, on PGlite and
 * PostgreSQL: the first read (one query of the seven columns, the tree built in one pass, the
 * JSON written) and the kept tree under load, beside a report fetched by primary key.
 */
export async function regionTreeBench(settings: LoadSettings, postgresUrl: string): Promise<string> {
  const runs: Run[] = [await withPglite((database) => run(database, 'PGlite', settings))];
  const notes: string[] = [];
  const postgres = await withPostgres(postgresUrl, (database) => run(database, 'PostgreSQL', settings));
  if (postgres.ran) runs.push(postgres.value);
  else notes.push(`PostgreSQL skipped: ${postgres.reason}`);
  return [
    `The region tree (investigation_scope/tree/) from the builtin warehouse (${settings.seconds} s after ${settings.warmupSeconds} s warm-up, ${settings.connections} connections)`,
    formatLatencyTable(['database', 'request'], runs.flatMap((done) => done.rows)),
    'ratio = the request / a report fetched by primary key in the same run',
    '',
    `First read after the kept tree is dropped (median of ${COLD_READS}; level_limit=7)`,
    alignColumns([['database', 'buildings', 'ms', 'answer (KiB)'], ...runs.flatMap((done) => done.cold)]),
    ...notes,
  ].join('\n');
}

// `tsx bench/region-tree.ts` runs this benchmark alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await regionTreeBench(readSettings(process.env), process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL));
