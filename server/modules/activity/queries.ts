import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ACTIVITY_DEPTH_MAX } from '../../../contract/activity';
import { activities } from '../../db/schema';

export interface ActivityFilter {
  pageNo: number;
  pageSize: number;
  targetType?: string;
  targetId?: string;
  userUuid?: string;
  start?: Date;
  /** Inclusive unless `endBefore`. */
  end?: Date;
  endBefore?: boolean;
}

/** Pages the total looks ahead of the asked one: enough for the pager, never a count of a million rows. */
export const LOOK_AHEAD_PAGES = 5;

const conditions = (projectUuid: string, filter: ActivityFilter): SQL[] =>
  [
    eq(activities.projectUuid, projectUuid),
    filter.targetType ? eq(activities.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(activities.targetId, filter.targetId) : undefined,
    filter.userUuid ? eq(activities.userUuid, filter.userUuid) : undefined,
    filter.start ? gte(activities.createdAt, filter.start) : undefined,
    filter.end ? (filter.endBefore ? lt(activities.createdAt, filter.end) : lte(activities.createdAt, filter.end)) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

export const DEPTH_MAX = ACTIVITY_DEPTH_MAX;

/**
 * One page, newest first, from the index of the filter's shape (project, [type, [id] | user],
 * created_at desc, id desc), and how many rows there are up to LOOK_AHEAD_PAGES pages past it.
 * One index-only scan (once vacuum has marked the pages visible) skips to the page and reads the
 * ids of the page and of the look-ahead: the ids give the page and the count together, and only
 * the page's rows are then read from the table. The count beyond the page is what the pager
 * needs; a page past the last row counts the rows before it instead (a link from an older total).
 */
export async function activityPage(db: Db, projectUuid: string, filter: ActivityFilter) {
  const offset = (filter.pageNo - 1) * filter.pageSize;
  const reach = Math.min(offset + filter.pageSize * (LOOK_AHEAD_PAGES + 1), DEPTH_MAX);
  const where = and(...conditions(projectUuid, filter));
  // As the indexes are declared (desc nulls last): plain `desc` is nulls first, which no index serves.
  const order = [sql`${activities.createdAt} desc nulls last`, sql`${activities.id} desc nulls last`];
  const ahead = await db.select({ id: activities.id }).from(activities).where(where).orderBy(...order).limit(reach - offset + 1).offset(offset);
  let seen = offset + ahead.length;
  if (ahead.length === 0 && offset > 0) {
    [{ seen }] = await db
      .select({ seen: sql<number>`count(*)`.mapWith(Number) })
      .from(db.select({ one: sql`1` }).from(activities).where(where).orderBy(...order).limit(offset).as('before'));
  }
  const ids = ahead.slice(0, filter.pageSize).map((row) => row.id);
  const rows = ids.length ? await db.select().from(activities).where(inArray(activities.id, ids)).orderBy(...order) : [];
  return { rows, total: Math.min(seen, reach), more: seen > reach };
}

/** Deletes rows older than `before`, a batch at a time so no statement holds a long lock; answers how many. */
export async function deleteActivitiesBefore(db: Db, before: Date, batch = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    await nextTurn();
    const result = await db.execute(sql`delete from ${activities} where ${activities.id} in (
      select ${activities.id} from ${activities} where ${activities.createdAt} < ${before} limit ${batch})`);
    const count = Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);
    deleted += count;
    if (count < batch) return deleted;
  }
}
