import { sql, type SQL } from 'drizzle-orm';
import { REGION_LEVELS, type RegionPath, type ResultItemExtra, type ResultSource, type ResultStatistics } from '../../../contract/results';
import type { Db } from '../../db/client';
import { labels, libraryItemLabels, libraryItems, REGION_KEY_SEPARATOR, regionKey, resultCounts, resultReports } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/schema-types';
import { containing, intArray, textArray } from '../../lib/sql';
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
  if (dimension && (!/^\d+$/.test(dimension) || !isId(Number(dimension)))) throw badRequest('体检维度不合法');
  const source = (query.source?.trim() || 'all') as ResultSource;
  if (!SOURCES.includes(source)) throw badRequest('source 只能是 generated、uploaded 或 all');
  return { ...base, regions, dimensionId: dimension ? Number(dimension) : undefined, source };
}


/** The uploaded reports a filter can match: none under a region filter; with dimension_id, those carrying it. */
function uploadedDimensions(filter: ResultFilter, dimensionIds: number[]): number[] {
  if (filter.source === 'generated' || filter.regions.length) return [];
  return filter.dimensionId ? dimensionIds.filter((id) => id === filter.dimensionId) : dimensionIds;
}

/**
 * The generated reports of the filter, from result_reports (rr) alone, whose kept project,
 * time, region keys (GIN) and dimension answer every filter but the name (then joined).
 */
function generatedFrom(projectUuid: string, filter: ResultFilter): SQL {
  const where: SQL[] = [sql`rr.project_uuid = ${projectUuid}`];
  if (filter.start) where.push(sql`rr.created_at >= ${filter.start.toISOString()}`);
  if (filter.end) where.push(sql`rr.created_at <= ${filter.end.toISOString()}`);
  if (filter.regions.length) where.push(sql`rr.region_keys && ${textArray(filter.regions.map(regionKey))}::text[]`);
  if (filter.dimensionId) where.push(sql`rr.dimension_label_id = ${filter.dimensionId}`);
  if (filter.name) where.push(sql`exists (select 1 from ${libraryItems} li where li.id = rr.item_id and lower(li.name) like lower(${containing(filter.name)}))`);
  return sql`from ${resultReports} rr where ${sql.join(where, sql` and `)}`;
}

/** The uploaded reports of the filter: the project's reports without a results row that carry one of `dimensions`. */
function uploadedFrom(projectUuid: string, filter: ResultFilter, dimensions: number[]): SQL {
  const where: SQL[] = [
    sql`li.project_uuid = ${projectUuid}`,
    sql`li.kind = 'report'`,
    sql`exists (select 1 from ${libraryItemLabels} lil where lil.item_id = li.id and lil.label_id = any(${intArray(dimensions)}::int[]))`,
    sql`not exists (select 1 from ${resultReports} rr where rr.item_id = li.id)`,
  ];
  if (filter.name) where.push(sql`lower(li.name) like lower(${containing(filter.name)})`);
  if (filter.start) where.push(sql`li.created_at >= ${filter.start.toISOString()}`);
  if (filter.end) where.push(sql`li.created_at <= ${filter.end.toISOString()}`);
  return sql`from ${libraryItems} li where ${sql.join(where, sql` and `)}`;
}

/**
 * Whether the kept counts (result_counts) answer the filter: no name or time, and no filter
 * region at or under another (a report would then be counted twice).
 */
function countable(filter: ResultFilter): boolean {
  if (filter.name || filter.start || filter.end) return false;
  const keys = filter.regions.map(regionKey);
  return !keys.some((a, i) => keys.some((b, j) => i !== j && (a === b || a.startsWith(b + REGION_KEY_SEPARATOR))));
}

/** The kept count rows of the filter's reports: one per filter region (or per province) and dimension. */
function countedFrom(projectUuid: string, filter: ResultFilter): SQL {
  const where: SQL[] = [sql`rc.project_uuid = ${projectUuid}`];
  where.push(filter.regions.length ? sql`rc.region_key = any(${textArray(filter.regions.map(regionKey))}::text[])` : sql`rc.depth = 1`);
  if (filter.dimensionId) where.push(sql`rc.dimension_label_id = ${filter.dimensionId}`);
  return sql`from ${resultCounts} rc where ${sql.join(where, sql` and `)}`;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: Row[] }).rows ?? (result as Row[]));
const one = async (db: Db, statement: SQL) => rowsOf(await db.execute(statement));

/**
 * The ids of one page in list order and the total. Each side's page is read in list order
 * from its own index (offset + page size rows at most), then the two are merged; the totals
 * are counted apart (the generated ones from result_reports alone).
 */
async function pageIds(db: Db, projectUuid: string, filter: ResultFilter, dimensionIds: number[]) {
  const direction = sql.raw(filter.descending ? 'desc' : 'asc');
  const offset = (filter.pageNo - 1) * filter.pageSize;
  const uploaded = uploadedDimensions(filter, dimensionIds);
  const withGenerated = filter.source !== 'uploaded';
  const withUploaded = uploaded.length > 0;
  const both = withGenerated && withUploaded;
  const window = both ? offset + filter.pageSize : filter.pageSize;
  const skip = both ? 0 : offset;
  const [generated, generatedTotal, uploads, uploadedTotal] = await Promise.all([
    withGenerated
      ? one(db, sql`select rr.item_id as id, rr.created_at as at ${generatedFrom(projectUuid, filter)} order by rr.created_at ${direction}, rr.item_id ${direction} limit ${window} offset ${skip}`)
      : [],
    !withGenerated
      ? [{ n: 0 }]
      : countable(filter)
        ? one(db, sql`select coalesce(sum(rc.n), 0) as n ${countedFrom(projectUuid, filter)}`)
        : one(db, sql`select count(*) as n ${generatedFrom(projectUuid, filter)}`),
    withUploaded
      ? one(db, sql`select li.id, li.created_at as at ${uploadedFrom(projectUuid, filter, uploaded)} order by li.created_at ${direction}, li.id ${direction} limit ${window} offset ${skip}`)
      : [],
    withUploaded ? one(db, sql`select count(*) as n ${uploadedFrom(projectUuid, filter, uploaded)}`) : [{ n: 0 }],
  ]);
  const sign = filter.descending ? -1 : 1;
  const time = (row: Row) => new Date(row.at as string).getTime();
  const merged = [...generated, ...uploads].sort((a, b) => sign * (time(a) - time(b) || Number(a.id) - Number(b.id)));
  const ids = (both ? merged.slice(offset, offset + filter.pageSize) : merged).map((row) => Number(row.id));
  return { ids, total: Number(generatedTotal[0].n) + Number(uploadedTotal[0].n) };
}

/** One page of the results list: report-list items with their region, dimension and indicators. */
export async function listResults(db: Db, projectUuid: string, filter: ResultFilter, dimensionIds: number[], timeZone: string) {
  const { ids, total } = await pageIds(db, projectUuid, filter, dimensionIds);
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

/**
 * The generated side of the statistics from the kept counts, in the rows the scan gives:
 * the total, one row per dimension, one per region one level below `depth`. A filter region
 * deeper than that level is counted whole under its ancestor at that level.
 */
async function keptStatistics(db: Db, projectUuid: string, filter: ResultFilter, depth: number): Promise<Row[]> {
  const keys = filter.regions.map(regionKey);
  const shallow = filter.regions.filter((path) => path.length <= depth + 1).map(regionKey);
  const deep = filter.regions.filter((path) => path.length > depth + 1).map(regionKey);
  const dimension = filter.dimensionId ? sql`and rc.dimension_label_id = ${filter.dimensionId}` : sql``;
  const under = keys.length
    ? sql`(rc.depth = ${depth + 1} and exists (select 1 from unnest(${textArray(shallow)}::text[]) f where rc.region_key = f or starts_with(rc.region_key, f || ${REGION_KEY_SEPARATOR})))
        or rc.region_key = any(${textArray(deep)}::text[])`
    : sql`rc.depth = ${depth + 1}`;
  const [perDimension, perRegion] = await Promise.all([
    one(db, sql`select rc.dimension_label_id as dimension, sum(rc.n) as n, sum(rc.met) as met, sum(rc.indicators) as all_indicators ${countedFrom(projectUuid, filter)} group by 1`),
    one(db, sql`select rc.region_key, sum(rc.n) as n from ${resultCounts} rc where rc.project_uuid = ${projectUuid} ${dimension} and (${under}) group by 1`),
  ]);
  const byAncestor = new Map<string, number>();
  for (const row of perRegion) {
    const ancestor = regionKey(String(row.region_key).split(REGION_KEY_SEPARATOR).slice(0, depth + 1));
    byAncestor.set(ancestor, (byAncestor.get(ancestor) ?? 0) + Number(row.n));
  }
  const sum = (field: string) => perDimension.reduce((total, row) => total + Number(row[field]), 0);
  return [
    { by_dimension: 1, by_region: 1, n: sum('n'), met: sum('met'), all_indicators: sum('all_indicators') },
    ...perDimension.filter((row) => Number(row.dimension) !== 0 && Number(row.n) > 0).map((row) => ({ by_dimension: 0, by_region: 1, dimension: row.dimension, n: row.n })),
    ...[...byAncestor].filter(([, n]) => n > 0).map(([path, n]) => ({ by_dimension: 1, by_region: 0, path, n })),
  ];
}

/**
 * What the charts of 成果统计 draw, for the list's filters: the generated reports' totals, per
 * dimension and per region in one pass over result_reports (grouping sets), plus the uploaded
 * reports per dimension.
 */
export async function resultStatistics(db: Db, projectUuid: string, filter: ResultFilter, dimensionIds: number[]): Promise<ResultStatistics> {
  // Per city's districts without a region filter, else one level below what the filter's regions share.
  const depth = Math.max(commonPrefix(filter.regions).length, 2);
  const uploaded = uploadedDimensions(filter, dimensionIds);
  const [generated, uploads, [uploadedTotal]] = await Promise.all([
    filter.source === 'uploaded'
      ? []
      : countable(filter)
        ? keptStatistics(db, projectUuid, filter, depth)
        : one(db, sql`select grouping(dimension) as by_dimension, grouping(path) as by_region, dimension, path,
            count(*) as n, coalesce(sum(met), 0) as met, coalesce(sum(indicators), 0) as all_indicators
          from (select rr.dimension_label_id as dimension, rr.region_keys[${depth + 1}] as path,
              rr.indicators_met as met, rr.indicators_total as indicators ${generatedFrom(projectUuid, filter)}) as matched
          group by grouping sets ((), (dimension), (path))`),
    uploaded.length
      ? one(db, sql`select lil.label_id as dimension, count(*) as n
          from ${libraryItemLabels} lil where lil.label_id = any(${intArray(uploaded)}::int[]) and lil.item_id in (select li.id ${uploadedFrom(projectUuid, filter, uploaded)})
          group by lil.label_id`)
      : [],
    uploaded.length ? one(db, sql`select count(*) as n ${uploadedFrom(projectUuid, filter, uploaded)}`) : [{ n: 0 }],
  ]);
  const names = new Map(
    (dimensionIds.length ? await db.select({ id: labels.id, name: labels.name }).from(labels).where(sql`${labels.id} = any(${intArray(dimensionIds)}::int[])`) : []).map((label) => [label.id, label.name]),
  );
  const perDimension = new Map<number, number>();
  let total = 0;
  let met = 0;
  let indicators = 0;
  const byRegion: ResultStatistics['by_region'] = [];
  for (const row of generated) {
    // The region key one level below (null for a report at or above that level): its names joined.
    const path = typeof row.path === 'string' ? row.path.split(REGION_KEY_SEPARATOR) : null;
    if (Number(row.by_dimension) === 0) {
      if (row.dimension !== null) perDimension.set(Number(row.dimension), Number(row.n));
    } else if (Number(row.by_region) === 0) {
      // Reports at or above the grouping level have no region below it.
      if (path) byRegion.push({ name: path[path.length - 1], path, count: Number(row.n) });
    } else {
      total += Number(row.n);
      met += Number(row.met);
      indicators += Number(row.all_indicators);
    }
  }
  for (const row of uploads) perDimension.set(Number(row.dimension), (perDimension.get(Number(row.dimension)) ?? 0) + Number(row.n));
  total += Number(uploadedTotal.n);
  return {
    total,
    by_dimension: dimensionIds.filter((id) => perDimension.has(id) && names.has(id)).map((id) => ({ id, name: names.get(id)!, count: perDimension.get(id)! })),
    by_region: byRegion.sort((a, b) => b.count - a.count || (a.path.join('/') < b.path.join('/') ? -1 : 1)).slice(0, 200),
    indicators: { met, total: indicators },
  };
}
