import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { DeletedCount, ok, OkOf, REPORT_BASE } from '../../lib/report-service';
import { LABEL_PERMISSIONS } from '../../../contract/labels';
import { inProject, projectOf } from '../../access/gate';
import { checkTags, createFilter, deleteFilters, findFilter, labelsWithGroups, listFilters, updateFilter, type FilterRow } from './filter-queries';
import { presentLabel } from './queries';
import { FilterGroup, FilterGroupList, FilterListQuery, FilterWrite, Ids, ProjectIdParams, ProjectParams } from './schemas';

const tags = ['标签筛选'];

function checkName(name: string | undefined) {
  const value = (name ?? '').trim();
  if (!value) throw badRequest('请输入筛选名称');
  if (value.length > 50) throw badRequest('筛选名称不能超过 50 个字符');
  return value;
}

export async function filterSettingRoutes(app: FastifyInstance): Promise<void> {
  const tz = app.config.timeZone;

  /** Filter groups with their labels expanded, in the order of their tags; deleted labels drop out. */
  async function present(rows: FilterRow[]) {
    const found = await labelsWithGroups(app.db, [...new Set(rows.flatMap((row) => row.tags))]);
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

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof FilterListQuery> }>(
    `${REPORT_BASE}/filter_label_setting/`,
    { config: inProject(LABEL_PERMISSIONS.viewGroups), schema: { tags, summary: '标签筛选组（origin、group_id；未指定分组的筛选组对所有分组可见）', params: ProjectParams, querystring: FilterListQuery, response: { 200: FilterGroupList } } },
    async (request) => {
      const rows = await listFilters(app.db, projectOf(request).project.uuid, { origin: request.query.origin, groupId: request.query.group_id });
      const results = await present(rows);
      return { code: 200, count: results.length, next: null, previous: null, results };
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof FilterWrite> }>(
    `${REPORT_BASE}/filter_label_setting/`,
    { config: inProject(LABEL_PERMISSIONS.createGroup), schema: { tags, summary: '新建标签筛选组', params: ProjectParams, body: FilterWrite, response: { 201: FilterGroup } } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const origin = request.body.origin ?? '报告';
      const row = await createFilter(app.db, {
        projectUuid: project.uuid,
        name: checkName(request.body.name),
        origin,
        groupId: request.body.group_id ?? null,
        tags: await checkTags(app.db, project.uuid, origin, request.body.tags ?? []),
        dataFields: request.body.data_fields ?? [],
      });
      return reply.status(201).send((await present([row]))[0]);
    },
  );

  app.patch<{ Params: Static<typeof ProjectIdParams>; Body: Static<typeof FilterWrite> }>(
    `${REPORT_BASE}/filter_label_setting/:id/`,
    { config: inProject(LABEL_PERMISSIONS.editGroup), schema: { tags, summary: '修改标签筛选组', params: ProjectIdParams, body: FilterWrite, response: { 200: FilterGroup } } },
    async (request) => {
      const { project } = projectOf(request);
      const current = await findFilter(app.db, project.uuid, request.params.id);
      const origin = request.body.origin ?? current.origin;
      const changes: Partial<FilterRow> = { updatedAt: new Date(), origin };
      if (request.body.name !== undefined) changes.name = checkName(request.body.name);
      if (request.body.group_id !== undefined) changes.groupId = request.body.group_id;
      if (request.body.data_fields !== undefined) changes.dataFields = request.body.data_fields;
      changes.tags = await checkTags(app.db, project.uuid, origin, request.body.tags ?? current.tags);
      return (await present([await updateFilter(app.db, current.id, changes)]))[0];
    },
  );

  app.delete<{ Params: Static<typeof ProjectIdParams> }>(
    `${REPORT_BASE}/filter_label_setting/:id/`,
    { config: inProject(LABEL_PERMISSIONS.deleteGroup), schema: { tags, summary: '删除标签筛选组', params: ProjectIdParams } },
    async (request, reply) => {
      const { project } = projectOf(request);
      await deleteFilters(app.db, project.uuid, [(await findFilter(app.db, project.uuid, request.params.id)).id]);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
    `${REPORT_BASE}/filter_label_setting/bulk_delete/`,
    { config: inProject(LABEL_PERMISSIONS.deleteGroup), schema: { tags, summary: '批量删除标签筛选组', params: ProjectParams, body: Ids, response: { 200: OkOf(DeletedCount) } } },
    async (request) => {
      const ids = parseIds(request.body.ids, '请勾选批量删除数据!');
      return ok({ deleted: await deleteFilters(app.db, projectOf(request).project.uuid, ids) }, '批量删除成功!');
    },
  );
}
