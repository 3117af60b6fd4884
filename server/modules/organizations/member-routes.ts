import path from 'node:path';
import type { Static } from '@sinclair/typebox';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { organizationMembers, projectMembers, projects, users } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { checkInvitation, createInvitation, INVITE_MESSAGES, redeemInvitation } from '../../lib/invite-tokens';
import { DEFAULT_LIMIT, drfPage } from '../../lib/pagination';
import { currentUser } from '../../plugins/auth';
import { chunkStore } from '../uploads/chunk-store';
import { handOverProjects } from '../projects/member-queries';
import { organizationPermission as can, refused, type OrganizationAccess } from './access';
import { inOrganization, organizationOf } from '../../plugins/access';
import { UUID } from '../../lib/schema-types';
import { errorResponses, onPaths, ORG, V1, V1_ORG } from './paths';
import { presentMember } from './present';
import { countManagers, findDefaultRole, findMember, findMembers, findRole, listMembers } from './queries';
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

const tags = ['企业成员'];
const INVITED = '已生成邀请链接，请发给对方；对方登录后打开链接即可加入企业';
const memberNotFound = () => notFound('企业成员不存在');

/** Serializes the rules on who may stay (last owner, last admin) between concurrent changes. */
async function lockMembers(tx: Db, organizationUuid: string): Promise<void> {
  await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationUuid, organizationUuid))
    .for('update');
}

/** Comma-joined or array of user uuids; all must be well formed. */
function parseUserUuids(ids: string[] | string): string[] {
  const list = (typeof ids === 'string' ? ids.split(/[,，]/) : ids).map((id) => id.trim().toLowerCase()).filter(Boolean);
  if (list.length === 0) throw badRequest('请选择要移除的成员');
  const bad = list.find((id) => !UUID.test(id));
  if (bad) throw badRequest(`成员编号「${bad}」不合法`);
  return [...new Set(list)];
}

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  const present = (row: Parameters<typeof presentMember>[0]) => presentMember(row, timeZone);

  const memberOf = async (db: Db, access: OrganizationAccess, userUuid: string) => {
    if (!UUID.test(userUuid)) throw memberNotFound();
    const row = await findMember(db, access.organization.uuid, userUuid.toLowerCase());
    if (!row) throw memberNotFound();
    return row;
  };

  onPaths<{ Querystring: Static<typeof MemberListQuery> }>(
    app,
    'GET',
    [`${ORG}/members/`, `${V1_ORG}/members/`],
    {
      config: inOrganization(can('member', 'view')),
      schema: {
        tags,
        summary: '企业成员列表',
        querystring: MemberListQuery,
        response: { 200: MemberPage, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      const { limit = DEFAULT_LIMIT, offset = 0, search, ordering = 'created_at' } = request.query;
      const { rows, total } = await listMembers(app.db, {
        organizationUuid: access.organization.uuid,
        search: search?.trim() || undefined,
        ordering,
        limit,
        offset,
      });
      return drfPage(request, rows.map(present), total, limit, offset);
    },
  );

  app.get<{ Params: Static<typeof MemberParams> }>(
    `${ORG}/members/:uuid/`,
    { config: inOrganization(can('member', 'view')), schema: { tags, summary: '企业成员详情', params: MemberParams, response: { 200: Member, ...errorResponses } } },
    async (request) => {
      const access = organizationOf(request);
      return present(await memberOf(app.db, access, request.params.uuid));
    },
  );

  onPaths<{ Params: Static<typeof MemberParams>; Body: Static<typeof MemberChange> }>(
    app,
    ['PUT', 'PATCH'],
    [`${ORG}/members/:uuid/`, `${V1_ORG}/members/:uuid/`],
    {
      config: inOrganization(can('member', 'edit')),
      schema: {
        tags,
        summary: '修改企业成员的角色',
        description: '只有企业所有者可以修改所有者的角色；企业最后一位管理员不能被改为其他角色。',
        params: MemberParams,
        body: MemberChange,
        response: { 200: Member, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      const target = await memberOf(app.db, access, request.params.uuid);
      const roleId = request.body?.role_id;
      if (roleId === undefined) {
        if (request.method === 'PUT') throw badRequest('请选择角色');
        return present(target);
      }
      const organizationUuid = access.organization.uuid;
      await app.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await lockMembers(tx, organizationUuid);
        const role = await findRole(tx, organizationUuid, roleId);
        if (!role) throw badRequest('角色不存在');
        const current = (await findMember(tx, organizationUuid, target.user.uuid)) ?? target;
        if (current.member.isOwner && !access.isOwner) throw refused('只有企业所有者可以修改所有者的角色');
        const demoted = !current.member.isOwner && current.role?.builtin === 'admin' && role.role.builtin !== 'admin';
        if (demoted && (await countManagers(tx, organizationUuid, [current.user.uuid])) === 0) {
          throw badRequest('该成员是企业唯一的管理员，不能修改其角色；请先将其他成员设为企业管理员');
        }
        await tx
          .update(organizationMembers)
          .set({ roleId, updatedAt: new Date() })
          .where(eq(organizationMembers.id, current.member.id));
      });
      return present((await findMember(app.db, organizationUuid, target.user.uuid))!);
    },
  );

  onPaths<{ Querystring: Static<typeof InviteCodeQuery> }>(
    app,
    'GET',
    [`${ORG}/members/invite_code/`, `${V1_ORG}/members/invite_code/`],
    {
      config: inOrganization(can('member', 'create')),
      schema: {
        tags,
        summary: '生成企业邀请链接',
        description: '有效天数 days 为 1 到 365，默认 7；一个链接最多使用 100 次。加入者获得默认角色。',
        querystring: InviteCodeQuery,
        response: { 200: InviteCode, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      const { token, invitation } = await createInvitation(app.db, {
        kind: 'organization',
        organizationUuid: access.organization.uuid,
        createdBy: access.user.uuid,
        days: request.query.days,
      });
      return { token, expires_at: formatDateTime(invitation.expiresAt, timeZone)!, url: `#/list?orgtoken=${token}` };
    },
  );

  onPaths<{ Body: Static<typeof InviteUserBody>; Querystring: Static<typeof InviteUserQuery> }>(
    app,
    'POST',
    [`${ORG}/members/invite_user/`, `${V1_ORG}/members/invite_user/`],
    {
      config: inOrganization(can('member', 'create')),
      schema: {
        tags,
        summary: '按用户名或手机号邀请加入企业：每人一个一次性邀请链接',
        description:
          '请求体为一个 {username, role_id?} 或它们的数组。不直接加入任何人：每个名称都得到一个只能使用一次的邀请链接（加入者得到 role_id 或默认角色），无论该用户是否注册，回答都一样。已是企业成员的名称回答 400，此时不生成任何链接。',
        querystring: InviteUserQuery,
        body: InviteUserBody,
        response: { 201: InvitationList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const access = organizationOf(request);
      const organizationUuid = access.organization.uuid;
      const items = Array.isArray(request.body) ? request.body : [request.body ?? {}];
      if (items.length === 0) throw badRequest('请至少填写一个用户名');
      const names = items.map((item) => (item.username ?? '').trim());
      if (names.some((name) => !name)) throw badRequest('请输入用户名');
      const repeated = names.find((name, i) => names.indexOf(name) !== i);
      if (repeated) throw badRequest(`用户名「${repeated}」重复`);
      const [member] = await app.db
        .select({ username: users.username })
        .from(organizationMembers)
        .innerJoin(users, eq(users.uuid, organizationMembers.userUuid))
        .where(
          and(eq(organizationMembers.organizationUuid, organizationUuid), or(inArray(users.username, names), inArray(users.mobile, names))),
        )
        .limit(1);
      if (member) throw badRequest(`用户「${member.username}」已是企业成员`);
      for (const roleId of new Set(items.map((item) => item.role_id))) {
        if (roleId !== undefined && !(await findRole(app.db, organizationUuid, roleId))) throw badRequest(`角色 ${roleId} 不存在`);
      }
      const invitations = [];
      for (const [i, item] of items.entries()) {
        const { token, invitation } = await createInvitation(app.db, {
          kind: 'organization',
          organizationUuid,
          roleId: item.role_id ?? null,
          createdBy: access.user.uuid,
          maxUses: 1,
        });
        invitations.push({
          username: names[i],
          invited: true as const,
          message: INVITED,
          token,
          expires_at: formatDateTime(invitation.expiresAt, timeZone)!,
          url: `#/list?orgtoken=${token}`,
        });
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
      await tx
        .insert(organizationMembers)
        .values({ organizationUuid, userUuid: user.uuid, roleId: role?.id ?? null })
        .onConflictDoNothing();
      await tx
        .update(users)
        .set({ currentOrganizationUuid: organizationUuid, updatedAt: new Date() })
        .where(eq(users.uuid, user.uuid));
    });
    return { message: '成功加入企业', organization_uuid: organizationUuid };
  };
  const joinSchema = {
    tags,
    summary: '凭邀请链接加入企业',
    description: '加入者获得默认角色，并切换到该企业。已是成员时回答「您已是该企业的成员」，不占用次数。',
    response: { 200: JoinResult, ...errorResponses },
  };
  app.get(`${ORG}/members/join/`, { schema: { ...joinSchema, querystring: JoinQuery } }, join);
  app.get(`${V1_ORG}/:id/members/join/`, { schema: { ...joinSchema, params: OrganizationParams, querystring: JoinQuery } }, join);
  app.post(`${V1}/user_admin/join_organization/`, { schema: { ...joinSchema, body: JoinBody } }, join);

  app.post<{ Body: Static<typeof BatchDeleteBody> }>(
    `${V1_ORG}/members/batch_delete/`,
    {
      config: inOrganization(can('member', 'delete')),
      schema: {
        tags,
        summary: '批量移除企业成员',
        description: 'ids 为成员的用户 uuid；全部移除或全部不移除。不能移除企业的最后一位所有者；成员在本企业项目中的成员身份一并移除，其作为唯一项目管理员的项目交给企业最早的所有者管理。',
        body: BatchDeleteBody,
        response: { 204: { type: 'null', description: '已移除' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const access = organizationOf(request);
      const organizationUuid = access.organization.uuid;
      const ids = parseUserUuids(request.body.ids);
      await app.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await lockMembers(tx, organizationUuid);
        const targets = await findMembers(tx, organizationUuid, ids);
        if (targets.length !== ids.length) {
          const missing = ids.find((id) => !targets.some((row) => row.user.uuid === id));
          throw notFound(`企业成员「${missing}」不存在`);
        }
        if (targets.some((row) => row.member.isOwner)) {
          if (!access.isOwner) throw refused('只有企业所有者可以移除所有者');
          const [{ owners }] = await tx
            .select({ owners: count() })
            .from(organizationMembers)
            .where(and(eq(organizationMembers.organizationUuid, organizationUuid), eq(organizationMembers.isOwner, true)));
          const ownersLeft = owners - targets.filter((row) => row.member.isOwner).length;
          if (ownersLeft <= 0) throw badRequest('不能移除企业的最后一位所有者');
        }
        if ((await countManagers(tx, organizationUuid, ids)) === 0) throw badRequest('不能移除企业的最后一位管理员');
        await handOverProjects(tx, organizationUuid, ids);
        const organizationProjects = tx
          .select({ uuid: projects.uuid })
          .from(projects)
          .where(eq(projects.organizationUuid, organizationUuid));
        await tx
          .delete(projectMembers)
          .where(and(inArray(projectMembers.userUuid, ids), inArray(projectMembers.projectUuid, organizationProjects)));
        await tx
          .update(users)
          .set({ currentOrganizationUuid: null })
          .where(and(inArray(users.uuid, ids), eq(users.currentOrganizationUuid, organizationUuid)));
        await tx
          .delete(organizationMembers)
          .where(and(eq(organizationMembers.organizationUuid, organizationUuid), inArray(organizationMembers.userUuid, ids)));
      });
      const chunks = chunkStore(path.join(app.config.dataDir, 'chunks'));
      for (const id of ids) await chunks.removeTasksOf(id, organizationUuid);
      return reply.status(204).send();
    },
  );
}
