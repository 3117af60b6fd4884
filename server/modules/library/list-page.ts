/** The library list: a page of items and its exact total in one statement, by shape of filter (docs/design/library-list.md, "The list at a million items"). */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { labels, libraryGroupCounts, libraryItemLabels, libraryItems, libraryDayCounts, libraryLabelDayCounts, libraryLabelSetCounts, storedFiles, type LibraryKind } from '../../db/schema';
import type { LibraryKindContract } from '../../../contract/library';
import { containing, intArray, textArray } from '../../lib/sql';
import { imageFileOfItem, presentedColumns, presentItem, type ListFilter, type Presentable } from './items';
import { changeVersion, rememberedAnswer } from './list-cache';

export const labelTerm = (id: number) => `label:${id}`;
/** A text[] literal of any strings (label names included: quotes and backslashes escaped). */

const labelsQuery = preparedPer((db) =>
  db
    .select({ id: labels.id, name: labels.name, groupId: labels.labelGroupId })
    .from(labels)
    .where(
      and(
        eq(labels.projectUuid, sql.placeholder('projectUuid')),
        eq(labels.origin, sql.placeholder('origin')),
        sql`(${labels.id} = any(${sql.placeholder('ids')}::int[]) or ${labels.name} = any(${sql.placeholder('names')}::text[]))`,
      ),
    )
    .prepare('library_list_labels'),
);

interface LabelLookup {
  /** Labels of one label group are alternatives, labels of different groups must all hold. */
  sets: number[][];
  /** The labels found, `id:group` in id order: what the list's statement checks still holds. */
  found: string[];
}
/** Label lookups by project, kind and the filter's labels, per database; the least recently used dropped beyond the limit. */
const labelLookups = new WeakMap<Db, LRUCache<string, LabelLookup>>();
const LABEL_LOOKUPS_MAX = 1000;

/**
 * The filter's labels as sets of label ids, or null when a wanted label does not exist, so
 * nothing can match. Remembered per process: the list's statement checks that the labels are
 * still what was found (`labelsUnchanged`), so a label another process moved or deleted is
 * never filtered by a stale group, and the list costs no round trip to learn its labels' groups.
 */
export async function labelLookup(db: Db, projectUuid: string, spec: LibraryKindContract, filter: ListFilter, fresh: boolean): Promise<LabelLookup | null> {
  if (filter.labelIds.length === 0 && filter.labelNames.length === 0) return { sets: [], found: [] };
  let lookups = labelLookups.get(db);
  if (!lookups) labelLookups.set(db, (lookups = new LRUCache({ max: LABEL_LOOKUPS_MAX })));
  const key = JSON.stringify([projectUuid, spec.entity, filter.labelIds, filter.labelNames]);
  const known = lookups.get(key);
  if (known && !fresh) return known;
  lookups.delete(key);
  const wanted = await labelsQuery(db).execute({
    projectUuid,
    origin: spec.entity,
    ids: intArray(filter.labelIds),
    names: textArray(filter.labelNames),
  });
  const foundIds = new Set(wanted.map((label) => label.id));
  const foundNames = new Set(wanted.map((label) => label.name));
  if (filter.labelIds.some((id) => !foundIds.has(id)) || filter.labelNames.some((name) => !foundNames.has(name))) return null;
  const byGroup = new Map<number | null, number[]>();
  for (const label of wanted) byGroup.set(label.groupId, [...(byGroup.get(label.groupId) ?? []), label.id]);
  const lookup = { sets: [...byGroup.values()], found: labelsFound(wanted) };
  lookups.set(key, lookup);
  return lookup;
}
const levelLabelsQuery = preparedPer((db) =>
  db
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        eq(labels.projectUuid, sql.placeholder('projectUuid')),
        eq(labels.origin, sql.placeholder('origin')),
        sql`${labels.extraInfo}->>'level' = ${sql.placeholder('level')}`,
      ),
    )
    .prepare('library_list_level_labels'),
);
export const labelsOfLevel = async (db: Db, projectUuid: string, spec: LibraryKindContract, level: number) =>
  (await levelLabelsQuery(db).execute({ projectUuid, origin: spec.entity, level: String(level) })).map((label) => label.id);

const labelsFound = (found: Array<{ id: number; groupId: number | null }>) =>
  [...found].sort((a, b) => a.id - b.id).map((label) => `${label.id}:${label.groupId ?? 0}`);

/** True while the filter's labels are those a remembered lookup found, with the same groups: the same lookup, in the list's statement. */
function labelsUnchanged(projectUuid: string, spec: LibraryKindContract, filter: ListFilter, lookup: LabelLookup, bind: Bind): SQL {
  return sql`(select coalesce(array_agg(${labels.id} || ':' || coalesce(${labels.labelGroupId}, 0) order by ${labels.id}), '{}') from ${labels}
    where ${labels.projectUuid} = ${bind('projectUuid', projectUuid)} and ${labels.origin} = ${bind('origin', spec.entity)}
      and (${labels.id} = any(${bind('ids', intArray(filter.labelIds))}::int[]) or ${labels.name} = any(${bind('names', textArray(filter.labelNames))}::text[])))
    = ${bind('found', textArray(lookup.found))}::text[]`;
}

/**
 * Puts a filter's value in a statement: as a placeholder of the statement built once per shape
 * of filter (`prepared` below), or as the value itself in one built for one use.
 */
type Bind = (name: string, value: unknown) => unknown;
export const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** Beyond this many pairs (a long name with many labels) the filter reads `terms`: as exact, and bounded by their sum. */
const PAIR_KEYS_MAX = 256;

/**
 * The filter as conditions on the item's kept `terms` and `pairs` (both GIN-indexed) and its
 * columns. A name is checked with LIKE; its two-character pieces only narrow the candidates.
 * With labels too, the name's pieces paired with the labels (`pairs`) do it: each piece with
 * every label of each single-label group (`@>`), and some piece with some label of each group of
 * several (`&&`). LIKE makes every piece present, so that is exactly the labels' condition, and
 * a pair's posting list is far shorter than its piece's or its label's. Otherwise `terms`: the
 * name's pieces and each single-label group's label (`@>`), and one label of each group of
 * several (`&&`). A name of one character has no pieces: LIKE alone decides it.
 */
export function conditions(projectUuid: string, kind: LibraryKind, filter: ListFilter, sets: number[][], bind: Bind): SQL[] {
  const where: SQL[] = [sql`${libraryItems.projectUuid} = ${bind('projectUuid', projectUuid)}`, sql`${libraryItems.kind} = ${bind('kind', kind)}`];
  const singles = sets.filter((ids) => ids.length === 1).map(([id]) => id);
  const several = sets.filter((group) => group.length > 1);
  const pieces = filter.name && [...filter.name].length >= 2 ? sql`library_name_terms(${bind('name', filter.name)})` : undefined;
  const pairKeys = ([...(filter.name ?? '')].length - 1) * sets.flat().length;
  if (pieces && sets.length > 0 && pairKeys <= PAIR_KEYS_MAX) {
    if (singles.length > 0) where.push(sql`${libraryItems.pairs} @> library_pair_keys(${pieces}, ${bind('all', intArray(singles))}::int[])`);
    for (const [i, ids] of several.entries()) {
      where.push(sql`${libraryItems.pairs} && library_pair_keys(${pieces}, ${bind(`any${i}`, intArray(ids))}::int[])`);
    }
  } else {
    const all = textArray(singles.map(labelTerm));
    if (pieces) where.push(sql`${libraryItems.terms} @> (${pieces} || ${bind('all', all)}::text[])`);
    else if (all !== '{}') where.push(sql`${libraryItems.terms} @> ${bind('all', all)}::text[]`);
    for (const [i, ids] of several.entries()) {
      where.push(sql`${libraryItems.terms} && ${bind(`any${i}`, textArray(ids.map(labelTerm)))}::text[]`);
    }
  }
  if (filter.name) where.push(sql`lower(${libraryItems.name}) like lower(${bind('like', containing(filter.name))})`);
  if (filter.groupId === null) where.push(isNull(libraryItems.groupId));
  if (filter.groupId) where.push(sql`${libraryItems.groupId} = ${bind('groupId', filter.groupId)}`);
  if (filter.start) where.push(sql`${libraryItems.createdAt} >= ${bind('start', filter.start.toISOString())}`);
  if (filter.end) where.push(sql`${libraryItems.createdAt} <= ${bind('end', filter.end.toISOString())}`);
  return where;
}

/**
 * The page statements of the list, built once per database and shape of filter. Where the best
 * plan depends on the values (a name, dates) the statement is unnamed, so the database plans it
 * at each use; a generic plan there once read every item of the date range. Otherwise it is
 * prepared: planned once too.
 */
const preparedShapes = new WeakMap<Db, Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>>();
/**
 * Shapes kept per database. A kept shape is a named statement on each connection that ran it;
 * beyond this many, a shape is built and planned at each use, so a client walking through page
 * sizes, sorts and groups cannot fill the database's memory with statements.
 */
export const SHAPES_KEPT_MAX = 200;
function prepared<T>(db: Db, shape: string, plannedEachTime: boolean, build: () => { prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> } }) {
  let shapes = preparedShapes.get(db);
  if (!shapes) preparedShapes.set(db, (shapes = new Map()));
  let statement = shapes.get(shape);
  if (!statement) {
    const kept = shapes.size < SHAPES_KEPT_MAX;
    statement = build().prepare(plannedEachTime || !kept ? '' : `library_list_${shapes.size}`);
    if (kept) shapes.set(shape, statement);
  }
  return statement as { execute(values: Record<string, unknown>): Promise<T> };
}

/**
 * The total as a sum of kept counts, when they answer it: no name or dates, and either no
 * labels (the group counts) or no group (the label-set counts: the sets that hold, for each
 * label group of the filter, one of its labels). Undefined when the matches must be counted.
 */
function keptTotal(projectUuid: string, kind: LibraryKind, filter: ListFilter, sets: number[][], bind: Bind): SQL | undefined {
  if (filter.name || filter.start || filter.end || (sets.length > 0 && filter.groupId !== undefined)) return undefined;
  const counts = sets.length === 0 ? libraryGroupCounts : libraryLabelSetCounts;
  const narrowed =
    sets.length > 0
      ? sets.map((ids, i) => sql`${libraryLabelSetCounts.labelTerms} && ${bind(`set${i}`, textArray(ids.map(labelTerm)))}::text[]`)
      : filter.groupId === undefined
        ? []
        : [sql`${libraryGroupCounts.groupKey} = ${bind('groupKey', filter.groupId ?? 0)}`];
  return sql`(select coalesce(sum(${counts.n}), 0)::int from ${counts}
    where ${and(sql`${counts.projectUuid} = ${bind('projectUuid', projectUuid)}`, sql`${counts.kind} = ${bind('kind', kind)}`, ...narrowed)})`;
}

/** From this offset on, a page of the unfiltered, group or one-label list starts at the day of its first item. */
const DEEP_OFFSET = 1000;
const DAY_SECONDS = 86_400;
/** Links a page of labels of one group may merge (labels × the page's reach); beyond, it walks the list. */
const LINKS_MERGED_MAX = 10_000;

/** Ids per slice of the day counts (library_slice in migration 0033). */
const SLICE_IDS = 1024;

/**
 * Where a deep page starts, in list order: a position (`at`, `id`) of the order (created_at,
 * id) and the number of items before it. First the day holding the item at `offset` and the
 * items before that day, from a running sum of the list's day counts (or the label's), read in
 * list order from the index and stopped at that day. Then, within that day, the last slice
 * boundary before the offset that is also a boundary in list order: every item of the slices
 * below it was created no later than every item above it (their kept bounds say so; bounds
 * loosened by deletes only hide a boundary). In a day of many items created at one time (a bulk
 * import) every slice boundary is one, so the page skips at most a slice's items; in a day of
 * items created one by one, ids grow with created_at and most are. No row past the end.
 * A CTE of the page's statement.
 */
function anchorOf(db: Db, counts: SQL, descending: boolean, offset: unknown) {
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const earlier = sql.raw('rows between unbounded preceding and 1 preceding');
  // Every frame starts at the first row, so each window is one pass: min and max have no inverse,
  // and a frame from the current row to the end was recomputed for each row (2 ms at 200 slices).
  const sofar = sql.raw('rows between unbounded preceding and current row');
  // Ascending, a cut below slice s: the items of slices below it are before it, and it starts at
  // (lowest created_at at or above s, first id of s). Descending, a cut above slice s: the items
  // of slices above it are before it, and the page goes on below (lowest created_at above s,
  // first id of s + 1), or below the day's end from the top slice.
  const cut = descending
    ? sql`min(lo) over (order by slice desc ${earlier}) as at, (slice + 1) * ${sql.raw(String(SLICE_IDS))} as id,
        max(hi) over (order by slice ${sofar}) as below_hi, min(lo) over (order by slice desc ${earlier}) as above_lo`
    : sql`min(lo) over (order by slice desc ${sofar}) as at, slice * ${sql.raw(String(SLICE_IDS))} as id,
        max(hi) over (order by slice ${earlier}) as below_hi, min(lo) over (order by slice desc ${sofar}) as above_lo`;
  return db.$with('anchor', { at: sql<string>`at`, id: sql<number>`id`, before: sql<number>`before` }).as(sql`
    select coalesce(at, to_timestamp((day + 1) * ${sql.raw(String(DAY_SECONDS))}::float8)) as at, case when at is null then 0 else id end as id, before from (
      select the_day.day, slices.slice, the_day.before + coalesce(sum(slices.n) over (order by slices.slice ${direction} ${earlier}), 0)::int as before, ${cut}
      from (
        select day, before from (
          select day, n, coalesce(sum(n) over (order by day ${direction} ${earlier}), 0)::int as before
          from (select day, sum(n) as n from (${counts}) as counts group by 1 order by 1 ${direction}) as days
        ) as running where before + n > ${offset} limit 1
      ) as the_day
      cross join lateral (
        select slice, sum(n) as n, min(lo) as lo, max(hi) as hi from (${counts}) as counts
        where counts.day = the_day.day group by 1 having sum(n) > 0
      ) as slices
    ) as cuts
    where (below_hi is null or above_lo is null or below_hi <= above_lo) and before <= ${offset}
    order by slice ${sql.raw(descending ? 'asc' : 'desc')} limit 1`);
}

/**
 * One page of the list, presented, and the exact total, in one statement. The page's ids are
 * found first (from an index alone where no filter needs the row: the list indexes, or a
 * label's links in list order), then only those rows are read, with their labels and card
 * image: deep pages skip index entries, not rows. The total is a sum of kept counts, or else
 * count(*) over the matches. The statement is built once per shape of filter, and a first page
 * without a name or dates planned once too: building and planning it cost more than running it.
 * An answer is remembered while its project is unchanged (`rememberedAnswer`).
 */
export function listItems(db: Db, projectUuid: string, spec: LibraryKindContract, filter: ListFilter, timeZone: string, remembered: number) {
  const key = JSON.stringify([projectUuid, spec.kind, filter, timeZone]);
  return rememberedAnswer(db, { projectUuid, kind: spec.kind }, key, remembered, async () => {
    const { version, ...answer } = await listPage(db, projectUuid, spec, filter, timeZone, false);
    return { answer, version };
  });
}

/** A page and its total, with the version of the project's list it was read at (none when no statement read it). */
async function listPage(db: Db, projectUuid: string, spec: LibraryKindContract, filter: ListFilter, timeZone: string, fresh: boolean): Promise<{ data: ReturnType<typeof presentItem>[]; total: number; version?: string }> {
  const lookup = await labelLookup(db, projectUuid, spec, filter, fresh);
  if (lookup === null) return { data: [], total: 0 };
  // The level's labels are read each time (not remembered): a label given the level later counts at once.
  const levelSet = filter.level === undefined ? undefined : await labelsOfLevel(db, projectUuid, spec, filter.level);
  if (levelSet?.length === 0) return { data: [], total: 0 };
  const sets = levelSet ? [...lookup.sets, levelSet] : lookup.sets;
  // A name or dates: the best plan depends on the values, so the statement is planned at each use.
  const plannedEachTime = Boolean(filter.name || filter.start || filter.end);
  const labelsOnly = sets.length === 1 && !plannedEachTime && filter.groupId === undefined;
  const oneLabelOnly = labelsOnly && sets[0].length === 1;
  const offset = (filter.pageNo - 1) * filter.pageSize;
  const deep = offset >= DEEP_OFFSET && (oneLabelOnly || (sets.length === 0 && !plannedEachTime));
  // Labels of one group, a page not deep: each label's first links in list order, merged, at most LINKS_MERGED_MAX of them.
  const anyOfLabels = labelsOnly && !oneLabelOnly && offset < DEEP_OFFSET && sets[0].length * (offset + filter.pageSize) <= LINKS_MERGED_MAX;
  const name = filter.name && ([...filter.name].length >= 2 ? 'pieces' : 'like');
  // A prepared statement has its LIMIT written in (a shape per page size), and a first page its
  // OFFSET too. With a placeholder LIMIT the database plans for a tenth of the rows, so its
  // generic plan looked worse than any custom one and every use was planned again (about 0.5 ms,
  // more than running it; a deep page's 1.3 ms of 2.3).
  const firstPage = !plannedEachTime && offset === 0;
  const shape = JSON.stringify([
    sets.map((ids) => ids.length > 1), filter.groupId === undefined ? 'all' : filter.groupId && 'one', filter.descending, deep, name, !!filter.start, !!filter.end,
    !plannedEachTime && filter.pageSize, firstPage, anyOfLabels,
  ]);
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => ((values[name] = value), asPlaceholder(name, value));
  const where = conditions(projectUuid, spec.kind, filter, sets, bind);
  const unchanged = lookup.sets.length > 0 ? labelsUnchanged(projectUuid, spec, filter, lookup, bind) : undefined;
  if (unchanged) where.push(unchanged);
  const kept = keptTotal(projectUuid, spec.kind, filter, sets, bind);
  const version = changeVersion(bind('projectUuid', projectUuid), bind('kind', spec.kind));

  // Every value is bound here, before `build`, which runs only the first time a shape is seen.
  const limit = (!plannedEachTime ? sql.raw(String(filter.pageSize)) : bind('limit', filter.pageSize)) as number;
  const at = firstPage ? sql.raw('0') : bind('offset', offset);
  const label = oneLabelOnly ? bind('label', sets[0][0]) : undefined;
  // An item with several of the labels comes once; each label gives at most the page's reach of links.
  const order = sql.raw(filter.descending ? 'desc' : 'asc');
  const anyOfLinks = anyOfLabels
    ? sql`(select distinct links.item_id, links.created_at from unnest(${bind('anyOf', intArray(sets[0]))}::int[]) as wanted(id)
        cross join lateral (select ${libraryItemLabels.itemId}, ${libraryItemLabels.createdAt} from ${libraryItemLabels}
          where ${libraryItemLabels.labelId} = wanted.id order by 2 ${order}, 1 ${order}
          limit ${firstPage ? sql.raw(String(filter.pageSize)) : bind('reach', offset + filter.pageSize)}) as links) as any_of`
    : undefined;
  const counts = !deep
    ? undefined
    : oneLabelOnly
      ? sql`select ${libraryLabelDayCounts.day} as day, ${libraryLabelDayCounts.slice} as slice, ${libraryLabelDayCounts.n} as n,
            ${libraryLabelDayCounts.lo} as lo, ${libraryLabelDayCounts.hi} as hi
          from ${libraryLabelDayCounts} where ${libraryLabelDayCounts.labelId} = ${label}`
      : sql`select ${libraryDayCounts.day} as day, ${libraryDayCounts.slice} as slice, ${libraryDayCounts.n} as n,
            ${libraryDayCounts.lo} as lo, ${libraryDayCounts.hi} as hi
          from ${libraryDayCounts}
          where ${libraryDayCounts.projectUuid} = ${bind('projectUuid', projectUuid)} and ${libraryDayCounts.kind} = ${bind('kind', spec.kind)}
            and ${libraryDayCounts.groupKey} = ${bind('groupKey', filter.groupId === undefined ? -1 : (filter.groupId ?? 0))}`;

  const build = () => {
    const direction = filter.descending ? desc : asc;
    const total = sql<number>`${kept ?? sql`count(*) over ()`}`.mapWith(Number).as('page_total');
    const anchor = counts && anchorOf(db, counts, filter.descending, at);
    // A deep page starts at its anchor and skips only the items between it and the offset; past the end it is empty at once.
    const skipped = anchor ? (sql`(${at} - coalesce((select before from ${anchor}), 0))` as unknown as number) : (at as number);
    const fromAnchor = (createdAt: typeof libraryItems.createdAt | typeof libraryItemLabels.createdAt, id: typeof libraryItems.id | typeof libraryItemLabels.itemId) =>
      !anchor
        ? undefined
        : filter.descending
          ? sql`(${createdAt}, ${id}) < (coalesce((select at from ${anchor}), '-infinity'), coalesce((select id from ${anchor}), 0))`
          : sql`(${createdAt}, ${id}) >= (coalesce((select at from ${anchor}), 'infinity'), coalesce((select id from ${anchor}), 0))`;
    const page = db.$with('page').as(
      anyOfLinks
        ? db
            .select({ id: sql<number>`any_of.item_id`.as('page_id'), total })
            .from(anyOfLinks)
            .where(unchanged)
            .orderBy(direction(sql`any_of.created_at`), direction(sql`any_of.item_id`))
            .limit(limit)
            .offset(at as number)
        : oneLabelOnly
        ? db
            .select({ id: sql<number>`${libraryItemLabels.itemId}`.as('page_id'), total })
            .from(libraryItemLabels)
            .where(and(sql`${libraryItemLabels.labelId} = ${label}`, fromAnchor(libraryItemLabels.createdAt, libraryItemLabels.itemId), unchanged))
            .orderBy(direction(libraryItemLabels.createdAt), direction(libraryItemLabels.itemId))
            .limit(limit)
            .offset(skipped)
        : db
            .select({ id: sql<number>`${libraryItems.id}`.as('page_id'), total })
            .from(libraryItems)
            .where(and(...where, fromAnchor(libraryItems.createdAt, libraryItems.id)))
            .orderBy(direction(libraryItems.createdAt), direction(libraryItems.id))
            .limit(limit)
            .offset(skipped),
    );
    return db
      .with(...(anchor ? [anchor, page] : [page]))
      .select({ ...presentedColumns, total: sql<number>`(select ${page.total} from ${page} limit 1)`.mapWith(Number), version })
      .from(libraryItems)
      .leftJoin(storedFiles, imageFileOfItem)
      // The page is read once, then its rows by primary key: with stale statistics (PGlite has
      // no autovacuum) a join once read the page again for each item of the project.
      .where(and(sql`${libraryItems.id} = any(array(select ${page.id} from ${page}))`, ...where.slice(0, 2) /* project and kind */))
      .orderBy(direction(libraryItems.createdAt), direction(libraryItems.id));
  };
  const found = await prepared<Array<Presentable & { total: number; version: string }>>(db, shape, plannedEachTime, build).execute(values);
  if (found.length > 0) return { data: found.map((row) => presentItem(row, timeZone)), total: found[0].total, version: found[0].version };
  if (offset === 0 && sets.length === 0) return { data: [], total: 0 };
  // No row: past the last page, or the remembered labels changed (another process moved or
  // deleted one). The count says which: it repeats the labels' check. Changed, look them up again.
  const counted = keptTotal(projectUuid, spec.kind, filter, sets, asValue)
    ?? sql`(select count(*) from ${libraryItems} where ${and(...conditions(projectUuid, spec.kind, filter, sets, asValue))})`;
  const labelsHold = lookup.sets.length > 0 ? labelsUnchanged(projectUuid, spec, filter, lookup, asValue) : sql`true`;
  const [{ total, hold, version: countedAt }] = await db
    .select({ total: sql<number>`${counted}`.mapWith(Number), hold: sql<boolean>`${labelsHold}`, version: changeVersion(projectUuid, spec.kind) })
    .from(sql`(values (1)) as one`);
  if (!hold && !fresh) return listPage(db, projectUuid, spec, filter, timeZone, true);
  return { data: [], total, version: countedAt };
}

/**
 * The conditions of a filter as the list applies them, its labels looked up afresh in the
 * caller's transaction, so a batch over a filter acts on exactly what the list shows; null when
 * nothing can match (a wanted label that does not exist, a level without labels).
 */
export async function filterConditions(db: Db, projectUuid: string, spec: LibraryKindContract, filter: ListFilter): Promise<SQL[] | null> {
  const lookup = await labelLookup(db, projectUuid, spec, filter, true);
  if (lookup === null) return null;
  const levelSet = filter.level === undefined ? undefined : await labelsOfLevel(db, projectUuid, spec, filter.level);
  if (levelSet?.length === 0) return null;
  return conditions(projectUuid, spec.kind, filter, levelSet ? [...lookup.sets, levelSet] : lookup.sets, asValue);
}
