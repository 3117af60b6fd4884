import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryGroupCounts, libraryGroups, type LibraryKind } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { checkGroupName, deleteGroups, rowCount } from '../../lib/groups';
import { containing } from '../../lib/sql';

export type GroupRow = typeof libraryGroups.$inferSelect;

const ofKind = (projectUuid: string, kind: LibraryKind) => and(eq(libraryGroups.projectUuid, projectUuid), eq(libraryGroups.kind, kind));

/** The groups of a kind in a project, in their order, and how many items each holds. */
export async function listGroups(db: Db, projectUuid: string, kind: LibraryKind, name: string | undefined) {
  const groups = await db
    .select()
    .from(libraryGroups)
    .where(and(ofKind(projectUuid, kind), name ? ilike(libraryGroups.name, containing(name)) : undefined))
    .orderBy(asc(libraryGroups.sorted), asc(libraryGroups.id));
  // The kept counts (group_key 0: items without a group), not a count of the items.
  const rows = await db
    .select({ key: libraryGroupCounts.groupKey, n: sql<number>`sum(${libraryGroupCounts.n})::int` })
    .from(libraryGroupCounts)
    .where(and(eq(libraryGroupCounts.projectUuid, projectUuid), eq(libraryGroupCounts.kind, kind)))
    .groupBy(libraryGroupCounts.groupKey);
  const byGroup = new Map(rows.map((row) => [row.key, row.n]));
  const counts = { of: (id: number) => byGroup.get(id) ?? 0, total: rows.reduce((sum, row) => sum + row.n, 0) };
  return { groups, counts };
}

/** A new group, last unless `sorted` places it. */
export async function createGroup(db: Db, values: { projectUuid: string; kind: LibraryKind; name: string; sorted?: number; userUuid?: string }) {
  const sorted = values.sorted ?? (await rowCount(db, libraryGroups, ofKind(values.projectUuid, values.kind)));
  const [group] = await db.insert(libraryGroups).values({ ...values, sorted }).returning();
  return group;
}

export async function findGroup(db: Db, projectUuid: string, kind: LibraryKind, id: number) {
  const [group] = await db.select().from(libraryGroups).where(and(eq(libraryGroups.id, id), ofKind(projectUuid, kind)));
  if (!group) throw notFound('分组不存在');
  return group;
}

export async function updateGroup(db: Db, id: number, changes: { name: string; sorted: number }) {
  const [group] = await db.update(libraryGroups).set({ ...changes, updatedAt: new Date() }).where(eq(libraryGroups.id, id)).returning();
  return group;
}

/** Saves the order (and names) of these groups of the project in one transaction, all or none. */
export async function saveGroups(db: Db, projectUuid: string, kind: LibraryKind, rows: Array<{ id: number; name?: string; sorted?: number }>) {
  const ids = rows.map((row) => row.id);
  const found = await db.select({ id: libraryGroups.id }).from(libraryGroups).where(and(ofKind(projectUuid, kind), inArray(libraryGroups.id, ids.concat(0))));
  if (found.length !== new Set(ids).size) throw notFound('分组不存在');
  await db.transaction(async (tx) => {
    for (const [index, row] of rows.entries()) {
      const changes: Partial<GroupRow> = { sorted: row.sorted ?? index, updatedAt: new Date() };
      if (row.name !== undefined) changes.name = checkGroupName(row.name, '组名不能为空');
      await tx.update(libraryGroups).set(changes).where(eq(libraryGroups.id, row.id));
    }
  });
}

/** Deletes groups of a kind, all or none; their items leave any group (the foreign key sets null). */
export const deleteKindGroups = (db: Db, projectUuid: string, kind: LibraryKind, ids: number[]) =>
  deleteGroups(db, libraryGroups, libraryGroups.id, ofKind(projectUuid, kind), ids, '部分分组不存在');
