import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { listPage } from '../../lib/list-page';
import { checkRoleName, insertRole, listRoles, setDefaultRole, updateRole, type RoleRow } from '../../lib/roles';
import { inOrganization, organizationOf } from '../../access/gate';
import { organizationPermission as can, type OrganizationAccess, ORGANIZATION_DETAILS } from '../../access/organization';
import { ORG, routesTagged, V1_ORG } from './paths';
import { presentRole } from './present';
import { deleteRole, findRole, organizationRoles } from './queries';
import { Menus, MenusBody, Role, ROLE_DEFAULT_LIMIT, RoleBody, RoleListQuery, RolePage, RoleParams } from './schemas';

const roleNotFound = () => notFound('角色不存在');

/** Permission details of the organization scope only, each once, in catalogue order. */
function organizationDetails(details: readonly string[]): string[] {
  const unknown = details.find((detail) => !ORGANIZATION_DETAILS.includes(detail));
  if (unknown !== undefined) throw badRequest(`权限「${unknown}」不是企业权限`);
  return ORGANIZATION_DETAILS.filter((detail) => details.includes(detail));
}

/** The built-in admin role keeps every organization permission, so nobody locks the organization out. */
function checkPermissionsChange(row: RoleRow, details: string[]) {
  const all = details.length === ORGANIZATION_DETAILS.length && details.every((detail) => ORGANIZATION_DETAILS.includes(detail));
  if (row.role.builtin === 'admin' && !all) throw badRequest('内置的企业管理员角色拥有全部企业权限，不能修改其权限');
}

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  const route = routesTagged(app, ['企业角色']);
  const present = (row: RoleRow) => presentRole(row, app.config.timeZone);

  const roleOf = async (access: OrganizationAccess, id: number) => {
    const row = await findRole(app.db, access.organization.uuid, id);
    if (!row) throw roleNotFound();
    return row;
  };
  const checkName = (access: OrganizationAccess, name: string | undefined, exceptId?: number) =>
    checkRoleName(app.db, organizationRoles(access.organization.uuid).where, name, (value) => `角色「${value}」已存在`, exceptId);

  route<{ Querystring: Static<typeof RoleListQuery> }>(
    'GET', [`${ORG}/roles/`, `${V1_ORG}/roles/`], inOrganization(can('role', 'view')),
    { summary: '企业角色列表', querystring: RoleListQuery, response: { 200: RolePage } },
    async (request) => {
      const list = (params: { search?: string; ordering: string; limit: number; offset: number }) =>
        listRoles(app.db, organizationRoles(organizationOf(request).organization.uuid), params);
      return listPage(request, { ordering: 'id', ...request.query }, list, present, ROLE_DEFAULT_LIMIT);
    },
  );

  route<{ Body: Static<typeof RoleBody> }>(
    'POST', [`${ORG}/roles/`, `${V1_ORG}/roles/`], inOrganization(can('role', 'create')),
    { summary: '新增企业角色', body: RoleBody, response: { 201: Role } },
    async (request, reply) => {
      const access = organizationOf(request);
      const name = await checkName(access, request.body.name);
      const permissions = organizationDetails(request.body.permissions ?? []);
      const role = await insertRole(app.db, { organizationUuid: access.organization.uuid, name, permissions, isDefault: false, customize: true });
      return reply.status(201).send(present({ role, memberCount: 0 }));
    },
  );

  route<{ Params: Static<typeof RoleParams> }>(
    'GET', `${ORG}/roles/:id/`, inOrganization(can('role', 'view')),
    { summary: '企业角色详情', params: RoleParams, response: { 200: Role } },
    async (request) => present(await roleOf(organizationOf(request), request.params.id)),
  );

  route<{ Params: Static<typeof RoleParams>; Body: Static<typeof RoleBody> }>(
    ['PUT', 'PATCH'], `${ORG}/roles/:id/`, inOrganization(can('role', 'edit')),
    { summary: '修改企业角色的名称和权限', description: 'PUT 需要 name；内置企业管理员角色的权限不能修改。', params: RoleParams, body: RoleBody, response: { 200: Role } },
    async (request) => {
      const access = organizationOf(request);
      const row = await roleOf(access, request.params.id);
      const body = request.body ?? {};
      const changes: { name?: string; permissions?: string[] } = {};
      if (body.name !== undefined || request.method === 'PUT') changes.name = await checkName(access, body.name, row.role.id);
      if (body.permissions !== undefined) {
        changes.permissions = organizationDetails(body.permissions);
        checkPermissionsChange(row, changes.permissions);
      }
      return present(Object.keys(changes).length > 0 ? { ...row, role: await updateRole(app.db, row.role.id, changes) } : row);
    },
  );

  route<{ Params: Static<typeof RoleParams> }>(
    'DELETE', `${ORG}/roles/:id/`, inOrganization(can('role', 'delete')),
    { summary: '删除企业角色', description: '内置企业管理员角色和默认角色不能删除；该角色的成员改为默认角色。', params: RoleParams, response: { 204: { type: 'null', description: '已删除' } } },
    async (request, reply) => {
      const access = organizationOf(request);
      const { role } = await roleOf(access, request.params.id);
      if (role.builtin === 'admin') throw badRequest('内置的企业管理员角色不能删除');
      if (role.isDefault) throw badRequest('默认角色不能删除，请先将其他角色设为默认角色');
      await deleteRole(app.db, access.organization.uuid, role.id);
      return reply.status(204).send();
    },
  );

  route<{ Params: Static<typeof RoleParams> }>(
    'GET', `${ORG}/roles/:id/menus/`, inOrganization(can('role', 'view')),
    { summary: '企业角色的权限', params: RoleParams, response: { 200: Menus } },
    async (request) => ({ menus: (await roleOf(organizationOf(request), request.params.id)).role.permissions }),
  );

  route<{ Params: Static<typeof RoleParams>; Body: Static<typeof MenusBody> }>(
    'PUT', `${ORG}/roles/:id/menus/`, inOrganization(can('role', 'edit')),
    { summary: '设置企业角色的权限', description: 'menus 的每一项都须是企业范围的权限标识。', params: RoleParams, body: MenusBody, response: { 200: Menus } },
    async (request) => {
      const row = await roleOf(organizationOf(request), request.params.id);
      if (request.body?.menus === undefined) throw badRequest('缺少参数 menus');
      const menus = organizationDetails(request.body.menus);
      checkPermissionsChange(row, menus);
      await updateRole(app.db, row.role.id, { permissions: menus });
      return { menus };
    },
  );

  route<{ Params: Static<typeof RoleParams> }>(
    'PUT', [`${ORG}/roles/:id/set_as_default/`, `${V1_ORG}/roles/:id/set_default_role/`], inOrganization(can('role', 'edit')),
    { summary: '设为默认角色', description: '企业只有一个默认角色；邀请加入的成员获得默认角色。', params: RoleParams, response: { 200: Role } },
    async (request) => {
      const access = organizationOf(request);
      const { role } = await roleOf(access, request.params.id);
      await setDefaultRole(app.db, organizationRoles(access.organization.uuid).where, role.id);
      return present(await roleOf(access, role.id));
    },
  );
}
