import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { inviteLink } from '../../lib/invite-links';
import { checkInvitation, redeemInvitation } from '../../lib/invite-tokens';
import { currentUser } from '../../access/sessions';
import { inProject, projectOf } from '../../access/gate';
import { permissionDetail } from '../../../contract/permissions';
import { findDefaultRole, joinOrganization } from '../organizations/queries';
import { inviteToProject } from './member-invitations';
import { addMember, addOrganizationUsers, checkProjectRole, defaultProjectRole, isProjectMember, membersByIds, presentMember } from './member-queries';
import { InviteCode, InviteCodeQuery, InviteUserAnswer, InviteUserBody, JoinBody, JoinQuery, JoinResult, ProjectScoped } from './schemas';
import { ErrorBody } from '../../lib/schema-types';

const tags = ['项目成员'];
const BASE = '/api/project/v1/projects';
const CREATE = [permissionDetail('project', 'projectmember', 'create')];

/** The project of a collection call: in the path, or as `project_uuid` in the query. */
const invitingMembers = inProject(CREATE, (request: FastifyRequest) =>
  (request.params as { project_uuid?: string }).project_uuid ?? (request.query as { project_uuid?: string }).project_uuid,
);

export async function projectInviteRoutes(app: FastifyInstance): Promise<void> {
  for (const url of [`${BASE}/:project_uuid/members/invite_code/`, `${BASE}/members/invite_code/`]) {
    app.get<{ Querystring: Static<typeof InviteCodeQuery> }>(
      url,
      { config: invitingMembers, schema: { tags, summary: '生成项目邀请链接（days 默认 7 天，最多使用 100 次）', querystring: InviteCodeQuery, response: { 200: InviteCode } } },
      async (request) => {
        const { project } = projectOf(request);
        const input = { organizationUuid: project.organizationUuid, projectUuid: project.uuid, createdBy: currentUser(request).uuid, days: request.query.days };
        return inviteLink(app.db, { kind: 'project', ...input }, app.config.timeZone);
      },
    );

    app.post<{ Body: Static<typeof InviteUserBody>; Querystring: Static<typeof ProjectScoped> }>(
      url.replace('invite_code', 'invite_user'),
      {
        config: invitingMembers,
        schema: {
          tags,
          summary: '按用户名邀请（一个或数组）：本企业成员直接加入，其他人各得一个一次性邀请链接',
          description: '按请求的顺序回答：本企业成员的成员记录，或 {username, invited, token, url, …}；不透露企业之外的用户是否存在。成员的加入全部成功或全部不变。',
          querystring: ProjectScoped,
          body: InviteUserBody,
          response: { 201: InviteUserAnswer, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const { project } = projectOf(request);
        const items = Array.isArray(request.body) ? request.body : [request.body];
        const names = items.map((item) => (item.username ?? '').trim());
        if (names.length === 0 || names.some((name) => !name)) throw badRequest('请输入用户名');
        const fallback = await defaultProjectRole(app.db, project.uuid);
        const roleIds = await Promise.all(
          items.map(async (item) => (item.role_id ? (await checkProjectRole(app.db, project.uuid, item.role_id)).id : fallback.id)),
        );
        const added = await addOrganizationUsers(app.db, project, names.map((name, i) => ({ who: { username: name }, roleId: roleIds[i], shown: name })), request.user);
        const members = await membersByIds(app.db, added.filter((id) => id !== null));
        const answers = await Promise.all(
          added.map(async (id, i) => {
            if (id !== null) return presentMember(members.find((row) => row.member.id === id)!, app.config.timeZone);
            const invitation = await inviteToProject(app.db, project, { createdBy: currentUser(request).uuid, roleId: roleIds[i], timeZone: app.config.timeZone });
            return { username: names[i], ...invitation };
          }),
        );
        return reply.status(201).send(answers);
      },
    );
  }

  /** Joins the project of a token, and its organization when needed, with the token's role if the project still has it, else the default role. */
  const join = async (request: FastifyRequest<{ Querystring: { token?: string }; Body: { token?: string } }>) => {
    const user = currentUser(request);
    const token = request.query?.token ?? request.body?.token;
    const invitation = await checkInvitation(app.db, token, 'project');
    const projectUuid = invitation.projectUuid!;
    if (await isProjectMember(app.db, projectUuid, user.uuid)) return { message: '您已是该项目的成员', project_uuid: projectUuid };
    await redeemInvitation(app.db, token, 'project', async (tx, redeemed) => {
      const role =
        (redeemed.roleId !== null ? await checkProjectRole(tx, projectUuid, redeemed.roleId).catch(() => null) : null) ??
        (await defaultProjectRole(tx, projectUuid));
      const organizationRole = await findDefaultRole(tx, invitation.organizationUuid);
      await joinOrganization(tx, invitation.organizationUuid, user.uuid, organizationRole?.id ?? null);
      await addMember(tx, { uuid: projectUuid }, user.uuid, role.id, user);
    });
    return { message: '成功加入项目', project_uuid: projectUuid };
  };
  const joinSchema = { tags, summary: '凭邀请链接加入项目（同时加入其企业）', response: { 200: JoinResult, 400: ErrorBody } };
  app.get(`${BASE}/members/join/`, { schema: { ...joinSchema, querystring: JoinQuery } }, join);
  app.post('/api/v1/user_admin/join_project/', { schema: { ...joinSchema, body: JoinBody } }, join);
}
