import type { Static } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { organizations, users } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { checkInvitation, redeemInvitation } from '../../lib/invite-tokens';
import { DEFAULT_LIMIT, drfPage } from '../../lib/pagination';
import { currentUser } from '../../plugins/auth';
import { permissionGroups } from '../../../contract/permissions';
import { organizationPermission as can, type OrganizationAccess } from './access';
import { byPathId, inOrganization, organizationOf } from '../../plugins/access';
import { errorResponses, onPaths, ORG, V1, V1_ORG } from './paths';
import { userBrief } from './present';
import { countMembers, listManagers, listUserOrganizations, listUserProjects } from './queries';
import {
  AdminInfo,
  ApplicationPage,
  ApplicationParams,
  JoinBody,
  MessageBody,
  OrganizationChange,
  OrganizationDetail,
  OrganizationListQuery,
  OrganizationPage,
  OrganizationParams,
  PermissionGroups,
  PermissionGroupsQuery,
  PermissionResult,
  SwitchResult,
  UserProjectPage,
  UserProjectQuery,
} from './schemas';

const tags = ['企业'];
const adminTags = ['平台管理'];

/** The one application of this product. */
export const APPLICATIONS = [{ id: 'report', name: '报告管理' }] as const;

const permissionGroupsSchema = {
  tags: ['权限'],
  summary: '权限目录，按模型分组',
  querystring: PermissionGroupsQuery,
  response: { 200: PermissionGroups },
};

/** The permission catalogue of one scope, or of both when no type is given. */
async function permissionGroupsHandler(request: FastifyRequest<{ Querystring: Static<typeof PermissionGroupsQuery> }>) {
  const { type } = request.query;
  return type ? permissionGroups(type) : [...permissionGroups('organization'), ...permissionGroups('project')];
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  const when = (date: Date) => formatDateTime(date, timeZone)!;
  const roleRef = (role: { id: number; name: string } | null) => (role ? { id: role.id, name: role.name } : null);

  const checkOrganizationName = (name: string | undefined) => {
    const trimmed = name?.trim();
    if (!trimmed) throw badRequest('请输入企业名称');
    return trimmed;
  };
  const rename = async (access: OrganizationAccess, name: string | undefined) => {
    await app.db
      .update(organizations)
      .set({ name: checkOrganizationName(name), updatedAt: new Date() })
      .where(eq(organizations.uuid, access.organization.uuid));
  };

  // ---- the caller's own standing ----------------------------------------------------------

  const permissionsOfCaller = async (request: FastifyRequest<{ Params: { id?: string } }>) => {
    const application = request.params?.id;
    if (application !== undefined && !APPLICATIONS.some((entry) => entry.id === application)) throw notFound('应用不存在');
    const access = organizationOf(request);
    return { is_owner: access.isOwner, role: roleRef(access.role), permissions: access.permissions };
  };
  const permissionSchema = {
    tags,
    summary: '我在当前企业的权限',
    description: '所有者拥有全部企业权限，其他成员拥有其角色的权限。',
    response: { 200: PermissionResult, ...errorResponses },
  };
  const anyMember = inOrganization(null);
  app.get(`${ORG}/permission/`, { config: anyMember, schema: permissionSchema }, permissionsOfCaller);
  app.get(`${V1_ORG}/permissions/`, { config: anyMember, schema: permissionSchema }, permissionsOfCaller);
  app.get(
    `${V1}/user/application/:id/permissions/`,
    { config: anyMember, schema: { ...permissionSchema, summary: '我在应用中的企业权限', params: ApplicationParams } },
    permissionsOfCaller,
  );

  // ---- organizations -------------------------------------------------------------------

  app.get<{ Querystring: Static<typeof OrganizationListQuery> }>(
    `${V1_ORG}/`,
    { schema: { tags, summary: '我加入的企业', querystring: OrganizationListQuery, response: { 200: OrganizationPage } } },
    async (request) => {
      const user = currentUser(request);
      const { limit = DEFAULT_LIMIT, offset = 0, search } = request.query;
      const { rows, total } = await listUserOrganizations(app.db, {
        userUuid: user.uuid,
        search: search?.trim() || undefined,
        limit,
        offset,
      });
      const results = rows.map(({ organization, member, role }) => ({
        uuid: organization.uuid,
        name: organization.name,
        is_owner: member.isOwner,
        role: roleRef(role),
        is_current: organization.uuid === request.organizationUuid,
        created_at: when(organization.createdAt),
        updated_at: when(organization.updatedAt),
      }));
      return drfPage(request, results, total, limit, offset);
    },
  );

  const detailOf = async (request: FastifyRequest, access: OrganizationAccess) => {
    const [organization] = await app.db.select().from(organizations).where(eq(organizations.uuid, access.organization.uuid));
    return {
      uuid: organization.uuid,
      name: organization.name,
      is_owner: access.isOwner,
      role: roleRef(access.role),
      is_current: organization.uuid === request.organizationUuid,
      member_count: await countMembers(app.db, organization.uuid),
      created_at: when(organization.createdAt),
      updated_at: when(organization.updatedAt),
    };
  };

  app.get<{ Params: Static<typeof OrganizationParams> }>(
    `${V1_ORG}/:id/`,
    {
      config: inOrganization(can('organization', 'view'), byPathId),
      schema: { tags, summary: '企业详情', params: OrganizationParams, response: { 200: OrganizationDetail, ...errorResponses } },
    },
    async (request) => detailOf(request, organizationOf(request)),
  );

  app.patch<{ Params: Static<typeof OrganizationParams>; Body: Static<typeof OrganizationChange> }>(
    `${V1_ORG}/:id/`,
    {
      config: inOrganization(can('organization', 'edit'), byPathId),
      schema: {
        tags,
        summary: '修改企业名称',
        params: OrganizationParams,
        body: OrganizationChange,
        response: { 200: OrganizationDetail, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      if (request.body?.name !== undefined) await rename(access, request.body.name);
      return detailOf(request, access);
    },
  );

  app.get<{ Params: Static<typeof OrganizationParams> }>(
    `${V1_ORG}/:id/switch/`,
    {
      config: inOrganization(null, byPathId),
      schema: {
        tags,
        summary: '切换当前企业',
        description: '只能切换到自己加入的企业；没有 Organization 请求头的请求在当前企业中进行。',
        params: OrganizationParams,
        response: { 200: SwitchResult, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      await app.db
        .update(users)
        .set({ currentOrganizationUuid: access.organization.uuid, updatedAt: new Date() })
        .where(eq(users.uuid, access.user.uuid));
      return { message: '已切换企业', organization_uuid: access.organization.uuid };
    },
  );

  const adminInfoOf = async (access: OrganizationAccess) => {
    const organizationUuid = access.organization.uuid;
    const [[organization], managers, memberCount] = await Promise.all([
      app.db.select().from(organizations).where(eq(organizations.uuid, organizationUuid)),
      listManagers(app.db, organizationUuid),
      countMembers(app.db, organizationUuid),
    ]);
    return {
      organization_uuid: organizationUuid,
      name: organization.name,
      owners: managers.filter((row) => row.member.isOwner).map((row) => userBrief(row.user)),
      admins: managers.filter((row) => row.role?.builtin === 'admin').map((row) => userBrief(row.user)),
      member_count: memberCount,
    };
  };

  app.get(
    `${V1_ORG}/get_admin_info/`,
    { config: inOrganization(can('organization', 'view')), schema: { tags, summary: '企业管理信息：名称、所有者与管理员', response: { 200: AdminInfo, ...errorResponses } } },
    async (request) => adminInfoOf(organizationOf(request)),
  );

  onPaths<{ Body: Static<typeof OrganizationChange> }>(
    app,
    ['POST', 'PUT'],
    [`${V1_ORG}/set_admin_info/`],
    {
      config: inOrganization(can('organization', 'edit')),
      schema: { tags, summary: '修改企业管理信息（企业名称）', body: OrganizationChange, response: { 200: AdminInfo, ...errorResponses } },
    },
    async (request) => {
      const access = organizationOf(request);
      await rename(access, request.body?.name);
      return adminInfoOf(access);
    },
  );

  // ---- data management (/api/v1/user_admin/) ------------------------------------------------

  app.post<{ Body: Static<typeof JoinBody> }>(
    `${V1}/user_admin/staff/join_staff/`,
    {
      schema: {
        tags: adminTags,
        summary: '凭邀请链接成为平台工作人员',
        description: '链接种类为 staff；成功后账号的 is_staff 为 true。已是工作人员时不占用次数。',
        body: JoinBody,
        response: { 200: MessageBody, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const token = request.body?.token;
      await checkInvitation(app.db, token, 'staff');
      if (user.isStaff) return { message: '您已是平台工作人员' };
      await redeemInvitation(app.db, token, 'staff', async (tx) => {
        await tx.update(users).set({ isStaff: true, updatedAt: new Date() }).where(eq(users.uuid, user.uuid));
      });
      return { message: '成功成为平台工作人员' };
    },
  );

  app.get<{ Querystring: Static<typeof UserProjectQuery> }>(
    `${V1}/user_admin/projects/`,
    {
      config: inOrganization(null),
      schema: {
        tags: adminTags,
        summary: '我在当前企业中参与的项目及角色',
        querystring: UserProjectQuery,
        response: { 200: UserProjectPage, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      const { limit = DEFAULT_LIMIT, offset = 0, search } = request.query;
      const { rows, total } = await listUserProjects(app.db, {
        organizationUuid: access.organization.uuid,
        userUuid: access.user.uuid,
        search: search?.trim() || undefined,
        limit,
        offset,
      });
      const results = rows.map(({ project, member, role }) => ({
        uuid: project.uuid,
        name: project.name,
        is_public: project.isPublic,
        role: roleRef(role),
        joined_at: when(member.createdAt),
        created_at: when(project.createdAt),
        updated_at: when(project.updatedAt),
      }));
      return drfPage(request, results, total, limit, offset);
    },
  );

  app.get(
    `${V1}/applications/`,
    { schema: { tags: adminTags, summary: '应用列表', response: { 200: ApplicationPage } } },
    async () => ({ count: APPLICATIONS.length, next: null, previous: null, results: [...APPLICATIONS] }),
  );

  onPaths(app, 'GET', [`${V1}/permission/groups/`, '/api/permission/v1/groups/'], { schema: permissionGroupsSchema }, permissionGroupsHandler);
}
