import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { filterLabelSettings, labelGroups, labels, type LabelOrigin } from '../schema';
import { DEMO } from './demo-accounts';
import { DIMENSIONS } from './demo-warehouse-content';

const GROUPS: Array<{ name: string; origin: LabelOrigin; labels: string[] }> = [
  { name: '体检维度', origin: '报告', labels: ['生态宜居', '健康舒适', '安全韧性', '交通便捷', '风貌特色', '整洁有序', '多元包容', '创新活力'] },
  { name: '报告类型', origin: '报告', labels: ['年度体检报告', '专项体检报告', '社区体检报告'] },
  { name: '素材类型', origin: '素材', labels: ['航拍影像', '街景照片', '现场调研', '示意图'] },
];

/** A dimension label's region level (demo-warehouse-content.ts); other labels keep their position, as before. */
const levelOf = (group: string, name: string, position: number) => (group === '体检维度' ? DIMENSIONS.find((dimension) => dimension.name === name)!.level : position + 1);

/** Label groups, labels and filter groups of the demo project, made once. */
export async function seedDemoLabels(tx: Db): Promise<void> {
  const [{ existing }] = await tx.select({ existing: count() }).from(labelGroups).where(eq(labelGroups.projectUuid, DEMO.projectUuid));
  if (existing > 0) return;
  for (const [order, group] of GROUPS.entries()) {
    const [row] = await tx.insert(labelGroups).values({ projectUuid: DEMO.projectUuid, name: group.name, order }).returning();
    const made = await tx
      .insert(labels)
      .values(group.labels.map((name, i) => ({ projectUuid: DEMO.projectUuid, name, origin: group.origin, labelGroupId: row.id, extraInfo: { level: levelOf(group.name, name, i) } })))
      .returning({ id: labels.id });
    if (group.name !== '报告类型') {
      await tx.insert(filterLabelSettings).values({
        projectUuid: DEMO.projectUuid,
        name: group.name,
        origin: group.origin,
        tags: made.map((label) => label.id),
        order,
      });
    }
  }
}
