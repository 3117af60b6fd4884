import type { FastifyInstance } from 'fastify';
import { REGION_LEVEL_NAMES, type RegionLevel, type RegionPath } from '../../../contract/results';
import { badRequest } from '../../lib/errors';
import { withProjectConnection } from '../connections/reader';
import type { IndicatorValue, WarehouseSource } from './types';
import { INDICATOR_TABLE, VALUE_TABLE } from './warehouse-tables';

/** More than any dimension has at one level; the values of one region are at most one per indicator of every dimension. */
const CATALOGUE_ROWS_MAX = 1000;
const VALUE_ROWS_MAX = 10_000;

const numberOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/**
 * The indicators of `dimensionName` at `level` (the catalogue, in its order) with the values of
 * `region` (its path from the province, `level` names long), read through the project's connection.
 * A region without a value for an indicator gets null. No indicator for the dimension at that level is a 400.
 */
export async function indicatorsOf(
  app: FastifyInstance,
  projectUuid: string,
  source: WarehouseSource,
  region: RegionPath,
  dimensionName: string,
  level: RegionLevel,
): Promise<IndicatorValue[]> {
  if (region.length !== level) throw badRequest(`区域 ${region.join(' / ')} 不在第 ${level} 级（${REGION_LEVEL_NAMES[level]}）`);
  const where = Object.fromEntries(region.map((name, i) => [REGION_LEVEL_NAMES[(i + 1) as RegionLevel], name]));
  const [catalogue, values] = await withProjectConnection(app, projectUuid, source.connectionId, source.databaseName || undefined, async (session) => [
    await session.select(source.schemaName, INDICATOR_TABLE, ['code', 'name', 'unit', 'standard', 'direction', 'sort_order'], { dimension: dimensionName, level }, CATALOGUE_ROWS_MAX),
    await session.select(source.schemaName, VALUE_TABLE, ['indicator_code', 'value'], { level, ...where }, VALUE_ROWS_MAX),
  ]);
  if (catalogue.length === 0) throw badRequest(`指标目录中没有维度「${dimensionName}」在第 ${level} 级（${REGION_LEVEL_NAMES[level]}）的指标`);
  const valueOf = new Map(values.map((row) => [String(row.indicator_code), numberOrNull(row.value)]));
  return catalogue
    .sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || String(a.code).localeCompare(String(b.code)))
    .map((row) => ({
      code: String(row.code),
      name: String(row.name),
      unit: String(row.unit),
      standard: Number(row.standard),
      direction: row.direction === 'lower' ? 'lower' : 'higher',
      value: valueOf.get(String(row.code)) ?? null,
    }));
}
