import { sql } from 'drizzle-orm';
import { REGION_LEVEL_NAMES, REGION_TABLE } from '../../../contract/results';
import type { Db } from '../../db/client';

/**
 * The tables a project's data holds for the 成果 area, beside the region table (REGION_TABLE of
 * contract/results.ts). The demo warehouse's seed and the warehouse import make them; a project's own database names them alike.
 */

/** One row per indicator of a dimension at a region level: code, level, dimension, name, unit, standard, direction, sort_order. */
export const INDICATOR_TABLE = 'indicator_catalogue';
/** One row per region and indicator: indicator_code, level, the region's columns down to its level (null below), value (null: missing). */
export const VALUE_TABLE = 'indicator_value';

const id = (name: string) => sql.identifier(name);
const [province, city, district, street, community, xiaoqu, building] = Object.values(REGION_LEVEL_NAMES).map(id);

/** The schema, its three tables and their comments (shown by the connection browser); nothing if they exist. */
export async function createWarehouseTables(tx: Db, schema: string): Promise<void> {
  const at = (table: string) => sql`${id(schema)}.${id(table)}`;
  await tx.execute(sql`create schema if not exists ${id(schema)}`);
  await tx.execute(sql`create table if not exists ${at(REGION_TABLE)} (
    id serial primary key, ${province} varchar(50) not null, ${city} varchar(50), ${district} varchar(50), ${street} varchar(50),
    ${community} varchar(50), ${xiaoqu} varchar(100), ${building} varchar(50))`);
  await tx.execute(sql`comment on table ${at(REGION_TABLE)} is '调查范围：每个区域一行，列为省、市、区县、街道、社区、小区、楼栋（区域所在层级以下为空）'`);
  await tx.execute(sql`create table if not exists ${at(INDICATOR_TABLE)} (
    code varchar(16) not null, level int not null, dimension varchar(20) not null, name varchar(60) not null, unit varchar(20) not null,
    standard numeric(12, 2) not null, direction varchar(8) not null check (direction in ('higher', 'lower')), sort_order int not null,
    primary key (code, level))`);
  await tx.execute(sql`comment on table ${at(INDICATOR_TABLE)} is '体检指标目录：每个维度、每个区域层级的指标，标准值与方向（higher 越高越好，lower 越低越好）'`);
  await tx.execute(sql`create table if not exists ${at(VALUE_TABLE)} (
    id serial primary key, indicator_code varchar(16) not null, level int not null,
    ${province} varchar(50) not null, ${city} varchar(50), ${district} varchar(50), ${street} varchar(50), ${community} varchar(50), ${xiaoqu} varchar(100), ${building} varchar(50),
    value numeric(12, 2))`);
  await tx.execute(sql`create index if not exists indicator_value_region_idx on ${at(VALUE_TABLE)} (level, ${district}, ${street}, ${community}, ${xiaoqu})`);
  await tx.execute(sql`comment on table ${at(VALUE_TABLE)} is '指标值：每个区域（其层级以下的列为空）每个指标一行；value 为空表示缺数'`);
}
