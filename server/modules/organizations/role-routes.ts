import type { Static } from '@sinclair/typebox';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { organizationMembers, roles } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { drfPage } from '../../lib/pagination';
import { organizationPermission as can, type OrganizationAccess } from './access';
import { inOrganization, organizationOf } from '../../plugins/access';
import { ORGANIZATION_DETAILS } from './builtin-roles';
import { errorResponses, onPaths, ORG, V1_ORG } from './paths';
import { presentRole } from './present';
import { findDefaultRole, findRole, listRoles, roleNameTaken, type RoleRow } from './queries';
import { Menus, MenusBody, Role, ROLE_DEFAULT_LIMIT, RoleBody, RoleListQuery, RolePage, RoleParams } from './schemas';

const tags = ['企业角色'];
const roleNotFound = () => notFound('角色不存在');

/** Permission details of the organization scope only, each once, in catalogue order. */
export function organizationDetails(details: readonly string[]): string[] {
  const unknown = details.find((detail) => !ORGANIZATION_DETAILS.includes(detail));
  if (unknown !== undefined) throw badRequest(`权限「${unknown}」不是企业权限`);
  return ORGANIZATION_DETAILS.filter((detail) => details.includes(detail));
}

const sameDetails = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((detail) => b.includes(detail));

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  const present = (row: RoleRow) => presentRole(row, timeZone);

  const roleOf = async (access: OrganizationAccess, id: number) => {
    const row = await findRole(app.db, access.organization.uuid, id);
    if (!row) throw roleNotFound();
    return row;
  };

  /** Checks a name for a role of the organization: present, and not another role's. */
  const checkName = async (access: OrganizationAccess, name: string | undefined, exceptId?: number) => {
    const trimmed = name?.trim();
    if (!trimmed) throw badRequest('请输入角色名称');
    if (await roleNameTaken(app.db, access.organization.uuid, trimmed, exceptId)) throw badRequest(`角色「${trimmed}」已存在`);
    return trimmed;
  };

  /** The built-in admin role keeps every organization permission, so nobody locks the organization out. */
  const checkPermissionsChange = (row: RoleRow, details: string[]) => {
    if (row.role.builtin === 'admin' && !sameDetails(details, ORGANIZATION_DETAILS)) {
      throw badRequest('内置的企业管理员角色拥有全部企业权限，不能修改其权限');
    }
  };

  onPaths<{ Querystring: Static<typeof RoleListQuery> }>(
    app,
    'GET',
    [`${ORG}/roles/`, `${V1_ORG}/roles/`],
    {
      config: inOrganization(can('role', 'view')),
      schema: {
        tags,
        summary: '企业角色列表',
        querystring: RoleListQuery,
        response: { 200: RolePage, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      const { limit = ROLE_DEFAULT_LIMIT, offset = 0, search, ordering = 'id' } = request.query;
      const { rows, total } = await listRoles(app.db, {
        organizationUuid: access.organization.uuid,
        search: search?.trim() || undefined,
        ordering,
        limit,
        offset,
      });
      return drfPage(request, rows.map(present), total, limit, offset);
    },
  );

  onPaths<{ Body: Static<typeof RoleBody> }>(
    app,
    'POST',
    [`${ORG}/roles/`, `${V1_ORG}/roles/`],
    {
      config: inOrganization(can('role', 'create')),
      schema: {
        tags,
        summary: '新增企业角色',
        body: RoleBody,
        response: { 201: Role, ...errorResponses },
      },
    },
    async (request, reply) => {
      const access = organizationOf(request);
      const name = await checkName(access, request.body.name);
      const permissions = organizationDetails(request.body.permissions ?? []);
      const [role] = await app.db
        .insert(roles)
        .values({ organizationUuid: access.organization.uuid, name, permissions, isDefault: false, customize: true })
        .returning();
      return reply.status(201).send(present({ role, memberCount: 0 }));
    },
  );

  app.get<{ Params: Static<typeof RoleParams> }>(
    `${ORG}/roles/:id/`,
    { config: inOrganization(can('role', 'view')), schema: { tags, summary: '企业角色详情', params: RoleParams, response: { 200: Role, ...errorResponses } } },
    async (request) => {
      const access = organizationOf(request);
      return present(await roleOf(access, request.params.id));
    },
  );

  app.route<{ Params: Static<typeof RoleParams>; Body: Static<typeof RoleBody> }>({
    method: ['PUT', 'PATCH'],
    url: `${ORG}/roles/:id/`,
    config: inOrganization(can('role', 'edit')),
      schema: {
      tags,
      summary: '修改企业角色的名称和权限',
      description: 'PUT 需要 name；内置企业管理员角色的权限不能修改。',
      params: RoleParams,
      body: RoleBody,
      response: { 200: Role, ...errorResponses },
    },
    handler: async (request) => {
      const access = organizationOf(request);
      const row = await roleOf(access, request.params.id);
      const body = request.body ?? {};
      const changes: Partial<typeof roles.$inferInsert> = {};
      if (body.name !== undefined || request.method === 'PUT') changes.name = await checkName(access, body.name, row.role.id);
      if (body.permissions !== undefined) {
        changes.permissions = organizationDetails(body.permissions);
        checkPermissionsChange(row, changes.permissions);
      }
      if (Object.keys(changes).length > 0) {
        await app.db.update(roles).set({ ...changes, updatedAt: new Date() }).where(eq(roles.id, row.role.id));
      }
      return present(await roleOf(access, row.role.id));
    },
  });

  app.delete<{ Params: Static<typeof RoleParams> }>(
    `${ORG}/roles/:id/`,
    {
      config: inOrganization(can('role', 'delete')),
      schema: {
        tags,
        summary: '删除企业角色',
        description: '内置企业管理员角色和默认角色不能删除；该角色的成员改为默认角色。',
        params: RoleParams,
        response: { 204: { type: 'null', description: '已删除' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const access = organizationOf(request);
      const row = await roleOf(access, request.params.id);
      if (row.role.builtin === 'admin') throw badRequest('内置的企业管理员角色不能删除');
      if (row.role.isDefault) throw badRequest('默认角色不能删除，请先将其他角色设为默认角色');
      const organizationUuid = access.organization.uuid;
      await app.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const fallback = await findDefaultRole(tx, organizationUuid);
        await tx
          .update(organizationMembers)
          .set({ roleId: fallback?.id ?? null, updatedAt: new Date() })
          .where(and(eq(organizationMembers.organizationUuid, organizationUuid), eq(organizationMembers.roleId, row.role.id)));
        await tx.delete(roles).where(eq(roles.id, row.role.id));
      });
      return reply.status(204).send();
    },
  );

  app.get<{ Params: Static<typeof RoleParams> }>(
    `${ORG}/roles/:id/menus/`,
    { config: inOrganization(can('role', 'view')), schema: { tags, summary: '企业角色的权限', params: RoleParams, response: { 200: Menus, ...errorResponses } } },
    async (request) => {
      const access = organizationOf(request);
      return { menus: (await roleOf(access, request.params.id)).role.permissions };
    },
  );

  app.put<{ Params: Static<typeof RoleParams>; Body: Static<typeof MenusBody> }>(
    `${ORG}/roles/:id/menus/`,
    {
      config: inOrganization(can('role', 'edit')),
      schema: {
        tags,
        summary: '设置企业角色的权限',
        description: 'menus 的每一项都须是企业范围的权限标识。',
        params: RoleParams,
        body: MenusBody,
        response: { 200: Menus, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      const row = await roleOf(access, request.params.id);
      if (request.body?.menus === undefined) throw badRequest('缺少参数 menus');
      const menus = organizationDetails(request.body.menus);
      checkPermissionsChange(row, menus);
      await app.db.update(roles).set({ permissions: menus, updatedAt: new Date() }).where(eq(roles.id, row.role.id));
      return { menus };
    },
  );

  onPaths<{ Params: Static<typeof RoleParams> }>(
    app,
    'PUT',
    [`${ORG}/roles/:id/set_as_default/`, `${V1_ORG}/roles/:id/set_default_role/`],
    {
      config: inOrganization(can('role', 'edit')),
      schema: {
        tags,
        summary: '设为默认角色',
        description: '企业只有一个默认角色；邀请加入的成员获得默认角色。',
        params: RoleParams,
        response: { 200: Role, ...errorResponses },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      const row = await roleOf(access, request.params.id);
      const organizationUuid = access.organization.uuid;
      await app.db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(roles)
          .set({ isDefault: false, updatedAt: now })
          .where(and(eq(roles.organizationUuid, organizationUuid), isNull(roles.projectUuid), eq(roles.isDefault, true)));
        await tx.update(roles).set({ isDefault: true, updatedAt: now }).where(eq(roles.id, row.role.id));
      });
      return present(await roleOf(access, row.role.id));
    },
  );
}
