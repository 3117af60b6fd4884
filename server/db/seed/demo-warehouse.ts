import { and, eq, sql } from 'drizzle-orm';
import { REGION_LEVEL_NAMES, REGION_TABLE } from '../../../contract/results';
import { createWarehouseTables, INDICATOR_TABLE, VALUE_TABLE } from '../../modules/results/warehouse-tables';
import type { Db } from '../client';
import { connections, labelGroups, labels, projects } from '../schema';
import { DEMO } from './demo-accounts';
import { CITY, demoXiaoqu, DIMENSIONS, INDICATOR_LEVELS, PROVINCE } from './demo-warehouse-content';

export const WAREHOUSE_SCHEMA = 'warehouse_demo';
export const DEMO_CONNECTION_NAME = '示例数据仓库';

const id = (name: string) => sql.identifier(name);
const at = (table: string) => sql`${id(WAREHOUSE_SCHEMA)}.${id(table)}`;
const [province, city, district, street, community, xiaoqu, building] = Object.values(REGION_LEVEL_NAMES).map(id);
/** The region columns of levels 1 to 6, in order. */
const regionColumns = [province, city, district, street, community, xiaoqu];

/** The shared tables, with the demo's word on its region table. */
async function createTables(tx: Db) {
  await createWarehouseTables(tx, WAREHOUSE_SCHEMA);
  await tx.execute(sql`comment on table ${at(REGION_TABLE)} is '调查范围：每栋楼一行，列为省、市、区县、街道、社区、小区、楼栋（示例数据，地名均为虚构）'`);
}

/** One statement each: the buildings from 100 小区 rows, the catalogue, and a value per region and indicator. */
async function fillTables(tx: Db) {
  const places = demoXiaoqu().map((place, order) => sql`(${place.district}, ${place.street}, ${place.community}, ${place.name}, ${place.buildings}::int, ${order}::int)`);
  await tx.execute(sql`insert into ${at(REGION_TABLE)} (${sql.join([...regionColumns, building], sql`, `)})
    select ${PROVINCE}, ${CITY}, p.district, p.street, p.community, p.xiaoqu, g || '号楼'
    from (values ${sql.join(places, sql`, `)}) p(district, street, community, xiaoqu, buildings, ord)
    cross join lateral generate_series(1, p.buildings) g order by p.ord, g`);

  const catalogue = DIMENSIONS.flatMap((dimension) =>
    dimension.indicators.map((it, order) => sql`(${it.code}, ${dimension.name}, ${it.name}, ${it.unit}, ${it.standard}::numeric, ${it.direction}, ${order + 1}::int)`),
  );
  await tx.execute(sql`insert into ${at(INDICATOR_TABLE)} (code, level, dimension, name, unit, standard, direction, sort_order)
    select c.code, l.level, c.dimension, c.name, c.unit, c.standard, c.direction, c.sort_order
    from (values ${sql.join(catalogue, sql`, `)}) c(code, dimension, name, unit, standard, direction, sort_order)
    cross join unnest(${sql.raw(`array[${INDICATOR_LEVELS.join(', ')}]`)}::int[]) l(level)`);

  // The regions of each level (columns below it null), each with every indicator of that level. The value is
  // the standard times 0.7 to 1.3 drawn from an md5 of indicator and region, so about half meet it, the same
  // on every database; a zero standard (counts of hazards) gets 0 half the time; one in 23 is missing.
  const regionsAt = INDICATOR_LEVELS.map(
    (level) => sql`select distinct ${sql.raw(String(level))} as level, ${sql.join(regionColumns.map((column, i) => (i < level ? column : sql`null::varchar as ${column}`)), sql`, `)} from ${at(REGION_TABLE)}`,
  );
  await tx.execute(sql`insert into ${at(VALUE_TABLE)} (indicator_code, level, ${sql.join(regionColumns, sql`, `)}, value)
    select c.code, r.level, ${sql.join(regionColumns.map((column) => sql`r.${column}`), sql`, `)},
      case when x.h % 23 = 0 then null
        when c.standard = 0 then case when x.u < 0.5 then 0 else floor((x.u - 0.5) * 10) end
        when c.unit = '%' then least(round(c.standard * (0.7 + 0.6 * x.u), 2), 100)
        else round(c.standard * (0.7 + 0.6 * x.u), 2) end
    from (${sql.join(regionsAt, sql` union all `)}) r
    join ${at(INDICATOR_TABLE)} c on c.level = r.level
    cross join lateral (select h, h / 268435455.0 as u from (select ('x' || substr(md5(c.code || '|' || concat_ws('|', ${sql.join(regionColumns.map((column) => sql`r.${column}`), sql`, `)})), 1, 7))::bit(28)::int as h) hashed) x
    order by r.level, 3, 4, 5, 6, 7, 8, c.code`);
}

/** The demo project's builtin connection to the warehouse, and its extra_info pointing at it unless someone set another. */
async function connectDemoProject(tx: Db) {
  await tx
    .insert(connections)
    .values({ projectUuid: DEMO.projectUuid, name: DEMO_CONNECTION_NAME, drivername: 'builtin', host: '内置', port: 0, username: 'readonly', passwordSealed: '', database: 'warehouse' })
    .onConflictDoNothing();
  const [connection] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.projectUuid, DEMO.projectUuid), eq(connections.name, DEMO_CONNECTION_NAME), eq(connections.drivername, 'builtin')));
  if (!connection) return;
  await tx
    .update(projects)
    .set({ extraInfo: { project_id: DEMO.projectUuid, connection_id: String(connection.id), database_name: 'warehouse', schema_name: WAREHOUSE_SCHEMA } })
    .where(and(eq(projects.uuid, DEMO.projectUuid), sql`coalesce(${projects.extraInfo}->>'connection_id', '') = ''`));
}

/** The 体检维度 labels carry their region level; labels seeded before this (levels 1..8 by position) are moved, edited ones kept. */
async function levelDimensionLabels(tx: Db) {
  for (const [position, dimension] of DIMENSIONS.entries()) {
    await tx
      .update(labels)
      .set({ extraInfo: sql`jsonb_set(coalesce(${labels.extraInfo}, '{}'::jsonb), '{level}', ${String(dimension.level)}::jsonb)` })
      .where(
        and(
          eq(labels.projectUuid, DEMO.projectUuid),
          eq(labels.name, dimension.name),
          sql`${labels.labelGroupId} in (select ${labelGroups.id} from ${labelGroups} where ${labelGroups.projectUuid} = ${DEMO.projectUuid} and ${labelGroups.name} = '体检维度')`,
          sql`${labels.extraInfo}->>'level' = ${String(position + 1)}`,
        ),
      );
  }
}

/** The demo data warehouse (schema warehouse_demo on the server's own database), made once. */
export async function seedDemoWarehouse(tx: Db): Promise<void> {
  await createTables(tx);
  const [filled] = await tx.select({ any: sql<number>`1` }).from(sql`${at(REGION_TABLE)}`).limit(1);
  if (!filled) await fillTables(tx);
  await connectDemoProject(tx);
  await levelDimensionLabels(tx);
}
