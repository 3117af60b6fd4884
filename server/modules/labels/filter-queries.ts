import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filterLabelSettings, labelGroups, labels, type LabelOrigin } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { deleteGroups } from '../../lib/groups';

export type FilterRow = typeof filterLabelSettings.$inferSelect;

/** The filter groups of a project, of one entity and visible in one library group when asked. */
export async function listFilters(db: Db, projectUuid: string, query: { origin?: LabelOrigin; groupId?: number }) {
  const conditions: SQL[] = [eq(filterLabelSettings.projectUuid, projectUuid)];
  if (query.origin) conditions.push(eq(filterLabelSettings.origin, query.origin));
  // A filter group without a library group shows in every group.
  if (query.groupId !== undefined) conditions.push(or(eq(filterLabelSettings.groupId, query.groupId), isNull(filterLabelSettings.groupId))!);
  return db.select().from(filterLabelSettings).where(and(...conditions)).orderBy(asc(filterLabelSettings.order), asc(filterLabelSettings.id));
}

/** The labels of these ids with their group names. */
export const labelsWithGroups = (db: Db, ids: number[]) =>
  ids.length
    ? db.select({ label: labels, groupName: labelGroups.name }).from(labels).leftJoin(labelGroups, eq(labelGroups.id, labels.labelGroupId)).where(inArray(labels.id, ids))
    : Promise.resolve([]);

/** Tags must be labels of this project with the filter's entity. */
export async function checkTags(db: Db, projectUuid: string, origin: LabelOrigin, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return unique;
  const rows = await db.select({ id: labels.id }).from(labels).where(and(eq(labels.projectUuid, projectUuid), eq(labels.origin, origin), inArray(labels.id, unique)));
  if (rows.length !== unique.length) throw badRequest('筛选中包含不存在或实体不符的标签');
  return unique;
}

export async function findFilter(db: Db, projectUuid: string, id: number) {
  const [row] = await db.select().from(filterLabelSettings).where(and(eq(filterLabelSettings.id, id), eq(filterLabelSettings.projectUuid, projectUuid)));
  if (!row) throw notFound('标签筛选不存在');
  return row;
}

export async function createFilter(db: Db, values: typeof filterLabelSettings.$inferInsert) {
  const [row] = await db.insert(filterLabelSettings).values(values).returning();
  return row;
}

export async function updateFilter(db: Db, id: number, changes: Partial<FilterRow>) {
  const [row] = await db.update(filterLabelSettings).set(changes).where(eq(filterLabelSettings.id, id)).returning();
  return row;
}

/** Deletes filter groups of the project, all or none. */
export const deleteFilters = (db: Db, projectUuid: string, ids: number[]) =>
  deleteGroups(db, filterLabelSettings, filterLabelSettings.id, eq(filterLabelSettings.projectUuid, projectUuid), ids, '部分标签筛选不存在');
