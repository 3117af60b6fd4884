import { and, eq } from 'drizzle-orm';
import { pathToFileURL } from 'node:url';
import type { Database } from '../server/db/client';
import { labels, libraryItemLabels, libraryItems } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import {
  DEFAULT_POSTGRES_URL, formatLatencyTable, load, readSettings, withPglite, withPostgres, withServer,
  type LatencyRow, type LoadResult, type LoadSettings,
} from './harness';

const HEALTH = '/api/healthy/check/';
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/report`;
/** Reports in the demo project; the one fetched is in the middle. */
const REPORTS = 1000;

/** Time the run may take: two databases, two measured requests each, plus setup. */
export const requestCostBudgetMs = (settings: LoadSettings) => 2 * (2 * (settings.warmupSeconds + settings.seconds) * 1000 + 30_000);

/** REPORTS reports with two demo 报告 labels each and a built-in cover; answers the middle one's id. */
async function addReports(database: Database): Promise<number> {
  const { db } = database;
  const pool = await db.select({ id: labels.id }).from(labels).where(and(eq(labels.projectUuid, DEMO.projectUuid), eq(labels.origin, '报告')));
  const rows = Array.from({ length: REPORTS }, (_, i) => ({
    projectUuid: DEMO.projectUuid,
    kind: 'report' as const,
    name: `城市体检年度报告 ${i + 1}`,
    createUser: DEMO.nickname,
    cover: '/covers/default-1.png',
  }));
  const inserted = await db.insert(libraryItems).values(rows).returning({ id: libraryItems.id });
  await db.insert(libraryItemLabels).values(inserted.flatMap(({ id }, i) => [pool[i % pool.length], pool[(i + 1) % pool.length]].map((label) => ({ itemId: id, labelId: label.id }))));
  return inserted[Math.floor(REPORTS / 2)].id;
}

interface Run {
  health: LoadResult;
  byId: LoadResult;
}

async function run(database: Database, settings: LoadSettings): Promise<Run> {
  await seed(database.db);
  const id = await addReports(database);
  return withServer(database, {}, async (origin, signedIn) => {
    const health = await load(`${origin}${HEALTH}`, {}, settings);
    const headers = { ...signedIn, organization: DEMO.organizationUuid };
    const byId = await load(`${origin}${BASE}/${id}/`, headers, settings, (body) => {
      const { data } = body as { data?: { id?: number; labels?: unknown[] } };
      if (data?.id !== id || data.labels?.length !== 2) throw new Error(`report/${id}/ answered ${JSON.stringify(body).slice(0, 200)}`);
    });
    return { health, byId };
  });
}

/**
 * The fixed cost of a request: an authenticated `GET report/{id}/` (session, organization,
 * project membership and permission, the item and its labels) against the unauthenticated
 * health check (one `select 1`) in the same run, on PGlite and PostgreSQL.
 */
export async function requestCost(settings: LoadSettings, postgresUrl: string): Promise<string> {
  const rows: LatencyRow[] = [];
  const add = (label: string, done: Run) => {
    rows.push({ label: [label, `GET ${HEALTH} (baseline)`], result: done.health });
    rows.push({ label: [label, 'GET report/{id}/ signed in'], result: done.byId, baseline: done.health });
  };
  add('PGlite', await withPglite((database) => run(database, settings)));
  const postgres = await withPostgres(postgresUrl, (database) => run(database, settings));
  if (postgres.ran) add('PostgreSQL', postgres.value);
  else rows.push({ label: ['PostgreSQL', 'both requests'], note: 'skipped' });
  return [
    `Per-request cost  (${settings.seconds} s after ${settings.warmupSeconds} s warm-up, ${settings.connections} connections; ` +
      `report/{id}/ with Authorization and Organization headers, ${REPORTS} reports of 2 labels each)`,
    formatLatencyTable(['database', 'request'], rows),
    'ratio = GET report/{id}/ / the health check on the same database in the same run',
    ...(postgres.ran ? [] : [`PostgreSQL skipped: ${postgres.reason}`]),
  ].join('\n');
}

// `tsx bench/request-cost.ts` runs this benchmark alone (e.g. under `node --cpu-prof`).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await requestCost(readSettings(process.env), process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL));
}
