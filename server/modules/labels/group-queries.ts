import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { labelGroups, labels } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { countsByGroup, deleteGroups, rowCount } from '../../lib/groups';
import { changedFields, recordActivity, type Actor } from '../activity/record';
import type { LabelGroupRow } from './queries';

/** The label groups of a project, in their order, and how many labels each holds. */
export async function listLabelGroups(db: Db, projectUuid: string) {
  const groups = await db.select().from(labelGroups).where(eq(labelGroups.projectUuid, projectUuid)).orderBy(asc(labelGroups.order), asc(labelGroups.id));
  return { groups, counts: await countsByGroup(db, labels, labels.labelGroupId, eq(labels.projectUuid, projectUuid)) };
}

/** A new label group, last unless `order` places it. */
export const createLabelGroup = (db: Db, projectUuid: string, name: string, order: number | undefined, by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [group] = await tx
      .insert(labelGroups)
      .values({ projectUuid, name, order: order ?? (await rowCount(tx, labelGroups, eq(labelGroups.projectUuid, projectUuid))) })
      .returning();
    await recordActivity(tx, projectUuid, by, { action: '创建', type: 'label_group', id: group.id, name });
    return group;
  });

export async function findLabelGroup(db: Db, projectUuid: string, id: number) {
  const [group] = await db.select().from(labelGroups).where(and(eq(labelGroups.id, id), eq(labelGroups.projectUuid, projectUuid)));
  if (!group) throw notFound('标签分组不存在');
  return group;
}

export const updateLabelGroup = (db: Db, before: LabelGroupRow, changes: Partial<LabelGroupRow>, by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [group] = await tx.update(labelGroups).set({ ...changes, updatedAt: new Date() }).where(eq(labelGroups.id, before.id)).returning();
    const changed = changedFields(before, changes, ['name', 'order']);
    if (group && Object.keys(changed).length) await recordActivity(tx, before.projectUuid, by, { action: '修改', type: 'label_group', id: group.id, name: group.name, changes: changed });
    return group;
  });

export const labelCount = (db: Db, groupId: number) => rowCount(db, labels, eq(labels.labelGroupId, groupId));

/** Deletes label groups of the project, all or none; their labels go with them. */
export const deleteLabelGroups = (db: Db, projectUuid: string, ids: number[], by?: Actor | null) =>
  deleteGroups(db, labelGroups, labelGroups.id, eq(labelGroups.projectUuid, projectUuid), ids, '部分标签分组不存在', {
    name: labelGroups.name,
    then: (tx, rows) => recordActivity(tx, projectUuid, by, rows.map((row) => ({ action: '删除', type: 'label_group', id: row.id, name: row.name }))),
  });

/** Puts the project's label groups in this order; every one of them must be named once. */
export async function sortLabelGroups(db: Db, projectUuid: string, ids: number[]) {
  if (new Set(ids).size !== ids.length) throw badRequest('分组顺序中有重复的 id');
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: labelGroups.id }).from(labelGroups).where(eq(labelGroups.projectUuid, projectUuid));
    if (rows.length !== ids.length || rows.some((row) => !ids.includes(row.id))) throw badRequest('请提交本项目全部标签分组的新顺序');
    for (const [order, id] of ids.entries()) await tx.update(labelGroups).set({ order }).where(eq(labelGroups.id, id));
  });
}
