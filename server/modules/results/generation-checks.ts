import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REGION_LEVEL_NAMES, type GeneratePayload, type RegionLevel, type RegionPath } from '../../../contract/results';
import { REPORT } from '../../../contract/library';
import { connections, filterLabelSettings, labelGroups, labels, libraryGroups } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { ResultDeps } from './deps';
import type { WarehouseSource } from './types';

/** More regions than a planner picks in one go; a larger batch is split into several requests. */
export const MAX_REGIONS = 200;
export const REPORT_TYPE_GROUP = '报告类型';

export interface CheckedGeneration {
  level: RegionLevel;
  dimension: { id: number; name: string };
  reportType: { id: number; name: string };
  reportGroupId: number;
  source: WarehouseSource;
  regions: RegionPath[];
}

/** The labels of the project's first report filter group: the research dimensions (体检维度). */
export async function dimensionLabelIds(app: FastifyInstance, projectUuid: string): Promise<number[]> {
  const [first] = await app.db
    .select({ tags: filterLabelSettings.tags })
    .from(filterLabelSettings)
    .where(and(eq(filterLabelSettings.projectUuid, projectUuid), eq(filterLabelSettings.origin, REPORT.entity)))
    .orderBy(asc(filterLabelSettings.order), asc(filterLabelSettings.id))
    .limit(1);
  return first?.tags ?? [];
}

async function checkDimension(app: FastifyInstance, projectUuid: string, id: number, level: RegionLevel) {
  const [label] = await app.db.select().from(labels).where(and(eq(labels.id, id), eq(labels.projectUuid, projectUuid), eq(labels.origin, REPORT.entity)));
  if (!label) throw badRequest('体检维度不存在或不属于本项目');
  if (!(await dimensionLabelIds(app, projectUuid)).includes(id)) throw badRequest(`标签「${label.name}」不是体检维度（报告的第一个标签筛选分组）中的标签，请重新选择体检维度`);
  const labelLevel = Number(label.extraInfo?.level);
  if (labelLevel !== level) {
    const shown = REGION_LEVEL_NAMES[labelLevel as RegionLevel];
    throw badRequest(`体检维度「${label.name}」对应的区域层级是 ${shown ? `${labelLevel}（${shown}）` : '未设置'}，与 level ${level} 不一致`);
  }
  return { id: label.id, name: label.name };
}

async function checkReportType(app: FastifyInstance, projectUuid: string, id: number) {
  const [found] = await app.db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .innerJoin(labelGroups, eq(labelGroups.id, labels.labelGroupId))
    .where(and(eq(labels.id, id), eq(labels.projectUuid, projectUuid), eq(labels.origin, REPORT.entity), eq(labelGroups.name, REPORT_TYPE_GROUP)));
  if (!found) throw badRequest(`报告类型不存在，或不是本项目「${REPORT_TYPE_GROUP}」分组中的标签`);
  return found;
}

/**
 * Checks a generation request field by field, cheapest first, with Chinese messages naming
 * the field; another project's ids are refused like missing ones.
 */
export async function checkGeneration(app: FastifyInstance, deps: ResultDeps, projectUuid: string, body: GeneratePayload): Promise<CheckedGeneration> {
  if (body.report_project_uuid !== projectUuid) throw badRequest('report_project_uuid 与当前项目不一致');
  const level = body.level as RegionLevel;
  if (!Number.isInteger(level) || level < 3 || level > 7) throw badRequest('区域层级 level 必须是 3（区县）到 7（楼栋）之间的整数');
  if (body.data_list.length === 0) throw badRequest('请选择要生成成果的区域');
  if (body.data_list.length > MAX_REGIONS) throw badRequest(`一次最多为 ${MAX_REGIONS} 个区域生成成果（已选 ${body.data_list.length} 个）`);
  const schemaName = body.schema_name.trim();
  const databaseName = body.database_name.trim();
  if (!schemaName) throw badRequest('请填写模式名');
  if (!databaseName) throw badRequest('请填写数据库名');

  const dimension = await checkDimension(app, projectUuid, body.level_label, level);
  const reportType = await checkReportType(app, projectUuid, body.report_type);
  const [group] = await app.db
    .select({ id: libraryGroups.id })
    .from(libraryGroups)
    .where(and(eq(libraryGroups.id, body.report_group_id), eq(libraryGroups.projectUuid, projectUuid), eq(libraryGroups.kind, REPORT.kind)));
  if (!group) throw badRequest('报告分组不存在或不属于本项目');
  const [connection] = await app.db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.id, body.connection_id), eq(connections.projectUuid, projectUuid)));
  if (!connection) throw badRequest('数据连接不存在或不属于本项目');

  const source: WarehouseSource = { connectionId: connection.id, databaseName, schemaName };
  const tree = await deps.regionTree(app, projectUuid, source);
  const seen = new Map<string, number>();
  const regions = body.data_list.map((entry, index) => {
    const path = deps.findRegion(tree, level, entry);
    const named = Object.values(entry).filter(Boolean).join('/') || '（空）';
    if (!path) throw badRequest(`所选的第 ${index + 1} 个区域「${named}」不在项目的调查范围中，或不是${REGION_LEVEL_NAMES[level]}一级`);
    const key = path.join('\u001f');
    const earlier = seen.get(key);
    if (earlier !== undefined) throw badRequest(`所选的第 ${index + 1} 个区域「${named}」与第 ${earlier + 1} 个重复`);
    seen.set(key, index);
    return path;
  });
  return { level, dimension, reportType, reportGroupId: group.id, source, regions };
}
