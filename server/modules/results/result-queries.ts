import { sql, type SQL } from 'drizzle-orm';
import { REGION_LEVELS, type RegionPath, type ResultItemExtra, type ResultSource, type ResultStatistics } from '../../../contract/results';
import type { Db } from '../../db/client';
import { labels, libraryItemLabels, libraryItems, regionKey, resultReports } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/schema-types';
import { containing } from '../../lib/sql';
import { presentedItems, readListQuery, type ListFilter } from '../library/items';

export interface ResultFilter extends ListFilter {
  regions: RegionPath[];
  dimensionId?: number;
  source: ResultSource;
}
const MAX_REGION_FILTER = 500;
const SOURCES: ResultSource[] = ['generated', 'uploaded', 'all'];

/** The list query of the results area: the library list's, plus regions, dimension_id and source; bad values answer 400 in Chinese. */
export function readResultQuery(query: Record<string, string | undefined>, timeZone: string): ResultFilter {
  const base = readListQuery({ ...query, group_id: undefined, label_ids: undefined, label_names: undefined }, timeZone);
  let regions: RegionPath[] = [];
  if (query.regions) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(query.regions);
    } catch {
      throw badRequest('regions 应为区域路径的 JSON 列表，例如 [["示例省","示例市","东城区"]]');
    }
    const valid = (path: unknown) =>
      Array.isArray(path) && path.length >= 1 && path.length <= REGION_LEVELS.length && path.every((name) => typeof name === 'string' && name.length > 0 && name.length <= 100);
    if (!Array.isArray(parsed) || !parsed.every(valid)) throw badRequest('regions 应为区域路径的 JSON 列表，每个路径是从省开始的 1 到 7 个区域名称');
    if (parsed.length > MAX_REGION_FILTER) throw badRequest(`regions 最多 ${MAX_REGION_FILTER} 个区域`);
    regions = parsed as RegionPath[];
  }
  const dimension = query.dimension_id?.trim();
  if (dimension && (!/^\d+$/.test(dimension) || !isId(Number(dimension)))) throw badRequest('体检维度 dimension_id 不合法');
  const source = (query.source?.trim() || 'all') as ResultSource;
  if (!SOURCES.includes(source)) throw badRequest('source 只能是 generated、uploaded 或 all');
  return { ...base, regions, dimensionId: dimension ? Number(dimension) : undefined, source };
}

const intArray = (ids: number[]) => `{${ids.join(',')}}`;
const textArray = (texts: string[]) => `{${texts.map((text) => `"${text.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The filter as conditions on library_items (li) left-joined with result_reports (rr). A
 * generated report matches by its kept region keys and dimension; an uploaded one (no rr
 * row) by carrying a dimension label, and never a region filter.
 */
function conditions(projectUuid: string, filter: ResultFilter, dimensionIds: number[]): SQL[] {
  const where: SQL[] = [sql`li.project_uuid = ${projectUuid}`, sql`li.kind = 'report'`];
  if (filter.name) where.push(sql`lower(li.name) like lower(${containing(filter.name)})`);
  if (filter.start) where.push(sql`li.created_at >= ${filter.start.toISOString()}`);
  if (filter.end) where.push(sql`li.created_at <= ${filter.end.toISOString()}`);
  const generated: SQL[] = [sql`rr.item_id is not null`];
  if (filter.regions.length) generated.push(sql`rr.region_keys && ${textArray(filter.regions.map(regionKey))}::text[]`);
  if (filter.dimensionId) generated.push(sql`rr.dimension_label_id = ${filter.dimensionId}`);
  const wanted = filter.dimensionId ? dimensionIds.filter((id) => id === filter.dimensionId) : dimensionIds;
  const uploaded =
    filter.regions.length || wanted.length === 0
      ? sql`false`
      : sql`rr.item_id is null and exists (select 1 from ${libraryItemLabels} where ${libraryItemLabels.itemId} = li.id and ${libraryItemLabels.labelId} = any(${intArray(wanted)}::int[]))`;
  const isGenerated = sql`(${sql.join(generated, sql` and `)})`;
  where.push(filter.source === 'generated' ? isGenerated : filter.source === 'uploaded' ? uploaded : sql`(${isGenerated} or (${uploaded}))`);
  return where;
}

const matching = (projectUuid: string, filter: ResultFilter, dimensionIds: number[]) =>
  sql`from ${libraryItems} li ${sql.raw(filter.source === 'generated' ? 'join' : 'left join')} ${resultReports} rr on rr.item_id = li.id
      where ${sql.join(conditions(projectUuid, filter, dimensionIds), sql` and `)}`;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: Row[] }).rows ?? (result as Row[]));

/** One page of the results list: report-list items with their region, dimension and indicators. */
export async function listResults(db: Db, projectUuid: string, filter: ResultFilter, dimensionIds: number[], timeZone: string) {
  const direction = sql.raw(filter.descending ? 'desc' : 'asc');
  const page = rowsOf(
    await db.execute(sql`select li.id, count(*) over () as total ${matching(projectUuid, filter, dimensionIds)}
      order by li.created_at ${direction}, li.id ${direction} limit ${filter.pageSize} offset ${(filter.pageNo - 1) * filter.pageSize}`),
  );
  const ids = page.map((row) => Number(row.id));
  let total = page.length ? Number(page[0].total) : 0;
  if (!page.length && filter.pageNo > 1) {
    total = Number(rowsOf(await db.execute(sql`select count(*) as n ${matching(projectUuid, filter, dimensionIds)}`))[0].n);
  }
  const [items, extras] = await Promise.all([
    presentedItems(db, projectUuid, 'report', ids, timeZone),
    ids.length ? db.select().from(resultReports).where(sql`${resultReports.itemId} = any(${intArray(ids)}::int[])`) : Promise.resolve([]),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const extraById = new Map(extras.map((extra) => [extra.itemId, extra]));
  const dimensionSet = new Set(dimensionIds);
  const data = ids.flatMap((id) => {
    const item = byId.get(id);
    if (!item) return [];
    const extra = extraById.get(id);
    const wantedDimension = extra ? extra.dimensionLabelId : undefined;
    const dimension = item.labels.find((label) => (wantedDimension === undefined ? dimensionSet.has(label.id) : label.id === wantedDimension));
    const more: ResultItemExtra = {
      region: extra?.region ?? null,
      dimension: dimension ? { id: dimension.id, name: dimension.name } : null,
      indicators_met: extra?.indicatorsMet ?? null,
      indicators_total: extra?.indicatorsTotal ?? null,
    };
    return [{ ...item, ...more }];
  });
  return { data, total };
}

/** The longest path every filter region starts with. */
function commonPrefix(paths: RegionPath[]): RegionPath {
  if (paths.length === 0) return [];
  const prefix: string[] = [];
  for (let i = 0; paths.every((path) => i < path.length && path[i] === paths[0][i]); i++) prefix.push(paths[0][i]);
  return prefix;
}

/** What the charts of 成果统计 draw, for the list's filters. */
export async function resultStatistics(db: Db, projectUuid: string, filter: ResultFilter, dimensionIds: number[]): Promise<ResultStatistics> {
  const from = matching(projectUuid, filter, dimensionIds);
  // Per city's districts without a region filter, else one level below what the filter's regions share.
  const depth = Math.max(commonPrefix(filter.regions).length, 2);
  const [totals, dimensions, regions] = await Promise.all([
    db.execute(sql`select count(*) as total, coalesce(sum(rr.indicators_met), 0) as met, coalesce(sum(rr.indicators_total), 0) as all_indicators ${from}`),
    dimensionIds.length
      ? db.execute(sql`select l.id, l.name, count(*) as n from ${libraryItemLabels} lil join ${labels} l on l.id = lil.label_id
          where lil.label_id = any(${intArray(dimensionIds)}::int[]) and lil.item_id in (select li.id ${from})
          group by l.id, l.name`)
      : Promise.resolve([]),
    db.execute(sql`select rr.region[1:${depth + 1}] as path, count(*) as n ${from} and array_length(rr.region, 1) > ${depth}
        group by 1 order by 2 desc, 1 limit 200`),
  ]);
  const [sums] = rowsOf(totals);
  const order = new Map(dimensionIds.map((id, index) => [id, index]));
  return {
    total: Number(sums.total),
    by_dimension: rowsOf(dimensions)
      .map((row) => ({ id: Number(row.id), name: String(row.name), count: Number(row.n) }))
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!),
    by_region: rowsOf(regions).map((row) => {
      const path = row.path as string[];
      return { name: path[path.length - 1], path, count: Number(row.n) };
    }),
    indicators: { met: Number(sums.met), total: Number(sums.all_indicators) },
  };
}
