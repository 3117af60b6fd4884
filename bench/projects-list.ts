import { eq } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { projectMembers, projects, users } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { formatTable, measure, withPglite, withPostgres, type LoadResult, type LoadSettings, type TableRow } from './harness';

const PATH = '/api/project/v1/projects/';
/** Extra projects of the demo organization with the demo user as a member (listed). */
const MEMBER_PROJECTS = 200;
/** Extra projects of the same organization without the demo user (filtered out by the query). */
const OTHER_PROJECTS = 50;
const VISIBLE = 1 + MEMBER_PROJECTS; // the seeded demo project plus the member ones

async function addProjects(database: Database): Promise<void> {
  const { db } = database;
  const [demo] = await db.select({ uuid: users.uuid }).from(users).where(eq(users.username, DEMO.username));
  const start = Date.now() - (MEMBER_PROJECTS + OTHER_PROJECTS) * 3_600_000;
  const rows = Array.from({ length: MEMBER_PROJECTS + OTHER_PROJECTS }, (_, i) => {
    const at = new Date(start + i * 3_600_000);
    return {
      organizationUuid: DEMO.organizationUuid,
      name: `压测项目 ${String(i + 1).padStart(3, '0')}`,
      extraInfo: { connection_id: '', schema_name: 'public', database_name: `bench_${i + 1}` },
      createdAt: at,
      updatedAt: at,
    };
  });
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(projects).values(rows).returning({ uuid: projects.uuid });
    await tx
      .insert(projectMembers)
      .values(inserted.slice(0, MEMBER_PROJECTS).map(({ uuid }) => ({ projectUuid: uuid, userUuid: demo.uuid })));
  });
}

function checkPage(body: unknown): void {
  const page = body as { count?: number; results?: unknown[] };
  if (page.count !== VISIBLE || !page.results?.length) {
    throw new Error(`${PATH} listed count=${page.count} with ${page.results?.length} results, expected count=${VISIBLE}`);
  }
}

async function run(database: Database, settings: LoadSettings): Promise<LoadResult> {
  await seed(database.db);
  await addProjects(database);
  return measure({ database, path: PATH, settings, check: checkPage });
}

/** req/s and p99 of the project list on PGlite (baseline) and PostgreSQL, as a printable report. */
export async function projectsList(settings: LoadSettings, postgresUrl: string): Promise<string> {
  const rows: TableRow[] = [{ label: 'PGlite', result: await withPglite((database) => run(database, settings)) }];
  const postgres = await withPostgres(postgresUrl, (database) => run(database, settings));
  rows.push(postgres.ran ? { label: 'PostgreSQL', result: postgres.value } : { label: 'PostgreSQL', note: 'skipped' });

  return [
    `GET ${PATH}  (${settings.seconds} s after ${settings.warmupSeconds} s warm-up, ${settings.connections} connections, ` +
      `${VISIBLE} listed of ${VISIBLE + OTHER_PROJECTS} projects, default page of 10)`,
    formatTable(rows),
    'ratio = PostgreSQL / PGlite (PGlite is this run\'s baseline)',
    ...(postgres.ran ? [] : [`PostgreSQL skipped: ${postgres.reason}`]),
  ].join('\n');
}
