import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { checkGroupName } from '../../lib/groups';
import { parseIds } from '../../lib/ids';
import { DeletedCount, ok, OkOf, REPORT_BASE } from '../../lib/report-service';
import { refuseTaken } from '../../lib/sql';
import { LABEL_PERMISSIONS } from '../../../contract/labels';
import { inProject, projectOf } from '../../access/gate';
import {
  createLabelGroup, deleteLabelGroups, findLabelGroup, labelCount, listLabelGroups, sortLabelGroups, updateLabelGroup,
} from './group-queries';
import type { LabelGroupRow } from './queries';
import { Ids, LabelGroup, LabelGroupList, LabelGroupWrite, ProjectIdParams, ProjectParams, SortBody } from './schemas';

const tags = ['标签分组'];
const taken = () => badRequest('标签分组名称已存在');

export async function labelGroupRoutes(app: FastifyInstance): Promise<void> {
  const present = (group: LabelGroupRow, labelNum: number) => ({
    id: group.id,
    name: group.name,
    order: group.order,
    label_num: labelNum,
    created_at: formatDateTime(group.createdAt, app.config.timeZone)!,
    updated_at: formatDateTime(group.updatedAt, app.config.timeZone)!,
  });

  app.get<{ Params: Static<typeof ProjectParams> }>(
    `${REPORT_BASE}/label_group/`,
    { config: inProject(LABEL_PERMISSIONS.viewGroups), schema: { tags, summary: '标签分组列表（含每组标签数 label_num 与标签总数 total_label）', params: ProjectParams, response: { 200: LabelGroupList } } },
    async (request) => {
      const { groups, counts } = await listLabelGroups(app.db, projectOf(request).project.uuid);
      const results = groups.map((group) => present(group, counts.of(group.id)));
      return { code: 200, count: groups.length, next: null, previous: null, results, total_label: counts.total };
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof LabelGroupWrite> }>(
    `${REPORT_BASE}/label_group/`,
    { config: inProject(LABEL_PERMISSIONS.createGroup), schema: { tags, summary: '新建标签分组', params: ProjectParams, body: LabelGroupWrite, response: { 201: LabelGroup } } },
    async (request, reply) => {
      const name = checkGroupName(request.body.name, '分组名称必填！');
      const group = await refuseTaken(() => createLabelGroup(app.db, projectOf(request).project.uuid, name, request.body.order, request.user), taken);
      return reply.status(201).send(present(group, 0));
    },
  );

  app.patch<{ Params: Static<typeof ProjectIdParams>; Body: Static<typeof LabelGroupWrite> }>(
    `${REPORT_BASE}/label_group/:id/`,
    { config: inProject(LABEL_PERMISSIONS.editGroup), schema: { tags, summary: '重命名或调整标签分组', params: ProjectIdParams, body: LabelGroupWrite, response: { 200: LabelGroup } } },
    async (request) => {
      const group = await findLabelGroup(app.db, projectOf(request).project.uuid, request.params.id);
      const changes: Partial<LabelGroupRow> = {};
      if (request.body.name !== undefined) changes.name = checkGroupName(request.body.name, '组名不能为空');
      if (request.body.order !== undefined) changes.order = request.body.order;
      const updated = await refuseTaken(() => updateLabelGroup(app.db, group, changes, request.user), taken);
      return present(updated, await labelCount(app.db, group.id));
    },
  );

  app.delete<{ Params: Static<typeof ProjectIdParams> }>(
    `${REPORT_BASE}/label_group/:id/`,
    { config: inProject(LABEL_PERMISSIONS.deleteGroup), schema: { tags, summary: '删除标签分组及其下的标签', params: ProjectIdParams } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const group = await findLabelGroup(app.db, project.uuid, request.params.id);
      await deleteLabelGroups(app.db, project.uuid, [group.id], request.user);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
    `${REPORT_BASE}/label_group/bulk_delete/`,
    { config: inProject(LABEL_PERMISSIONS.deleteGroup), schema: { tags, summary: '批量删除标签分组（其下标签一并删除）', params: ProjectParams, body: Ids, response: { 200: OkOf(DeletedCount) } } },
    async (request) => {
      const ids = parseIds(request.body.ids, '请选择删除分组');
      return ok({ deleted: await deleteLabelGroups(app.db, projectOf(request).project.uuid, ids, request.user) }, '批量删除成功!');
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof SortBody> }>(
    `${REPORT_BASE}/label_group/sort_data/`,
    { config: inProject(LABEL_PERMISSIONS.editGroup), schema: { tags, summary: '按给出的 id 顺序排列标签分组', params: ProjectParams, body: SortBody, response: { 200: OkOf(Type.Null()) } } },
    async (request) => {
      await sortLabelGroups(app.db, projectOf(request).project.uuid, Array.isArray(request.body) ? request.body : request.body.ids);
      return ok(null, '排序成功');
    },
  );
}
