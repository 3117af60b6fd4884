import { and, count, eq, isNull, min } from 'drizzle-orm';
import { REGION_LEVEL_LABELS, type RegionLevel } from '../../../contract/results';
import { REPORT } from '../../../contract/library';
import type { Db } from '../../db/client';
import { filterLabelSettings, labelGroups, labels, libraryGroups } from '../../db/schema';
import { createGroup } from '../library/group-queries';
import { REPORT_TYPE_GROUP } from './generation-checks';
import type { Indicator } from './warehouse-plan';

/** The label group and filter group that hold a project's research dimensions, as the demo names them. */
export const DIMENSION_GROUP = '体检维度';
/** What an import makes when the project has none, so 成果生成 has a report type and a target group. */
const DEFAULT_REPORT_TYPE = '体检报告';
const DEFAULT_REPORT_GROUP = '体检成果';
const LABEL_NAME_MAX = 50;

/** Each dimension of the catalogue once, at its lowest level number (where its reports are made). */
function dimensionsOf(indicators: Indicator[]): Map<string, RegionLevel> {
  const levels = new Map<string, RegionLevel>();
  for (const { dimension, level } of indicators) {
    if (dimension.length > LABEL_NAME_MAX) continue;
    const known = levels.get(dimension);
    if (known === undefined || level < known) levels.set(dimension, level);
  }
  return levels;
}

async function labelGroupNamed(tx: Db, projectUuid: string, name: string): Promise<number> {
  const [found] = await tx.select({ id: labelGroups.id }).from(labelGroups).where(and(eq(labelGroups.projectUuid, projectUuid), eq(labelGroups.name, name)));
  if (found) return found.id;
  const [{ groups }] = await tx.select({ groups: count() }).from(labelGroups).where(eq(labelGroups.projectUuid, projectUuid));
  const [made] = await tx.insert(labelGroups).values({ projectUuid, name, order: groups }).returning({ id: labelGroups.id });
  return made.id;
}

/**
 * What 成果生成 needs besides the warehouse, made in the import's transaction where the project
 * lacks it: a report label per dimension of the catalogue carrying its region level, in the label
 * group and the report filter group 体检维度 (the first report filter group, whose labels are the
 * research dimensions), a 报告类型 label, and a report group to generate into. Existing labels keep
 * their names; one without a level gets the catalogue's. Answers what it made, in Chinese.
 */
export async function prepareResults(tx: Db, projectUuid: string, indicators: Indicator[]): Promise<string[]> {
  const made: string[] = [];
  const groupId = await labelGroupNamed(tx, projectUuid, DIMENSION_GROUP);
  const dimensionIds: number[] = [];
  for (const [name, level] of dimensionsOf(indicators)) {
    const where = and(eq(labels.projectUuid, projectUuid), eq(labels.labelGroupId, groupId), eq(labels.origin, REPORT.entity), eq(labels.name, name));
    const [found] = await tx.select({ id: labels.id, extraInfo: labels.extraInfo }).from(labels).where(where);
    if (found) {
      dimensionIds.push(found.id);
      if (found.extraInfo?.level === undefined) await tx.update(labels).set({ extraInfo: { ...found.extraInfo, level } }).where(eq(labels.id, found.id));
      continue;
    }
    const [label] = await tx.insert(labels).values({ projectUuid, name, origin: REPORT.entity, labelGroupId: groupId, extraInfo: { level } }).returning({ id: labels.id });
    dimensionIds.push(label.id);
    made.push(`研究维度「${name}」（${REGION_LEVEL_LABELS[level]}）`);
  }

  const reportFilters = and(eq(filterLabelSettings.projectUuid, projectUuid), eq(filterLabelSettings.origin, REPORT.entity));
  const [filter] = await tx.select().from(filterLabelSettings).where(and(reportFilters, isNull(filterLabelSettings.groupId), eq(filterLabelSettings.name, DIMENSION_GROUP)));
  // First among the report filter groups: the research dimensions are the first one's labels.
  const [{ first }] = await tx.select({ first: min(filterLabelSettings.order) }).from(filterLabelSettings).where(reportFilters);
  const order = first === null ? 0 : filter && filter.order <= first ? filter.order : first - 1;
  const tags = [...new Set([...(filter?.tags ?? []), ...dimensionIds])];
  if (filter) await tx.update(filterLabelSettings).set({ tags, order }).where(eq(filterLabelSettings.id, filter.id));
  else await tx.insert(filterLabelSettings).values({ projectUuid, name: DIMENSION_GROUP, origin: REPORT.entity, tags, order });

  const typeGroupId = await labelGroupNamed(tx, projectUuid, REPORT_TYPE_GROUP);
  const [{ types }] = await tx.select({ types: count() }).from(labels).where(and(eq(labels.labelGroupId, typeGroupId), eq(labels.origin, REPORT.entity)));
  if (types === 0) {
    await tx.insert(labels).values({ projectUuid, name: DEFAULT_REPORT_TYPE, origin: REPORT.entity, labelGroupId: typeGroupId });
    made.push(`报告类型「${DEFAULT_REPORT_TYPE}」`);
  }

  const [{ groups }] = await tx.select({ groups: count() }).from(libraryGroups).where(and(eq(libraryGroups.projectUuid, projectUuid), eq(libraryGroups.kind, REPORT.kind)));
  if (groups === 0) {
    await createGroup(tx, { projectUuid, kind: REPORT.kind, name: DEFAULT_REPORT_GROUP });
    made.push(`报告分组「${DEFAULT_REPORT_GROUP}」`);
  }
  return made;
}
