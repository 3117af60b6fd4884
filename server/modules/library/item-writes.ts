import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { labels, libraryItems, type LibraryKind } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { EntityName } from '../../../contract/labels';
import { lockFiles, releaseFiles } from './files';
import { setItemLabels } from './write';

type ItemValues = Partial<typeof libraryItems.$inferInsert>;
export interface NewItem {
  values: ItemValues;
  labelIds: number[];
}

/** Inserts checked items with their labels in one transaction, their files locked so no delete frees them meanwhile. */
export const insertItems = (db: Db, base: { projectUuid: string; kind: LibraryKind; createdBy?: string }, items: NewItem[]) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, items.flatMap(({ values }) => [values.fileId, values.coverFileId]));
    const ids: number[] = [];
    for (const { values, labelIds } of items) {
      const [row] = await tx
        .insert(libraryItems)
        .values({ ...values, name: values.name!, createUser: values.createUser!, ...base })
        .returning({ id: libraryItems.id });
      await setItemLabels(tx, row.id, labelIds);
      ids.push(row.id);
    }
    return ids;
  });

/**
 * Saves an item's changes in one transaction: its new files locked, the row read again under a
 * lock (a concurrent edit may have changed its files since), and the files it stopped using released.
 */
export const updateItem = (db: Db, projectUuid: string, id: number, values: ItemValues, labelIds: number[] | undefined, missing: string) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockFiles(tx, [values.fileId, values.coverFileId]);
    const [before] = await tx.select().from(libraryItems).where(eq(libraryItems.id, id)).for('update');
    if (!before) throw notFound(missing);
    await tx.update(libraryItems).set({ ...values, updatedAt: new Date() }).where(eq(libraryItems.id, id));
    if (labelIds) await setItemLabels(tx, id, labelIds);
    await releaseFiles(tx, projectUuid, [values.fileId !== undefined ? before.fileId : null, values.coverFileId !== undefined ? before.coverFileId : null]);
  });

export async function moveItems(db: Db, ids: number[], groupId: number | null) {
  await db.update(libraryItems).set({ groupId, updatedAt: new Date() }).where(inArray(libraryItems.id, ids));
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

/** Sets the labels of several items in one transaction. */
export const setLabelsOfItems = (db: Db, items: Array<{ id: number; labelIds: number[] }>) =>
  db.transaction(async (tx) => {
    for (const { id, labelIds } of items) await setItemLabels(tx as unknown as Db, id, labelIds);
  });
