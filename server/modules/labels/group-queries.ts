import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { labelGroups, labels } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { countsByGroup, deleteGroups, rowCount } from '../../lib/groups';
import type { LabelGroupRow } from './queries';

/** The label groups of a project, in their order, and how many labels each holds. */
export async function listLabelGroups(db: Db, projectUuid: string) {
  const groups = await db.select().from(labelGroups).where(eq(labelGroups.projectUuid, projectUuid)).orderBy(asc(labelGroups.order), asc(labelGroups.id));
  return { groups, counts: await countsByGroup(db, labels, labels.labelGroupId, eq(labels.projectUuid, projectUuid)) };
}

/** A new label group, last unless `order` places it. */
export async function createLabelGroup(db: Db, projectUuid: string, name: string, order: number | undefined) {
  const [group] = await db
    .insert(labelGroups)
    .values({ projectUuid, name, order: order ?? (await rowCount(db, labelGroups, eq(labelGroups.projectUuid, projectUuid))) })
    .returning();
  return group;
}

export async function findLabelGroup(db: Db, projectUuid: string, id: number) {
  const [group] = await db.select().from(labelGroups).where(and(eq(labelGroups.id, id), eq(labelGroups.projectUuid, projectUuid)));
  if (!group) throw notFound('标签分组不存在');
  return group;
}

export async function updateLabelGroup(db: Db, id: number, changes: Partial<LabelGroupRow>) {
  const [group] = await db.update(labelGroups).set({ ...changes, updatedAt: new Date() }).where(eq(labelGroups.id, id)).returning();
  return group;
}

export const labelCount = (db: Db, groupId: number) => rowCount(db, labels, eq(labels.labelGroupId, groupId));

/** Deletes label groups of the project, all or none; their labels go with them. */
export const deleteLabelGroups = (db: Db, projectUuid: string, ids: number[]) =>
  deleteGroups(db, labelGroups, labelGroups.id, eq(labelGroups.projectUuid, projectUuid), ids, '部分标签分组不存在');

/** Puts the project's label groups in this order; every one of them must be named once. */
export async function sortLabelGroups(db: Db, projectUuid: string, ids: number[]) {
  if (new Set(ids).size !== ids.length) throw badRequest('分组顺序中有重复的 id');
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: labelGroups.id }).from(labelGroups).where(eq(labelGroups.projectUuid, projectUuid));
    if (rows.length !== ids.length || rows.some((row) => !ids.includes(row.id))) throw badRequest('请提交本项目全部标签分组的新顺序');
    for (const [order, id] of ids.entries()) await tx.update(labelGroups).set({ order }).where(eq(labelGroups.id, id));
  });
}
