import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryGroupCounts, libraryGroups, type LibraryKind } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { checkGroupName, rowCount } from '../../lib/groups';
import { containing } from '../../lib/sql';
import { changedFields, recordActivity, type Actor } from '../activity/record';
import { deleterOf } from '../recycle-bin/bin-writes';
import { binLockedGroups } from '../recycle-bin/group-bin';

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
export const createGroup = (db: Db, values: { projectUuid: string; kind: LibraryKind; name: string; sorted?: number; userUuid?: string }, by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const sorted = values.sorted ?? (await rowCount(tx, libraryGroups, ofKind(values.projectUuid, values.kind)));
    const [group] = await tx.insert(libraryGroups).values({ ...values, sorted }).returning();
    await recordActivity(tx, values.projectUuid, by, { action: '创建', type: `${values.kind}_group`, id: group.id, name: group.name });
    return group;
  });

export async function findGroup(db: Db, projectUuid: string, kind: LibraryKind, id: number) {
  const [group] = await db.select().from(libraryGroups).where(and(eq(libraryGroups.id, id), ofKind(projectUuid, kind)));
  if (!group) throw notFound('分组不存在');
  return group;
}

export const updateGroup = (db: Db, before: GroupRow, changes: { name: string; sorted: number }, by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [group] = await tx.update(libraryGroups).set({ ...changes, updatedAt: new Date() }).where(eq(libraryGroups.id, before.id)).returning();
    const changed = changedFields(before, changes);
    if (group && Object.keys(changed).length) await recordActivity(tx, before.projectUuid, by, { action: '修改', type: `${before.kind}_group`, id: group.id, name: group.name, changes: changed });
    return group;
  });

/** Saves the order (and names) of these groups of the project in one transaction, all or none. */
export async function saveGroups(db: Db, projectUuid: string, kind: LibraryKind, rows: Array<{ id: number; name?: string; sorted?: number }>, by?: Actor | null) {
  const ids = rows.map((row) => row.id);
  const found = await db.select({ id: libraryGroups.id }).from(libraryGroups).where(and(ofKind(projectUuid, kind), inArray(libraryGroups.id, ids.concat(0))));
  if (found.length !== new Set(ids).size) throw notFound('分组不存在');
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = new Map((await tx.select().from(libraryGroups).where(inArray(libraryGroups.id, ids)).for('update')).map((group) => [group.id, group]));
    const entries = [];
    for (const [index, row] of rows.entries()) {
      const changes: Partial<GroupRow> = { sorted: row.sorted ?? index, updatedAt: new Date() };
      if (row.name !== undefined) changes.name = checkGroupName(row.name, '组名不能为空');
      await tx.update(libraryGroups).set(changes).where(eq(libraryGroups.id, row.id));
      const old = before.get(row.id);
      const changed = old ? changedFields(old, changes, ['name', 'sorted']) : {};
      if (old && Object.keys(changed).length) entries.push({ action: '修改' as const, type: `${kind}_group` as const, id: row.id, name: changes.name ?? old.name, changes: changed });
    }
    await recordActivity(tx, projectUuid, by, entries);
  });
}

/**
 * Deletes groups of a kind, all or none, into the 回收站 as one batch. The groups are locked
 * first (in id order), so an item moved into one meanwhile either is in the entry's item list or
 * finds the group gone; their items leave any group (the foreign key sets null) and stay.
 */
export const deleteKindGroups = (db: Db, projectUuid: string, kind: LibraryKind, ids: number[], by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = await tx.select({ id: libraryGroups.id, name: libraryGroups.name }).from(libraryGroups).where(and(ofKind(projectUuid, kind), inArray(libraryGroups.id, ids))).orderBy(asc(libraryGroups.id)).for('update');
    if (rows.length !== ids.length) throw notFound('部分分组不存在');
    await binLockedGroups(tx, ids, deleterOf(by), randomUUID());
    await tx.delete(libraryGroups).where(inArray(libraryGroups.id, ids));
    await recordActivity(tx, projectUuid, by, rows.map((row) => ({ action: '删除', type: `${kind}_group`, id: row.id, name: row.name })));
    return rows.length;
  });
