import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { LABEL_ORIGINS, labelGroups, labels, type LabelOrigin } from '../../db/schema';
import { NAME_MAX, projectGroups, type LabelGroupRow, type LabelRow } from './queries';

export interface ImportRow {
  name?: string | null;
  group?: string | null;
  origin?: string | null;
}

export type ImportAction = 'create' | 'change' | 'unchanged' | 'reject';

export interface PlannedRow {
  row: number;
  name: string;
  group: string;
  origin: string;
  action: ImportAction;
  reason?: string;
  labelId?: number;
}

/**
 * What importing the sheet would do, row by row. A row names a label by name and entity; its
 * category (标签类别) is the label group, made when missing. An existing label of that name
 * and entity in another group moves to this one; one in this group stays as it is.
 */
export function planImport(rows: ImportRow[], existing: LabelRow[], groups: LabelGroupRow[]): PlannedRow[] {
  const groupName = new Map(groups.map((group) => [group.id, group.name]));
  const seen = new Map<string, number>();
  return rows.map((input, index) => {
    const planned: PlannedRow = {
      row: index + 1,
      name: (input.name ?? '').trim(),
      group: (input.group ?? '').trim(),
      origin: (input.origin ?? '').trim(),
      action: 'reject',
    };
    const reject = (reason: string) => ({ ...planned, reason });
    if (!planned.name) return reject('标签名称为空');
    if (planned.name.length > NAME_MAX) return reject(`标签名称超过 ${NAME_MAX} 个字符`);
    if (planned.group.length > NAME_MAX) return reject(`标签类别超过 ${NAME_MAX} 个字符`);
    if (!LABEL_ORIGINS.includes(planned.origin as LabelOrigin)) return reject('实体只能是报告或素材');
    const key = `${planned.origin}\u0000${planned.name}`;
    const earlier = seen.get(key);
    if (earlier) return reject(`与第 ${earlier} 行重复`);
    seen.set(key, planned.row);

    const namesakes = existing.filter((label) => label.name === planned.name && label.origin === planned.origin);
    const inGroup = namesakes.find((label) => (label.labelGroupId === null ? '' : groupName.get(label.labelGroupId)) === planned.group);
    if (inGroup) return { ...planned, action: 'unchanged' as const, labelId: inGroup.id };
    if (namesakes.length > 1) return reject('存在多个同名标签，无法确定要移动哪一个');
    if (namesakes.length === 1) {
      const from = namesakes[0].labelGroupId === null ? '未分组' : groupName.get(namesakes[0].labelGroupId);
      return { ...planned, action: 'change' as const, labelId: namesakes[0].id, reason: `标签类别由「${from}」改为「${planned.group || '未分组'}」` };
    }
    return { ...planned, action: 'create' as const };
  });
}

/** Writes a plan in one transaction: missing groups, new labels, moved labels. */
export async function applyImport(tx: Db, projectUuid: string, plan: PlannedRow[], groups: LabelGroupRow[]): Promise<void> {
  const groupId = new Map(groups.map((group) => [group.name, group.id]));
  const wanted = [...new Set(plan.filter((p) => p.action === 'create' || p.action === 'change').map((p) => p.group))].filter(
    (name) => name && !groupId.has(name),
  );
  if (wanted.length > 0) {
    const made = await tx
      .insert(labelGroups)
      .values(wanted.map((name, i) => ({ projectUuid, name, order: groups.length + i })))
      .returning();
    for (const group of made) groupId.set(group.name, group.id);
  }
  const idOf = (name: string) => (name ? groupId.get(name)! : null);
  const creates = plan.filter((p) => p.action === 'create');
  for (let start = 0; start < creates.length; start += 1000) {
    await tx.insert(labels).values(
      creates.slice(start, start + 1000).map((p) => ({ projectUuid, name: p.name, origin: p.origin as LabelOrigin, labelGroupId: idOf(p.group) })),
    );
  }
  for (const change of plan.filter((p) => p.action === 'change')) {
    await tx.update(labels).set({ labelGroupId: idOf(change.group), updatedAt: new Date() }).where(eq(labels.id, change.labelId!));
  }
}

/** Plans the sheet against the project's labels and, unless it is a dry run, writes it, in one transaction. */
export const importLabels = (db: Db, projectUuid: string, rows: ImportRow[], dryRun: boolean) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const groups = [...(await projectGroups(tx, projectUuid)).values()];
    const plan = planImport(rows, await tx.select().from(labels).where(eq(labels.projectUuid, projectUuid)), groups);
    if (!dryRun) await applyImport(tx, projectUuid, plan, groups);
    return plan;
  });
