import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { labels, libraryGroups, libraryItemLabels, libraryItems, type LibraryKind } from '../../db/schema';
import { changedFields, recordActivity, type Actor } from '../activity/record';
import { badRequest, notFound } from '../../lib/errors';
import type { EntityName } from '../../../contract/labels';
import { lockFiles, releaseFiles } from './files';
import { setItemLabels } from './write';

type ItemValues = Partial<typeof libraryItems.$inferInsert>;
export interface NewItem {
  values: ItemValues;
  labelIds: number[];
}

/**
 * A group or label checked a moment ago may be deleted by a concurrent request before the write
 * lands; its foreign key then refuses the write, and the client hears why, not a 500.
 */
async function refuseVanished<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
      const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
      if (code !== '23503' || typeof constraint !== 'string') continue;
      if (constraint.includes('group_id')) throw badRequest('分组不存在');
      if (constraint.includes('label_id')) throw badRequest('所选标签不存在或不属于本项目');
    }
    throw error;
  }
}

/**
 * Inserts checked items with their labels in one transaction, their files locked so no delete
 * frees them meanwhile: one statement for the items, one for their labels (the kept counts'
 * triggers then run twice, not once an item).
 */
export const insertItems = (db: Db, base: { projectUuid: string; kind: LibraryKind; createdBy?: string }, items: NewItem[], by?: Actor | null) =>
  refuseVanished(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockFiles(tx, items.flatMap(({ values }) => [values.fileId, values.coverFileId]));
      if (items.length === 0) return [];
      const rows = await tx
        .insert(libraryItems)
        .values(items.map(({ values }) => ({ ...values, name: values.name!, createUser: values.createUser!, ...base })))
        .returning({ id: libraryItems.id });
      // Ids come from one sequence in the order of the rows; sorted, they pair with the items.
      const ids = rows.map((row) => row.id).sort((a, b) => a - b);
      const links = items.flatMap(({ labelIds }, index) => [...new Set(labelIds)].map((labelId) => ({ itemId: ids[index], labelId })));
      if (links.length) await tx.insert(libraryItemLabels).values(links);
      await recordActivity(tx, base.projectUuid, by, items.map(({ values }, index) => ({ action: '创建', type: base.kind, id: ids[index], name: values.name })));
      return ids;
    }),
  );

/**
 * Saves an item's changes in one transaction: its new files locked, the row read again under a
 * lock (a concurrent edit may have changed its files since), and the files it stopped using released.
 */
export const updateItem = (db: Db, projectUuid: string, id: number, values: ItemValues, labelIds: number[] | undefined, missing: string, by?: Actor | null) =>
  refuseVanished(() => db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, [values.fileId, values.coverFileId]);
    const [before] = await tx.select().from(libraryItems).where(eq(libraryItems.id, id)).for('update');
    if (!before) throw notFound(missing);
    const labelsBefore = labelIds ? await labelNamesOf(tx, [id]) : undefined;
    await tx.update(libraryItems).set({ ...values, updatedAt: new Date() }).where(eq(libraryItems.id, id));
    if (labelIds) await setItemLabels(tx, id, labelIds);
    const groups = await groupNames(tx, [before.groupId, values.groupId]);
    const changes = changedFields(
      { ...shownFields(before, groups), labels: labelsBefore?.get(id) ?? [] },
      { ...shownFields({ ...before, ...values }, groups), labels: labelIds ? (await labelNamesOf(tx, [id])).get(id) ?? [] : undefined },
    );
    if (Object.keys(changes).length) await recordActivity(tx, projectUuid, by, { action: '修改', type: before.kind, id, name: values.name ?? before.name, changes });
    await releaseFiles(tx, projectUuid, [values.fileId !== undefined ? before.fileId : null, values.coverFileId !== undefined ? before.coverFileId : null]);
  }));

/** Moves items into a group (null: out of any), recording each item's group before and after. */
export const moveItems = (db: Db, projectUuid: string, ids: number[], groupId: number | null, by?: Actor | null) =>
  refuseVanished(() => db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await tx.select().from(libraryItems).where(inArray(libraryItems.id, ids)).orderBy(libraryItems.id).for('update');
    await tx.update(libraryItems).set({ groupId, updatedAt: new Date() }).where(inArray(libraryItems.id, ids));
    const groups = await groupNames(tx, [groupId, ...before.map((row) => row.groupId)]);
    await recordActivity(tx, projectUuid, by, before.map((row) => ({ action: '移动', type: row.kind, id: row.id, name: row.name, changes: { group: [groups.get(row.groupId) ?? null, groups.get(groupId) ?? null] } })));
  }));

/** What the history shows of an item: its fields by their API names, the group by its name. */
const shownFields = (row: Partial<typeof libraryItems.$inferSelect>, groups: Map<number | null | undefined, string>) => ({
  name: row.name,
  create_user: row.createUser,
  file: row.file,
  cover: row.cover,
  real_file_name: row.realFileName,
  group: groups.get(row.groupId) ?? null,
});

async function groupNames(tx: Db, ids: Array<number | null | undefined>): Promise<Map<number | null | undefined, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const rows = wanted.length ? await tx.select({ id: libraryGroups.id, name: libraryGroups.name }).from(libraryGroups).where(inArray(libraryGroups.id, wanted)) : [];
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Each item's label names, sorted. */
async function labelNamesOf(tx: Db, itemIds: number[]): Promise<Map<number, string[]>> {
  const rows = itemIds.length
    ? await tx.select({ itemId: libraryItemLabels.itemId, name: labels.name }).from(libraryItemLabels).innerJoin(labels, eq(labels.id, libraryItemLabels.labelId)).where(inArray(libraryItemLabels.itemId, itemIds))
    : [];
  const byItem = new Map<number, string[]>();
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row.name].sort());
  return byItem;
}

/** The label ids of each name in the project's tag pool of an entity (names repeat across label groups). */
export async function labelIdsByName(db: Db, projectUuid: string, entity: EntityName) {
  const pool = await db.select({ id: labels.id, name: labels.name }).from(labels).where(and(eq(labels.projectUuid, projectUuid), eq(labels.origin, entity)));
  const byName = new Map<string, number[]>();
  for (const label of pool) byName.set(label.name, [...(byName.get(label.name) ?? []), label.id]);
  return byName;
}

/** Runs `change` on the items' labels in `tx`, then records each item whose label names it changed (打标签). */
export async function withLabelHistory(tx: Db, projectUuid: string, kind: LibraryKind, ids: number[], by: Actor | null | undefined, change: () => Promise<void>): Promise<void> {
  const before = await labelNamesOf(tx, ids);
  await change();
  const after = await labelNamesOf(tx, ids);
  const names = new Map((await tx.select({ id: libraryItems.id, name: libraryItems.name }).from(libraryItems).where(inArray(libraryItems.id, ids))).map((row) => [row.id, row.name]));
  const changed = ids.map((id) => ({ id, changes: changedFields({ labels: before.get(id) ?? [] }, { labels: after.get(id) ?? [] }) })).filter((item) => Object.keys(item.changes).length);
  await recordActivity(tx, projectUuid, by, changed.map(({ id, changes }) => ({ action: '打标签', type: kind, id, name: names.get(id), changes })));
}

/** Sets the labels of several items in one transaction: one statement removes the old links, one adds the new. */
export const setLabelsOfItems = (db: Db, projectUuid: string, kind: LibraryKind, items: Array<{ id: number; labelIds: number[] }>, by?: Actor | null) =>
  refuseVanished(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (items.length === 0) return;
      const ids = items.map((item) => item.id);
      await withLabelHistory(tx, projectUuid, kind, ids, by, async () => {
        await tx.delete(libraryItemLabels).where(inArray(libraryItemLabels.itemId, ids));
        const links = items.flatMap(({ id, labelIds }) => [...new Set(labelIds)].map((labelId) => ({ itemId: id, labelId })));
        if (links.length) await tx.insert(libraryItemLabels).values(links).onConflictDoNothing();
      });
    }),
  );
