import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { inviteLink } from '../../lib/invite-links';
import { checkInvitation, INVITE_MESSAGES, redeemInvitation } from '../../lib/invite-tokens';
import { listPage } from '../../lib/list-page';
import { UUID } from '../../lib/schema-types';
import { inOrganization, organizationOf } from '../../access/gate';
import { currentUser } from '../../access/sessions';
import { chunkStore } from '../uploads/chunk-store';
import { organizationPermission as can, type OrganizationAccess } from '../../access/organization';
import { changeMemberRole, removeMembers } from './member-writes';
import { ORG, routesTagged, V1, V1_ORG } from './paths';
import { presentMember } from './present';
import { findDefaultRole, findMember, findMemberByName, findRole, joinOrganization, listMembers, type MemberRow } from './queries';
import {
  BatchDeleteBody,
  InviteCode,
  InviteCodeQuery,
  InviteUserBody,
  InviteUserQuery,
  InvitationList,
  JoinBody,
  JoinQuery,
  JoinResult,
  Member,
  MemberChange,
  MemberListQuery,
  MemberPage,
  MemberParams,
  OrganizationParams,
} from './schemas';

const INVITED = '已生成邀请链接，请发给对方；对方登录后打开链接即可加入企业';
const memberNotFound = () => notFound('企业成员不存在');

/** Comma-joined or array of user uuids; all must be well formed. */
function parseUserUuids(ids: string[] | string): string[] {
  const list = (typeof ids === 'string' ? ids.split(/[,，]/) : ids).map((id) => id.trim().toLowerCase()).filter(Boolean);
  if (list.length === 0) throw badRequest('请选择要移除的成员');
  const bad = list.find((id) => !UUID.test(id));
  if (bad) throw badRequest(`成员编号「${bad}」不合法`);
  return [...new Set(list)];
}

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const route = routesTagged(app, ['企业成员']);
  const timeZone = app.config.timeZone;
  const present = (row: MemberRow) => presentMember(row, timeZone);

  const memberOf = async (access: OrganizationAccess, userUuid: string) => {
    if (!UUID.test(userUuid)) throw memberNotFound();
    const row = await findMember(app.db, access.organization.uuid, userUuid.toLowerCase());
    if (!row) throw memberNotFound();
    return row;
  };

  route<{ Querystring: Static<typeof MemberListQuery> }>(
    'GET', [`${ORG}/members/`, `${V1_ORG}/members/`], inOrganization(can('member', 'view')),
    { summary: '企业成员列表', querystring: MemberListQuery, response: { 200: MemberPage } },
    async (request) =>
      listPage(request, { ordering: 'created_at' as const, ...request.query }, (params) => listMembers(app.db, organizationOf(request).organization.uuid, params), present),
  );

  route<{ Params: Static<typeof MemberParams> }>(
    'GET', `${ORG}/members/:uuid/`, inOrganization(can('member', 'view')),
    { summary: '企业成员详情', params: MemberParams, response: { 200: Member } },
    async (request) => present(await memberOf(organizationOf(request), request.params.uuid)),
  );

  route<{ Params: Static<typeof MemberParams>; Body: Static<typeof MemberChange> }>(
    ['PUT', 'PATCH'], [`${ORG}/members/:uuid/`, `${V1_ORG}/members/:uuid/`], inOrganization(can('member', 'edit')),
    { summary: '修改企业成员的角色', description: '只有企业所有者可以修改所有者的角色；企业最后一位管理员不能被改为其他角色。', params: MemberParams, body: MemberChange, response: { 200: Member } },
    async (request) => {
      const access = organizationOf(request);
      const target = await memberOf(access, request.params.uuid);
      const roleId = request.body?.role_id;
      if (roleId === undefined) {
        if (request.method === 'PUT') throw badRequest('请选择角色');
        return present(target);
      }
      await changeMemberRole(app.db, access, target, roleId);
      return present(await memberOf(access, target.user.uuid));
    },
  );

  route<{ Querystring: Static<typeof InviteCodeQuery> }>(
    'GET', [`${ORG}/members/invite_code/`, `${V1_ORG}/members/invite_code/`], inOrganization(can('member', 'create')),
    { summary: '生成企业邀请链接', description: '有效天数 days 为 1 到 365，默认 7；一个链接最多使用 100 次。加入者获得默认角色。', querystring: InviteCodeQuery, response: { 200: InviteCode } },
    async (request) => {
      const { organization, user } = organizationOf(request);
      return inviteLink(app.db, { kind: 'organization', organizationUuid: organization.uuid, createdBy: user.uuid, days: request.query.days }, timeZone);
    },
  );

  route<{ Body: Static<typeof InviteUserBody>; Querystring: Static<typeof InviteUserQuery> }>(
    'POST', [`${ORG}/members/invite_user/`, `${V1_ORG}/members/invite_user/`], inOrganization(can('member', 'create')),
    {
      summary: '按用户名或手机号邀请加入企业：每人一个一次性邀请链接',
      description:
        '请求体为一个 {username, role_id?} 或它们的数组。不直接加入任何人：每个名称都得到一个只能使用一次的邀请链接（加入者得到 role_id 或默认角色），无论该用户是否注册，回答都一样。已是企业成员的名称回答 400，此时不生成任何链接。',
      querystring: InviteUserQuery,
      body: InviteUserBody,
      response: { 201: InvitationList },
    },
    async (request, reply) => {
      const { organization, user } = organizationOf(request);
      const items = Array.isArray(request.body) ? request.body : [request.body ?? {}];
      if (items.length === 0) throw badRequest('请至少填写一个用户名');
      const names = items.map((item) => (item.username ?? '').trim());
      if (names.some((name) => !name)) throw badRequest('请输入用户名');
      const repeated = names.find((name, i) => names.indexOf(name) !== i);
      if (repeated) throw badRequest(`用户名「${repeated}」重复`);
      const member = await findMemberByName(app.db, organization.uuid, names);
      if (member) throw badRequest(`用户「${member.username}」已是企业成员`);
      for (const roleId of new Set(items.map((item) => item.role_id))) {
        if (roleId !== undefined && !(await findRole(app.db, organization.uuid, roleId))) throw badRequest(`角色 ${roleId} 不存在`);
      }
      const invitations = [];
      for (const [i, item] of items.entries()) {
        const input = { organizationUuid: organization.uuid, roleId: item.role_id ?? null, createdBy: user.uuid, maxUses: 1 };
        const link = await inviteLink(app.db, { kind: 'organization', ...input }, timeZone);
        invitations.push({ username: names[i], invited: true as const, message: INVITED, ...link });
      }
      return reply.status(201).send(invitations);
    },
  );

  /** Joins the organization of an invite token with the role of the token, else the default role. */
  const join = async (request: FastifyRequest<{ Querystring: { token?: string }; Body: { token?: string }; Params: { id?: string } }>) => {
    const user = currentUser(request);
    const token = request.query?.token ?? request.body?.token;
    const invitation = await checkInvitation(app.db, token, 'organization');
    const organizationUuid = invitation.organizationUuid;
    const pathOrganization = request.params?.id;
    if (pathOrganization !== undefined && pathOrganization.toLowerCase() !== organizationUuid) {
      throw badRequest(INVITE_MESSAGES.invalid);
    }
    if (await findMember(app.db, organizationUuid, user.uuid)) {
      return { message: '您已是该企业的成员', organization_uuid: organizationUuid };
    }
    await redeemInvitation(app.db, token, 'organization', async (tx, redeemed) => {
      const role =
        (redeemed.roleId !== null ? (await findRole(tx, organizationUuid, redeemed.roleId))?.role : undefined) ??
        (await findDefaultRole(tx, organizationUuid));
      await joinOrganization(tx, organizationUuid, user.uuid, role?.id ?? null);
    });
    return { message: '成功加入企业', organization_uuid: organizationUuid };
  };
  const joinSchema = {
    summary: '凭邀请链接加入企业',
    description: '加入者获得默认角色，并切换到该企业。已是成员时回答「您已是该企业的成员」，不占用次数。',
    response: { 200: JoinResult },
  };
  route('GET', `${ORG}/members/join/`, undefined, { ...joinSchema, querystring: JoinQuery }, join);
  route('GET', `${V1_ORG}/:id/members/join/`, undefined, { ...joinSchema, params: OrganizationParams, querystring: JoinQuery }, join);
  route('POST', `${V1}/user_admin/join_organization/`, undefined, { ...joinSchema, body: JoinBody }, join);

  route<{ Body: Static<typeof BatchDeleteBody> }>(
    'POST', `${V1_ORG}/members/batch_delete/`, inOrganization(can('member', 'delete')),
    {
      summary: '批量移除企业成员',
      description: 'ids 为成员的用户 uuid；全部移除或全部不移除。不能移除企业的最后一位所有者；成员在本企业项目中的成员身份一并移除，其作为唯一项目管理员的项目交给企业最早的所有者管理。',
      body: BatchDeleteBody,
      response: { 204: { type: 'null', description: '已移除' } },
    },
    async (request, reply) => {
      const access = organizationOf(request);
      const ids = parseUserUuids(request.body.ids);
      await removeMembers(app.db, access, ids);
      const chunks = chunkStore(app);
      for (const id of ids) await chunks.removeTasksOf(id, access.organization.uuid);
      return reply.status(204).send();
    },
  );
}
