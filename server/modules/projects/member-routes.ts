import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { listPage } from '../../lib/list-page';
import { ErrorBody } from '../../lib/schema-types';
import { permissionDetail, type PermissionAction } from '../../../contract/permissions';
import { inProject, projectOf } from '../../access/gate';
import { currentUser } from '../../access/sessions';
import { projectNotFound } from '../../access/project';
import { inviteToProject } from './member-invitations';
import {
  addOrganizationUsers,
  changeMemberRole,
  checkProjectRole,
  defaultProjectRole,
  listMembers,
  membersByIds,
  presentMember,
  removeMembers,
  type MemberRow,
} from './member-queries';
import { IdParams, IdsBody, Member, MemberAdd, MemberChange, MemberListQuery, MemberPage, ProjectInvitation, ProjectParams } from './schemas';

const tags = ['项目成员'];
const BASE = '/api/project/v1/projects';
const can = (action: PermissionAction) => [permissionDetail('project', 'projectmember', action)];

export async function projectMemberRoutes(app: FastifyInstance): Promise<void> {
  const present = (row: MemberRow): Static<typeof Member> => presentMember(row, app.config.timeZone);

  /** A member row by id; one of another project's or none at all answers like a project the caller cannot see. */
  async function memberById(id: number) {
    const [row] = await membersByIds(app.db, [id]);
    if (!row) throw projectNotFound();
    return row;
  }
  /** The project of a batch of members, all of one project. */
  async function projectOfMembers(ids: number[]) {
    const rows = await membersByIds(app.db, ids);
    const projectUuids = new Set(rows.map((row) => row.member.projectUuid));
    if (rows.length !== ids.length || projectUuids.size !== 1) throw projectNotFound();
    return rows[0].member.projectUuid;
  }
  /** Routes of one member (`:id`): the project is the member's. */
  const ofMember = (action: PermissionAction) =>
    inProject(can(action), async (request) => (await memberById((request.params as { id: number }).id)).member.projectUuid);
  const batchIds = (body: unknown) => parseIds((body as Static<typeof IdsBody>).ids, '请选择要移除的成员');

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof MemberListQuery> }>(
    `${BASE}/:project_uuid/members/`,
    { config: inProject(can('view')), schema: { tags, summary: '项目成员列表', params: ProjectParams, querystring: MemberListQuery, response: { 200: MemberPage } } },
    async (request) =>
      listPage(request, { ordering: 'created_at' as const, ...request.query }, (params) => listMembers(app.db, projectOf(request).project.uuid, params), present),
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof MemberAdd> }>(
    `${BASE}/:project_uuid/members/`,
    {
      config: inProject(can('create')),
      schema: {
        tags,
        summary: '添加项目成员（本企业成员的用户名、手机号或用户 uuid；其他人得到邀请链接）',
        description: '本企业的成员直接加入（201）；其他任何名称，无论是否注册，都回答 202 和一个一次性邀请链接，不透露该用户是否存在。',
        params: ProjectParams,
        body: MemberAdd,
        response: { 201: Member, 202: ProjectInvitation, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { project } = projectOf(request);
      const { username, user_uuid: userUuid, role_id: roleId } = request.body;
      const name = username?.trim();
      if (!name && !userUuid) throw badRequest('请输入要添加的用户名');
      const role = roleId ? await checkProjectRole(app.db, project.uuid, roleId) : await defaultProjectRole(app.db, project.uuid);
      const [id] = await addOrganizationUsers(app.db, project, [{ who: userUuid ? { uuid: userUuid } : { username: name }, roleId: role.id }], request.user);
      if (id === null) {
        const invitation = await inviteToProject(app.db, project, { createdBy: currentUser(request).uuid, roleId: role.id, timeZone: app.config.timeZone });
        return reply.status(202).send(invitation);
      }
      return reply.status(201).send(present(await memberById(id)));
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${BASE}/members/:id/`,
    { config: ofMember('view'), schema: { tags, summary: '项目成员详情', params: IdParams, response: { 200: Member } } },
    async (request) => present(await memberById(request.params.id)),
  );

  app.route<{ Params: Static<typeof IdParams>; Body: Static<typeof MemberChange> }>({
    method: ['PUT', 'PATCH'], url: `${BASE}/members/:id/`, config: ofMember('edit'),
    schema: { tags, summary: '修改项目成员的角色', params: IdParams, body: MemberChange, response: { 200: Member, 400: ErrorBody } },
    handler: async (request) => {
      const row = await memberById(request.params.id);
      const roleId = request.body.role_id;
      if (roleId === undefined) {
        if (request.method === 'PUT') throw badRequest('请选择角色');
        return present(row);
      }
      await checkProjectRole(app.db, row.member.projectUuid, roleId);
      await changeMemberRole(app.db, row.member, roleId, request.user);
      return present(await memberById(row.member.id));
    },
  });

  app.delete<{ Params: Static<typeof IdParams> }>(
    `${BASE}/members/:id/`,
    { config: ofMember('delete'), schema: { tags, summary: '移除项目成员', params: IdParams } },
    async (request, reply) => {
      const { member } = await memberById(request.params.id);
      await removeMembers(app.db, member.projectUuid, [member.id], request.user);
      return reply.status(204).send();
    },
  );

  app.post<{ Body: Static<typeof IdsBody> }>(
    `${BASE}/members/batch_delete/`,
    {
      config: inProject(can('delete'), (request) => projectOfMembers(batchIds(request.body))),
      schema: { tags, summary: '批量移除项目成员（全部成功或全部不变）', body: IdsBody },
    },
    async (request, reply) => {
      await removeMembers(app.db, projectOf(request).project.uuid, batchIds(request.body), request.user);
      return reply.status(204).send();
    },
  );
}
