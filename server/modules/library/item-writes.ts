import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { labels, libraryItemLabels, libraryItems, type LibraryKind } from '../../db/schema';
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
export const insertItems = (db: Db, base: { projectUuid: string; kind: LibraryKind; createdBy?: string }, items: NewItem[]) =>
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
      return ids;
    }),
  );

/**
 * Saves an item's changes in one transaction: its new files locked, the row read again under a
 * lock (a concurrent edit may have changed its files since), and the files it stopped using released.
 */
export const updateItem = (db: Db, projectUuid: string, id: number, values: ItemValues, labelIds: number[] | undefined, missing: string) =>
  refuseVanished(() => db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, [values.fileId, values.coverFileId]);
    const [before] = await tx.select().from(libraryItems).where(eq(libraryItems.id, id)).for('update');
    if (!before) throw notFound(missing);
    await tx.update(libraryItems).set({ ...values, updatedAt: new Date() }).where(eq(libraryItems.id, id));
    if (labelIds) await setItemLabels(tx, id, labelIds);
    await releaseFiles(tx, projectUuid, [values.fileId !== undefined ? before.fileId : null, values.coverFileId !== undefined ? before.coverFileId : null]);
  }));

export async function moveItems(db: Db, ids: number[], groupId: number | null) {
  await refuseVanished(() => db.update(libraryItems).set({ groupId, updatedAt: new Date() }).where(inArray(libraryItems.id, ids)));
}

/** Deletes items and releases the files only they used, in one transaction. */
export const deleteItems = (db: Db, projectUuid: string, ids: number[]) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const removed = await tx.delete(libraryItems).where(inArray(libraryItems.id, ids)).returning();
    await releaseFiles(tx, projectUuid, removed.flatMap((row) => [row.fileId, row.coverFileId]));
  });

/** The label ids of each name in the project's tag pool of an entity (names repeat across label groups). */
export async function labelIdsByName(db: Db, projectUuid: string, entity: EntityName) {
  const pool = await db.select({ id: labels.id, name: labels.name }).from(labels).where(and(eq(labels.projectUuid, projectUuid), eq(labels.origin, entity)));
  const byName = new Map<string, number[]>();
  for (const label of pool) byName.set(label.name, [...(byName.get(label.name) ?? []), label.id]);
  return byName;
}

/** Sets the labels of several items in one transaction: one statement removes the old links, one adds the new. */
export const setLabelsOfItems = (db: Db, items: Array<{ id: number; labelIds: number[] }>) =>
  refuseVanished(() =>
    db.transaction(async (tx) => {
      if (items.length === 0) return;
      await tx.delete(libraryItemLabels).where(inArray(libraryItemLabels.itemId, items.map((item) => item.id)));
      const links = items.flatMap(({ id, labelIds }) => [...new Set(labelIds)].map((labelId) => ({ itemId: id, labelId })));
      if (links.length) await tx.insert(libraryItemLabels).values(links).onConflictDoNothing();
    }),
  );
