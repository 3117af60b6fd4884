import { and, asc, eq, sql } from 'drizzle-orm';
import { REGION_LEVEL_NAMES, REGION_LEVELS, REGION_TABLE, type RegionLevel } from '../../../contract/results';
import type { WarehouseCounts, WarehouseImportResult } from '../../../contract/warehouse';
import type { Db } from '../../db/client';
import { connections, projects } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { inBatches } from '../../lib/sql';
import { BUILTIN_DRIVER, projectWarehouseSchema, WAREHOUSE_DATABASE } from '../connections/drivers/builtin';
import { prepareResults } from './results-setup';
import { countsOf, type WarehousePlan } from './warehouse-plan';
import { createWarehouseTables, INDICATOR_TABLE, VALUE_TABLE } from './warehouse-tables';

/** The name of the builtin connection an import makes for a project that has none. */
export const IMPORTED_CONNECTION_NAME = '项目数据仓库';

const id = (name: string) => sql.identifier(name);
const REGION_COLUMNS = REGION_LEVELS.map((level) => id(REGION_LEVEL_NAMES[level]));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** The region's seven columns, null below its level. */
const regionCells = (region: string[]) => REGION_LEVELS.map((_, i) => region[i] ?? null);

/** What the project's imported warehouse holds now, or null before its first import. */
export async function warehouseCounts(db: Db, schema: string): Promise<WarehouseCounts | null> {
  const [exists] = rowsOf<{ found: string | null }>(await db.execute(sql`select to_regclass(${`"${schema}"."${VALUE_TABLE}"`})::text as found`));
  if (!exists?.found) return null;
  const at = (table: string) => sql`${id(schema)}.${id(table)}`;
  // A region's level is how many of its columns are filled.
  const depth = sql.join(REGION_COLUMNS.map((column) => sql`(${column} is not null)::int`), sql` + `);
  const perLevel = rowsOf<{ level: number; count: number }>(await db.execute(sql`select ${depth} as level, count(*)::int as count from ${at(REGION_TABLE)} group by 1`));
  const [totals] = rowsOf<{ indicators: number; values: number }>(
    await db.execute(sql`select (select count(*) from ${at(INDICATOR_TABLE)})::int as indicators, (select count(*) from ${at(VALUE_TABLE)})::int as values`),
  );
  const regions = Object.fromEntries(REGION_LEVELS.map((level) => [level, 0])) as Record<RegionLevel, number>;
  for (const row of perLevel) regions[Number(row.level) as RegionLevel] = Number(row.count);
  return { regions, indicators: Number(totals.indicators), values: Number(totals.values) };
}

/** The project's 成果 source before, when it is not the imported warehouse already. */
function replacedSource(extraInfo: unknown, schema: string): WarehouseImportResult['replaces_source'] {
  const extra = (extraInfo ?? {}) as Record<string, unknown>;
  const connectionId = String(extra.connection_id ?? '');
  const schemaName = String(extra.schema_name ?? '');
  return connectionId && schemaName !== schema ? { connection_id: connectionId, schema_name: schemaName } : null;
}

/** The preview: the project's warehouse now and after the import, nothing written. */
export async function previewWarehouse(db: Db, projectUuid: string, plan: WarehousePlan): Promise<WarehouseImportResult> {
  const schema = projectWarehouseSchema(projectUuid);
  const [project] = await db.select({ extraInfo: projects.extraInfo }).from(projects).where(eq(projects.uuid, projectUuid));
  return { dry_run: true, schema_name: schema, before: await warehouseCounts(db, schema), after: countsOf(plan), replaces_source: replacedSource(project?.extraInfo, schema), prepared: [] };
}

async function insertPlan(tx: Db, schema: string, plan: WarehousePlan) {
  const at = (table: string) => sql`${id(schema)}.${id(table)}`;
  const regionList = sql.join(REGION_COLUMNS, sql`, `);
  await inBatches(plan.regions.map(regionCells), (batch) =>
    tx.execute(sql`insert into ${at(REGION_TABLE)} (${regionList}) values ${sql.join(batch.map((cells) => sql`(${sql.join(cells.map((cell) => sql`${cell}`), sql`, `)})`), sql`, `)}`),
  );
  await inBatches(plan.indicators, (batch) =>
    tx.execute(sql`insert into ${at(INDICATOR_TABLE)} (code, level, dimension, name, unit, standard, direction, sort_order) values ${sql.join(
      batch.map((it) => sql`(${it.code}, ${it.level}::int, ${it.dimension}, ${it.name}, ${it.unit}, ${it.standard}::numeric, ${it.direction}, ${it.sortOrder}::int)`),
      sql`, `,
    )}`),
  );
  await inBatches(
    plan.values.map((row) => [row.code, row.region.length, ...regionCells(row.region), row.value]),
    (batch) =>
      tx.execute(sql`insert into ${at(VALUE_TABLE)} (indicator_code, level, ${regionList}, value) values ${sql.join(
        batch.map(([code, level, ...rest]) => sql`(${code}, ${level}::int, ${sql.join(rest.slice(0, 7).map((cell) => sql`${cell}`), sql`, `)}, ${rest[7]}::numeric)`),
        sql`, `,
      )}`),
  );
}

/** The project's builtin connection (its first), made when it has none. */
async function builtinConnectionOf(tx: Db, projectUuid: string): Promise<number> {
  const [found] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.projectUuid, projectUuid), eq(connections.drivername, BUILTIN_DRIVER)))
    .orderBy(asc(connections.id))
    .limit(1);
  if (found) return found.id;
  const [namesake] = await tx.select({ id: connections.id }).from(connections).where(and(eq(connections.projectUuid, projectUuid), eq(connections.name, IMPORTED_CONNECTION_NAME)));
  if (namesake) throw badRequest(`项目已有名为「${IMPORTED_CONNECTION_NAME}」的数据连接，请先将其改名后再导入`);
  const [made] = await tx
    .insert(connections)
    .values({ projectUuid, name: IMPORTED_CONNECTION_NAME, drivername: BUILTIN_DRIVER, host: '内置', port: 0, username: 'readonly', passwordSealed: '', database: WAREHOUSE_DATABASE })
    .returning({ id: connections.id });
  return made.id;
}

/**
 * Replaces the project's warehouse with the plan and points its 成果 data at it, in one
 * transaction: readers see the old warehouse or the new, never half. The project row is locked
 * first, so two imports of one project run one after the other.
 */
export function importWarehouse(db: Db, projectUuid: string, plan: WarehousePlan): Promise<WarehouseImportResult> {
  const schema = projectWarehouseSchema(projectUuid);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [project] = await tx.select({ extraInfo: projects.extraInfo }).from(projects).where(eq(projects.uuid, projectUuid)).for('update');
    const before = await warehouseCounts(tx, schema);
    const connectionId = await builtinConnectionOf(tx, projectUuid);
    await tx.execute(sql`drop schema if exists ${id(schema)} cascade`);
    await createWarehouseTables(tx, schema);
    await insertPlan(tx, schema, plan);
    const prepared = await prepareResults(tx, projectUuid, plan.indicators);
    const extra = (project.extraInfo ?? {}) as Record<string, unknown>;
    await tx
      .update(projects)
      .set({ extraInfo: { ...extra, project_id: projectUuid, connection_id: String(connectionId), database_name: WAREHOUSE_DATABASE, schema_name: schema } })
      .where(eq(projects.uuid, projectUuid));
    return { dry_run: false, schema_name: schema, before, after: countsOf(plan), replaces_source: replacedSource(project.extraInfo, schema), prepared };
  });
}
