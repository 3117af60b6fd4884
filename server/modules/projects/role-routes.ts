import { Type, type Static } from '@sinclair/typebox';
import { and, asc, count, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projectMembers, roles } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { DEFAULT_LIMIT, drfPage, LimitOffsetQuery, PageOf } from '../../lib/pagination';
import { permissionDetail, scopeDetails, type PermissionAction } from '../../../contract/permissions';

import { projectNotFound } from './access';
import { inProject, projectOf } from '../../plugins/access';
import { defaultProjectRole } from './member-queries';
import { IdParams, IdsBody, ProjectParams } from './member-schemas';
import { containing } from '../../lib/sql';
import { ErrorBody } from '../../lib/schema-types';

const tags = ['项目角色'];
const BASE = '/api/project/v1/projects';
const can = (action: PermissionAction) => [permissionDetail('project', 'role', action)];
const PROJECT_DETAILS = new Set(scopeDetails('project'));
type RoleRow = typeof roles.$inferSelect;

const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  is_default: Type.Boolean(),
  customize: Type.Boolean(),
  builtin: Type.Union([Type.String(), Type.Null()]),
  permissions: Type.Array(Type.String()),
  member_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const RoleWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 64 })),
  permissions: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
});
const RoleListQuery = Type.Object({
  ...LimitOffsetQuery,
  ordering: Type.Optional(Type.Union(['created_at', '-created_at', 'name', '-name'].map((v) => Type.Literal(v)))),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
const Menus = Type.Object({ menus: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 }) });

function checkPermissions(list: string[]): string[] {
  const unknown = list.find((detail) => !PROJECT_DETAILS.has(detail));
  if (unknown) throw badRequest(`权限 ${unknown} 不存在`);
  return [...new Set(list)];
}

export async function projectRoleRoutes(app: FastifyInstance): Promise<void> {
  const memberCounts = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, number>();
    const rows = await app.db
      .select({ roleId: projectMembers.roleId, n: count() })
      .from(projectMembers)
      .where(inArray(projectMembers.roleId, ids))
      .groupBy(projectMembers.roleId);
    return new Map(rows.map((row) => [row.roleId!, row.n]));
  };
  const present = (role: RoleRow, counts: Map<number, number>): Static<typeof Role> => ({
    id: role.id,
    name: role.name,
    is_default: role.isDefault,
    customize: role.customize,
    builtin: role.builtin,
    permissions: role.permissions,
    member_count: counts.get(role.id) ?? 0,
    created_at: formatDateTime(role.createdAt, app.config.timeZone)!,
    updated_at: formatDateTime(role.updatedAt, app.config.timeZone)!,
  });
  const presentOne = async (role: RoleRow) => present(role, await memberCounts([role.id]));

  /** A project role by id; one of another project's or none at all answers like a project the caller cannot see. */
  async function roleById(id: number) {
    const [role] = await app.db.select().from(roles).where(eq(roles.id, id));
    if (!role?.projectUuid) throw projectNotFound();
    return role;
  }
  /** The roles of a batch, all of one project. */
  async function rolesByIds(ids: number[]) {
    const list = await app.db.select().from(roles).where(inArray(roles.id, ids));
    const projectUuids = new Set(list.map((role) => role.projectUuid));
    if (list.length !== ids.length || projectUuids.size !== 1 || !list[0].projectUuid) throw projectNotFound();
    return list;
  }
    /** Routes of one role (`:id`): the project is the role's. */
  const ofRole = (action: PermissionAction) =>
    inProject(can(action), async (request) => (await roleById((request.params as { id: number }).id)).projectUuid!);

  async function uniqueName(projectUuid: string, name: string | undefined, exceptId?: number) {
    const value = (name ?? '').trim();
    if (!value) throw badRequest('请输入角色名称');
    const conditions = [eq(roles.projectUuid, projectUuid), eq(roles.name, value)];
    if (exceptId) conditions.push(ne(roles.id, exceptId));
    const [clash] = await app.db.select({ id: roles.id }).from(roles).where(and(...conditions));
    if (clash) throw badRequest(`角色名称「${value}」已存在`);
    return value;
  }

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof RoleListQuery> }>(
    `${BASE}/:project_uuid/roles/`,
    { config: inProject(can('view')), schema: { tags, summary: '项目角色列表', params: ProjectParams, querystring: RoleListQuery, response: { 200: PageOf(Role) } } },
    async (request) => {
      const { project } = projectOf(request);
      const { limit = DEFAULT_LIMIT, offset = 0, ordering = 'created_at', search } = request.query;
      const where = and(eq(roles.projectUuid, project.uuid), search?.trim() ? ilike(roles.name, containing(search.trim())) : undefined);
      const column = ordering.includes('name') ? roles.name : roles.createdAt;
      const rows = await app.db
        .select()
        .from(roles)
        .where(where)
        .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(roles.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await app.db.select({ total: count() }).from(roles).where(where);
      const counts = await memberCounts(rows.map((row) => row.id));
      return drfPage(request, rows.map((row) => present(row, counts)), total, limit, offset);
    },
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof RoleWrite> }>(
    `${BASE}/:project_uuid/roles/`,
    { config: inProject(can('create')), schema: { tags, summary: '新建项目角色', params: ProjectParams, body: RoleWrite, response: { 201: Role, 400: ErrorBody } } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const name = await uniqueName(project.uuid, request.body.name);
      const [role] = await app.db
        .insert(roles)
        .values({
          organizationUuid: project.organizationUuid,
          projectUuid: project.uuid,
          name,
          permissions: checkPermissions(request.body.permissions ?? []),
        })
        .returning();
      return reply.status(201).send(await presentOne(role));
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/`,
    { config: ofRole('view'), schema: { tags, summary: '项目角色详情', params: IdParams, response: { 200: Role } } },
    async (request) => presentOne(await roleById(request.params.id)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<{ Params: Static<typeof IdParams>; Body: Static<typeof RoleWrite> }>({
      method,
      url: `${BASE}/roles/:id/`,
      config: ofRole('edit'),
      schema: { tags, summary: '修改项目角色', params: IdParams, body: RoleWrite, response: { 200: Role, 400: ErrorBody } },
      handler: async (request) => {
        const role = await roleById(request.params.id);
        const { name, permissions } = request.body;
        const changes: Partial<RoleRow> = { updatedAt: new Date() };
        if (method === 'PUT' || name !== undefined) changes.name = await uniqueName(role.projectUuid!, name, role.id);
        if (permissions !== undefined) {
          if (role.builtin === 'admin') throw badRequest('项目管理员角色拥有全部权限，不能修改');
          changes.permissions = checkPermissions(permissions);
        }
        const [updated] = await app.db.update(roles).set(changes).where(eq(roles.id, role.id)).returning();
        return presentOne(updated);
      },
    });
  }

  /** Deletes project roles; their members move to the default role. */
  async function deleteRoles(list: RoleRow[]) {
    const blocked = list.find((role) => role.builtin === 'admin' || role.isDefault);
    if (blocked) {
      throw badRequest(blocked.builtin === 'admin' ? '项目管理员角色不能删除' : `「${blocked.name}」是默认角色，请先设置其他默认角色`);
    }
    const fallback = await defaultProjectRole(app.db, list[0].projectUuid!);
    const ids = list.map((role) => role.id);
    await app.db.transaction(async (tx) => {
      await tx.update(projectMembers).set({ roleId: fallback.id }).where(inArray(projectMembers.roleId, ids));
      await tx.delete(roles).where(inArray(roles.id, ids));
    });
  }

  app.delete<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/`,
    { config: ofRole('delete'), schema: { tags, summary: '删除项目角色（其成员改为默认角色）', params: IdParams } },
    async (request, reply) => {
      await deleteRoles([await roleById(request.params.id)]);
      return reply.status(204).send();
    },
  );

  app.post<{ Body: Static<typeof IdsBody> }>(
    `${BASE}/roles/batch_delete/`,
    {
      config: inProject(can('delete'), async (request) => (await rolesByIds(parseIds((request.body as Static<typeof IdsBody>).ids, '请选择要删除的角色')))[0].projectUuid!),
      schema: { tags, summary: '批量删除项目角色', body: IdsBody },
    },
    async (request, reply) => {
      await deleteRoles(await rolesByIds(parseIds(request.body.ids, '请选择要删除的角色')));
      return reply.status(204).send();
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/menus/`,
    { config: ofRole('view'), schema: { tags, summary: '角色的权限明细', params: IdParams, response: { 200: Menus } } },
    async (request) => ({ menus: (await roleById(request.params.id)).permissions }),
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof Menus> }>(
    `${BASE}/roles/:id/menus/`,
    { config: ofRole('edit'), schema: { tags, summary: '设置角色的权限明细', params: IdParams, body: Menus, response: { 200: Menus, 400: ErrorBody } } },
    async (request) => {
      const role = await roleById(request.params.id);
      if (role.builtin === 'admin') throw badRequest('项目管理员角色拥有全部权限，不能修改');
      const [updated] = await app.db
        .update(roles)
        .set({ permissions: checkPermissions(request.body.menus), updatedAt: new Date() })
        .where(eq(roles.id, role.id))
        .returning();
      return { menus: updated.permissions };
    },
  );

  app.put<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/set_as_default/`,
    { config: ofRole('edit'), schema: { tags, summary: '设为新成员的默认角色', params: IdParams, response: { 200: Role } } },
    async (request) => {
      const role = await roleById(request.params.id);
      await app.db.transaction(async (tx) => {
        await tx.update(roles).set({ isDefault: false }).where(eq(roles.projectUuid, role.projectUuid!));
        await tx.update(roles).set({ isDefault: true }).where(eq(roles.id, role.id));
      });
      return presentOne({ ...role, isDefault: true });
    },
  );
}
