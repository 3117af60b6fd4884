import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound } from '../../lib/errors';
import { checkInvitation, redeemInvitation } from '../../lib/invite-tokens';
import { listPage } from '../../lib/list-page';
import { refuseTaken } from '../../lib/sql';
import { organizationNameTaken } from './create-routes';
import { currentUser } from '../../access/sessions';
import { permissionGroups } from '../../../contract/permissions';
import { organizationPermission as can, type OrganizationAccess } from '../../access/organization';
import { byPathId, inOrganization, organizationOf } from '../../access/gate';
import { ORG, routesTagged, V1, V1_ORG } from './paths';
import { userBrief } from './present';
import { updateUser } from '../accounts/queries';
import { countMembers, listManagers, listUserOrganizations, listUserProjects, renameOrganization } from './queries';
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

/** The applications of this product; every organization has both. */
const APPLICATIONS = [
  { id: 'report', name: '报告管理', description: '报告、素材与标签的管理' },
  { id: 'cstj', name: '城市体检成果', description: '按区域生成、浏览与下载城市体检成果报告' },
] as const;

/** The permission catalogue of one scope, or of both when no type is given. */
async function permissionGroupsHandler(request: FastifyRequest<{ Querystring: Static<typeof PermissionGroupsQuery> }>) {
  const { type } = request.query;
  return type ? permissionGroups(type) : [...permissionGroups('organization'), ...permissionGroups('project')];
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const route = routesTagged(app, ['企业']);
  const adminRoute = routesTagged(app, ['平台管理']);
  const when = (date: Date) => formatDateTime(date, app.config.timeZone)!;
  const roleRef = (role: { id: number; name: string } | null) => (role ? { id: role.id, name: role.name } : null);

  /** Renames the organization; answers the caller's standing with the renamed organization. */
  const rename = async (access: OrganizationAccess, name: string | undefined): Promise<OrganizationAccess> => {
    const trimmed = name?.trim();
    if (!trimmed) throw badRequest('请输入企业名称');
    return { ...access, organization: await refuseTaken(() => renameOrganization(app.db, access.organization.uuid, trimmed), () => organizationNameTaken(trimmed)) };
  };

  // ---- the caller's own standing ----------------------------------------------------------

  const permissionsOfCaller = async (request: FastifyRequest<{ Params: { id?: string } }>) => {
    const application = request.params?.id;
    if (application !== undefined && !APPLICATIONS.some((entry) => entry.id === application)) throw notFound('应用不存在');
    const access = organizationOf(request);
    return { is_owner: access.isOwner, role: roleRef(access.role), permissions: access.permissions };
  };
  const permissionSchema = {
    summary: '我在当前企业的权限',
    description: '所有者拥有全部企业权限，其他成员拥有其角色的权限。',
    response: { 200: PermissionResult },
  };
  route('GET', [`${ORG}/permission/`, `${V1_ORG}/permissions/`], inOrganization(null), permissionSchema, permissionsOfCaller);
  route('GET', `${V1}/user/application/:id/permissions/`, inOrganization(null), { ...permissionSchema, summary: '我在应用中的企业权限', params: ApplicationParams }, permissionsOfCaller);

  // ---- organizations -------------------------------------------------------------------

  app.get<{ Querystring: Static<typeof OrganizationListQuery> }>(
    `${V1_ORG}/`,
    { schema: { tags: ['企业'], summary: '我加入的企业', querystring: OrganizationListQuery, response: { 200: OrganizationPage } } },
    async (request) =>
      listPage(request, request.query, (params) => listUserOrganizations(app.db, currentUser(request).uuid, params), ({ organization, member, role }) => ({
        uuid: organization.uuid,
        name: organization.name,
        is_owner: member.isOwner,
        role: roleRef(role),
        is_current: organization.uuid === request.organizationUuid,
        created_at: when(organization.createdAt),
        updated_at: when(organization.updatedAt),
      })),
  );

  const detailOf = async (request: FastifyRequest, { organization, isOwner, role }: OrganizationAccess) => ({
    uuid: organization.uuid,
    name: organization.name,
    is_owner: isOwner,
    role: roleRef(role),
    is_current: organization.uuid === request.organizationUuid,
    member_count: await countMembers(app.db, organization.uuid),
    created_at: when(organization.createdAt),
    updated_at: when(organization.updatedAt),
  });

  route<{ Params: Static<typeof OrganizationParams> }>(
    'GET', `${V1_ORG}/:id/`, inOrganization(can('organization', 'view'), byPathId),
    { summary: '企业详情', params: OrganizationParams, response: { 200: OrganizationDetail } },
    async (request) => detailOf(request, organizationOf(request)),
  );

  route<{ Params: Static<typeof OrganizationParams>; Body: Static<typeof OrganizationChange> }>(
    'PATCH', `${V1_ORG}/:id/`, inOrganization(can('organization', 'edit'), byPathId),
    { summary: '修改企业名称', params: OrganizationParams, body: OrganizationChange, response: { 200: OrganizationDetail } },
    async (request) => {
      const access = organizationOf(request);
      return detailOf(request, request.body?.name !== undefined ? await rename(access, request.body.name) : access);
    },
  );

  route<{ Params: Static<typeof OrganizationParams> }>(
    'GET', `${V1_ORG}/:id/switch/`, inOrganization(null, byPathId),
    { summary: '切换当前企业', description: '只能切换到自己加入的企业；没有 Organization 请求头的请求在当前企业中进行。', params: OrganizationParams, response: { 200: SwitchResult } },
    async (request) => {
      const { organization, user } = organizationOf(request);
      await updateUser(app.db, user.uuid, { currentOrganizationUuid: organization.uuid });
      return { message: '已切换企业', organization_uuid: organization.uuid };
    },
  );

  const adminInfoOf = async ({ organization }: OrganizationAccess) => {
    const [managers, memberCount] = await Promise.all([listManagers(app.db, organization.uuid), countMembers(app.db, organization.uuid)]);
    return {
      organization_uuid: organization.uuid,
      name: organization.name,
      owners: managers.filter((row) => row.member.isOwner).map((row) => userBrief(row.user)),
      admins: managers.filter((row) => row.role?.builtin === 'admin').map((row) => userBrief(row.user)),
      member_count: memberCount,
    };
  };

  route(
    'GET', `${V1_ORG}/get_admin_info/`, inOrganization(can('organization', 'view')),
    { summary: '企业管理信息：名称、所有者与管理员', response: { 200: AdminInfo } },
    async (request) => adminInfoOf(organizationOf(request)),
  );

  route<{ Body: Static<typeof OrganizationChange> }>(
    ['POST', 'PUT'], `${V1_ORG}/set_admin_info/`, inOrganization(can('organization', 'edit')),
    { summary: '修改企业管理信息（企业名称）', body: OrganizationChange, response: { 200: AdminInfo } },
    async (request) => adminInfoOf(await rename(organizationOf(request), request.body?.name)),
  );

  // ---- data management (/api/v1/user_admin/) ------------------------------------------------

  adminRoute<{ Body: Static<typeof JoinBody> }>(
    'POST', `${V1}/user_admin/staff/join_staff/`, undefined,
    { summary: '凭邀请链接成为平台工作人员', description: '链接种类为 staff；成功后账号的 is_staff 为 true。已是工作人员时不占用次数。', body: JoinBody, response: { 200: MessageBody } },
    async (request) => {
      const user = currentUser(request);
      const token = request.body?.token;
      await checkInvitation(app.db, token, 'staff');
      if (user.isStaff) return { message: '您已是平台工作人员' };
      await redeemInvitation(app.db, token, 'staff', (tx) => updateUser(tx, user.uuid, { isStaff: true }));
      return { message: '成功成为平台工作人员' };
    },
  );

  adminRoute<{ Querystring: Static<typeof UserProjectQuery> }>(
    'GET', `${V1}/user_admin/projects/`, inOrganization(null),
    { summary: '我在当前企业中参与的项目及角色', querystring: UserProjectQuery, response: { 200: UserProjectPage } },
    async (request) => {
      const { organization, user } = organizationOf(request);
      const list = (params: { search?: string; limit: number; offset: number }) =>
        listUserProjects(app.db, { organizationUuid: organization.uuid, userUuid: user.uuid }, params);
      return listPage(request, request.query, list, ({ project, member, role }) => ({
        uuid: project.uuid,
        name: project.name,
        is_public: project.isPublic,
        role: roleRef(role),
        joined_at: when(member.createdAt),
        created_at: when(project.createdAt),
        updated_at: when(project.updatedAt),
      }));
    },
  );

  app.get(
    `${V1}/applications/`,
    { config: inOrganization(null), schema: { tags: ['平台管理'], summary: '当前企业的应用', response: { 200: ApplicationPage } } },
    async () => ({ count: APPLICATIONS.length, next: null, previous: null, results: [...APPLICATIONS] }),
  );

  const permissionGroupsSchema = { tags: ['权限'], summary: '权限目录，按模型分组', querystring: PermissionGroupsQuery, response: { 200: PermissionGroups } };
  for (const url of [`${V1}/permission/groups/`, '/api/permission/v1/groups/']) app.get(url, { schema: permissionGroupsSchema }, permissionGroupsHandler);
}
