import type { Static } from '@sinclair/typebox';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { filterLabelSettings, labelGroups, labels } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { ok, REPORT_BASE } from '../../lib/report-service';
import { LABEL_PERMISSIONS } from '../../../contract/labels';
import { projectOf } from '../../plugins/access';
import { presentLabel } from './queries';
import { FilterListQuery, FilterWrite, Ids, ProjectIdParams, ProjectParams } from './schemas';

const tags = ['标签筛选'];
type FilterRow = typeof filterLabelSettings.$inferSelect;

export async function filterSettingRoutes(app: FastifyInstance): Promise<void> {
  const tz = app.config.timeZone;

  /** Filter groups with their labels expanded, in the order of their tags; deleted labels drop out. */
  async function present(rows: FilterRow[]) {
    const ids = [...new Set(rows.flatMap((row) => row.tags))];
    const found = ids.length
      ? await app.db.select({ label: labels, groupName: labelGroups.name }).from(labels).leftJoin(labelGroups, eq(labelGroups.id, labels.labelGroupId)).where(inArray(labels.id, ids))
      : [];
    const byId = new Map(found.map((row) => [row.label.id, presentLabel(row.label, row.groupName, tz)]));
    return rows.map((row) => {
      const expanded = row.tags.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
      return {
        id: row.id,
        name: row.name,
        origin: row.origin,
        group_id: row.groupId,
        tags: expanded.map((label) => label.id),
        labels: expanded,
        data_fields: row.dataFields,
        created_at: formatDateTime(row.createdAt, tz)!,
        updated_at: formatDateTime(row.updatedAt, tz)!,
      };
    });
  }

  /** Tags must be labels of this project with the filter's entity. */
  async function checkTags(projectUuid: string, origin: string, tagIds: number[]) {
    const unique = [...new Set(tagIds)];
    if (unique.length === 0) return unique;
    const rows = await app.db.select({ id: labels.id }).from(labels).where(and(eq(labels.projectUuid, projectUuid), eq(labels.origin, origin as never), inArray(labels.id, unique)));
    if (rows.length !== unique.length) throw badRequest('筛选中包含不存在或实体不符的标签');
    return unique;
  }

  const settingOf = async (projectUuid: string, id: number) => {
    const [row] = await app.db.select().from(filterLabelSettings).where(and(eq(filterLabelSettings.id, id), eq(filterLabelSettings.projectUuid, projectUuid)));
    if (!row) throw notFound('标签筛选不存在');
    return row;
  };
  const checkName = (name: string | undefined) => {
    const value = (name ?? '').trim();
    if (!value) throw badRequest('请输入筛选名称');
    if (value.length > 50) throw badRequest('筛选名称不能超过 50 个字符');
    return value;
  };

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof FilterListQuery> }>(
    `${REPORT_BASE}/filter_label_setting/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.viewGroups } }, schema: { tags, summary: '标签筛选组（origin、group_id；未指定分组的筛选组对所有分组可见）', params: ProjectParams, querystring: FilterListQuery } },
    async (request) => {
      const { project } = projectOf(request);
      const conditions: SQL[] = [eq(filterLabelSettings.projectUuid, project.uuid)];
      if (request.query.origin) conditions.push(eq(filterLabelSettings.origin, request.query.origin));
      if (request.query.group_id !== undefined) {
        conditions.push(or(eq(filterLabelSettings.groupId, request.query.group_id), isNull(filterLabelSettings.groupId))!);
      }
      const rows = await app.db.select().from(filterLabelSettings).where(and(...conditions)).orderBy(asc(filterLabelSettings.order), asc(filterLabelSettings.id));
      const results = await present(rows);
      return { code: 200, count: results.length, next: null, previous: null, results };
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof FilterWrite> }>(
    `${REPORT_BASE}/filter_label_setting/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.createGroup } }, schema: { tags, summary: '新建标签筛选组', params: ProjectParams, body: FilterWrite } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const origin = request.body.origin ?? '报告';
      const [row] = await app.db
        .insert(filterLabelSettings)
        .values({
          projectUuid: project.uuid,
          name: checkName(request.body.name),
          origin,
          groupId: request.body.group_id ?? null,
          tags: await checkTags(project.uuid, origin, request.body.tags ?? []),
          dataFields: request.body.data_fields ?? [],
        })
        .returning();
      return reply.status(201).send((await present([row]))[0]);
    },
  );

  app.patch<{ Params: Static<typeof ProjectIdParams>; Body: Static<typeof FilterWrite> }>(
    `${REPORT_BASE}/filter_label_setting/:id/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.editGroup } }, schema: { tags, summary: '修改标签筛选组', params: ProjectIdParams, body: FilterWrite } },
    async (request) => {
      const { project } = projectOf(request);
      const current = await settingOf(project.uuid, request.params.id);
      const origin = request.body.origin ?? current.origin;
      const changes: Partial<FilterRow> = { updatedAt: new Date(), origin };
      if (request.body.name !== undefined) changes.name = checkName(request.body.name);
      if (request.body.group_id !== undefined) changes.groupId = request.body.group_id;
      if (request.body.data_fields !== undefined) changes.dataFields = request.body.data_fields;
      changes.tags = await checkTags(project.uuid, origin, request.body.tags ?? current.tags);
      const [row] = await app.db.update(filterLabelSettings).set(changes).where(eq(filterLabelSettings.id, current.id)).returning();
      return (await present([row]))[0];
    },
  );

  app.delete<{ Params: Static<typeof ProjectIdParams> }>(
    `${REPORT_BASE}/filter_label_setting/:id/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.deleteGroup } }, schema: { tags, summary: '删除标签筛选组', params: ProjectIdParams } },
    async (request, reply) => {
      const { project } = projectOf(request);
      await app.db.delete(filterLabelSettings).where(eq(filterLabelSettings.id, (await settingOf(project.uuid, request.params.id)).id));
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
    `${REPORT_BASE}/filter_label_setting/bulk_delete/`,
    { config: { project: { anyOf: LABEL_PERMISSIONS.deleteGroup } }, schema: { tags, summary: '批量删除标签筛选组', params: ProjectParams, body: Ids } },
    async (request) => {
      const { project } = projectOf(request);
      const ids = parseIds(request.body.ids, '请勾选批量删除数据!');
      await app.db.transaction(async (tx) => {
        const rows = await tx.delete(filterLabelSettings).where(and(eq(filterLabelSettings.projectUuid, project.uuid), inArray(filterLabelSettings.id, ids))).returning({ id: filterLabelSettings.id });
        if (rows.length !== ids.length) throw notFound('部分标签筛选不存在');
      });
      return ok({ deleted: ids.length }, '批量删除成功!');
    },
  );
}
