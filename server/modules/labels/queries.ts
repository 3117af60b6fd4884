import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { changedFields, recordActivity, type Actor } from '../activity/record';
import type { Db } from '../../db/client';
import { labelGroups, labels, type LabelOrigin } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { containing } from '../../lib/sql';

export type LabelRow = typeof labels.$inferSelect;
export type LabelGroupRow = typeof labelGroups.$inferSelect;

export const NAME_MAX = 50;

export function checkLabelName(name: string | undefined | null): string {
  const value = (name ?? '').trim();
  if (!value) throw badRequest('请输入标签名称');
  if (value.length > NAME_MAX) throw badRequest(`标签名称不能超过 ${NAME_MAX} 个字符`);
  return value;
}

/** extra_info is a JSON object; a string that holds one is read as it. */
export function readExtraInfo(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined || value === '') return {};
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
    } catch {
      // a plain text note
    }
    return { note: value };
  }
  return value as Record<string, unknown>;
}


export async function listLabels(
  db: Db,
  projectUuid: string,
  query: { origin?: LabelOrigin; labelGroupId?: number; name?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(labels.projectUuid, projectUuid)];
  if (query.origin) conditions.push(eq(labels.origin, query.origin));
  if (query.labelGroupId) conditions.push(eq(labels.labelGroupId, query.labelGroupId));
  if (query.name) conditions.push(ilike(labels.name, containing(query.name)));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ label: labels, groupName: labelGroups.name })
      .from(labels)
      .leftJoin(labelGroups, eq(labelGroups.id, labels.labelGroupId))
      .where(where)
      .orderBy(asc(labels.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(labels).where(where),
  ]);
  return { rows, total };
}

export const presentLabel = (label: LabelRow, groupName: string | null, timeZone: string) => ({
  id: label.id,
  name: label.name,
  extra_info: label.extraInfo,
  origin: label.origin,
  type: label.type,
  label_group: label.labelGroupId,
  label_group_name: groupName,
  created_at: formatDateTime(label.createdAt, timeZone)!,
  updated_at: formatDateTime(label.updatedAt, timeZone)!,
});

/** Label groups of the project by id; a group id the client gives must be among them. */
export async function projectGroups(db: Db, projectUuid: string) {
  const rows = await db.select().from(labelGroups).where(eq(labelGroups.projectUuid, projectUuid));
  return new Map(rows.map((row) => [row.id, row]));
}

export function checkGroupRef(groups: Map<number, LabelGroupRow>, id: number | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  if (!groups.has(id)) throw badRequest('标签分组不存在');
  return id;
}

/** Labels of this project among the ids; any other id makes the whole call 404-free but refused. */
export async function labelsOfProject(db: Db, projectUuid: string, ids: number[]): Promise<LabelRow[]> {
  const rows = await db.select().from(labels).where(and(eq(labels.projectUuid, projectUuid), inArray(labels.id, ids)));
  if (rows.length !== ids.length) throw badRequest('部分标签不存在');
  return rows;
}


export async function findLabel(db: Db, projectUuid: string, id: number) {
  const [label] = await db.select().from(labels).where(and(eq(labels.id, id), eq(labels.projectUuid, projectUuid)));
  if (!label) throw notFound('标签不存在');
  return label;
}

export async function groupNameOf(db: Db, groupId: number | null): Promise<string | null> {
  if (!groupId) return null;
  const [group] = await db.select({ name: labelGroups.name }).from(labelGroups).where(eq(labelGroups.id, groupId));
  return group?.name ?? null;
}

export const insertLabel = (db: Db, values: typeof labels.$inferInsert, by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [label] = await tx.insert(labels).values(values).returning();
    await recordActivity(tx, label.projectUuid, by, { action: '创建', type: 'label', id: label.id, name: label.name });
    return label;
  });

/** Inserts labels in one transaction, a thousand rows a statement: all or none. */
export const insertLabels = (db: Db, values: Array<typeof labels.$inferInsert>, by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows: LabelRow[] = [];
    for (let start = 0; start < values.length; start += 1000) rows.push(...(await tx.insert(labels).values(values.slice(start, start + 1000)).returning()));
    if (rows.length) await recordActivity(tx, rows[0].projectUuid, by, rows.map((label) => ({ action: '创建', type: 'label', id: label.id, name: label.name })));
    return rows;
  });

/** Applies each label's changes in one transaction: all or none. */
export const updateLabels = (db: Db, changes: Array<{ id: number; set: Partial<LabelRow> }>, by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const ids = changes.map((change) => change.id);
    const before = new Map((ids.length ? await tx.select().from(labels).where(inArray(labels.id, ids)).for('update') : []).map((label) => [label.id, label]));
    const rows: LabelRow[] = [];
    for (const { id, set } of changes) rows.push(...(await tx.update(labels).set(set).where(eq(labels.id, id)).returning()));
    const entries = rows
      .map((row) => ({ action: '修改' as const, type: 'label' as const, id: row.id, name: row.name, changes: changedFields(before.get(row.id) ?? {}, row, ['name', 'origin', 'labelGroupId', 'extraInfo']) }))
      .filter((entry) => Object.keys(entry.changes).length);
    if (rows.length) await recordActivity(tx, rows[0].projectUuid, by, entries);
    return rows;
  });

/** Deletes labels of the project; they leave every item and filter group. */
export const deleteLabels = (db: Db, projectUuid: string, ids: number[], by?: Actor | null) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const removed = await tx.delete(labels).where(and(eq(labels.projectUuid, projectUuid), inArray(labels.id, ids))).returning({ id: labels.id, name: labels.name });
    await recordActivity(tx, projectUuid, by, removed.map((label) => ({ action: '删除', type: 'label', id: label.id, name: label.name })));
  });
