import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { checkGroupName } from '../../lib/groups';
import { parseIds } from '../../lib/ids';
import { DeletedCount, ok, OkOf, REPORT_BASE } from '../../lib/report-service';
import { refuseTaken } from '../../lib/sql';
import type { LibraryKindContract, LibraryOperation } from '../../../contract/library';
import { projectOf } from '../../access/gate';
import { createGroup, deleteKindGroups, findGroup, listGroups, saveGroups, updateGroup, type GroupRow } from './group-queries';
import { Group, GroupBatchEdit, GroupList, GroupListQuery, GroupWrite, Ids, ProjectIdParams, ProjectParams } from './schemas';

/** The group routes of one library kind: report_group/ or material_group/. */
export function groupRoutes(spec: LibraryKindContract) {
  return async (app: FastifyInstance): Promise<void> => {
    const base = `${REPORT_BASE}/${spec.groupPath}`;
    const tags = [`${spec.entity}分组`];
    const present = (group: GroupRow, num = 0) => ({
      id: group.id,
      name: group.name,
      sorted: group.sorted,
      user_uuid: group.userUuid,
      num,
      created_at: formatDateTime(group.createdAt, app.config.timeZone)!,
      updated_at: formatDateTime(group.updatedAt, app.config.timeZone)!,
    });
    const needs = (operation: LibraryOperation) => ({ project: { anyOf: spec.permissions[operation] } });
    const taken = () => badRequest('分组名称已存在');

    app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof GroupListQuery> }>(
      `${base}/group_list/`,
      { config: needs('viewGroups'), schema: { tags, summary: `${spec.entity}分组（每组条数 num，以及全部条数 total_report_number）`, params: ProjectParams, querystring: GroupListQuery, response: { 200: GroupList } } },
      async (request) => {
        const { groups, counts } = await listGroups(app.db, projectOf(request).project.uuid, spec.kind, request.query.name?.trim());
        return { code: 200, data: groups.map((group) => present(group, counts.of(group.id))), total_report_number: counts.total };
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof GroupWrite> }>(
      `${base}/group_create/`,
      { config: needs('createGroup'), schema: { tags, summary: `新建${spec.entity}分组`, params: ProjectParams, body: GroupWrite, response: { 200: OkOf(Group) } } },
      async (request) => {
        const { project } = projectOf(request);
        const name = checkGroupName(request.body.name, '分组名称必填！');
        const values = { projectUuid: project.uuid, kind: spec.kind, name, sorted: request.body.sorted, userUuid: request.user?.uuid };
        return ok(present(await refuseTaken(() => createGroup(app.db, values, request.user), taken)), '新增分组成功');
      },
    );

    app.put<{ Params: Static<typeof ProjectIdParams>; Body: Static<typeof GroupWrite> }>(
      `${base}/:id/`,
      { config: needs('editGroup'), schema: { tags, summary: `重命名${spec.entity}分组`, params: ProjectIdParams, body: GroupWrite, response: { 200: OkOf(Group) } } },
      async (request) => {
        const group = await findGroup(app.db, projectOf(request).project.uuid, spec.kind, request.params.id);
        const changes = { name: checkGroupName(request.body.name, '组名不能为空'), sorted: request.body.sorted ?? group.sorted };
        return ok(present(await refuseTaken(() => updateGroup(app.db, group, changes, request.user), taken)), '修改分组名称成功');
      },
    );

    app.put<{ Params: Static<typeof ProjectParams>; Body: Static<typeof GroupBatchEdit> }>(
      `${base}/batch_edit/`,
      { config: needs('editGroup'), schema: { tags, summary: '保存分组的名称与顺序，全部成功或全部不变', params: ProjectParams, body: GroupBatchEdit, response: { 200: OkOf(Type.Null()) } } },
      async (request) => {
        await refuseTaken(() => saveGroups(app.db, projectOf(request).project.uuid, spec.kind, request.body.data, request.user), taken);
        return ok(null, '排序成功');
      },
    );

    app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof Ids> }>(
      `${base}/batch_delete/`,
      { config: needs('deleteGroup'), schema: { tags, summary: `批量删除${spec.entity}分组（其中的${spec.entity}移出分组）`, params: ProjectParams, body: Ids, response: { 200: OkOf(DeletedCount) } } },
      async (request) => {
        const ids = parseIds(request.body.ids, '请选择删除分组');
        return ok({ deleted: await deleteKindGroups(app.db, projectOf(request).project.uuid, spec.kind, ids, request.user) }, '批量删除成功!');
      },
    );
  };
}
