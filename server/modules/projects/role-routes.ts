import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { listPage } from '../../lib/list-page';
import { checkRoleName, findRole, listRoles, type RoleRow } from '../../lib/roles';
import { ErrorBody } from '../../lib/schema-types';
import { permissionDetail, scopeDetails, type PermissionAction } from '../../../contract/permissions';
import { inProject, projectOf } from '../../access/gate';
import { projectNotFound } from '../../access/project';
import { defaultProjectRole } from './member-queries';
import { IdParams, IdsBody, Menus, ProjectParams, Role, RoleListQuery, RolePage, RoleWrite } from './schemas';
import { anyProjectRole, createProjectRole, deleteRoles, projectRoles, rolesByIds, setDefaultProjectRole, updateProjectRole } from './role-queries';

const tags = ['项目角色'];
const BASE = '/api/project/v1/projects';
const can = (action: PermissionAction) => [permissionDetail('project', 'role', action)];
const PROJECT_DETAILS = new Set(scopeDetails('project'));

function checkPermissions(list: string[]): string[] {
  const unknown = list.find((detail) => !PROJECT_DETAILS.has(detail));
  if (unknown) throw badRequest(`权限 ${unknown} 不存在`);
  return [...new Set(list)];
}

function checkEditable(row: RoleRow) {
  if (row.role.builtin === 'admin') throw badRequest('项目管理员角色拥有全部权限，不能修改');
}

export async function projectRoleRoutes(app: FastifyInstance): Promise<void> {
  const when = (date: Date) => formatDateTime(date, app.config.timeZone)!;
  const present = ({ role, memberCount }: RoleRow): Static<typeof Role> => ({
    id: role.id,
    name: role.name,
    is_default: role.isDefault,
    customize: role.customize,
    builtin: role.builtin,
    permissions: role.permissions,
    member_count: memberCount,
    created_at: when(role.createdAt),
    updated_at: when(role.updatedAt),
  });
  const uniqueName = (projectUuid: string, name: string | undefined, exceptId?: number) =>
    checkRoleName(app.db, projectRoles(projectUuid).where, name, (value) => `角色名称「${value}」已存在`, exceptId);

  /** A project role by id; one of another project's or none at all answers like a project the caller cannot see. */
  async function roleById(id: number) {
    const row = await findRole(app.db, anyProjectRole, id);
    if (!row) throw projectNotFound();
    return row;
  }
  /** The roles of a batch, all of one project. */
  async function rolesOfOneProject(ids: number[]) {
    const list = await rolesByIds(app.db, ids);
    const projectUuids = new Set(list.map((row) => row.role.projectUuid));
    if (list.length !== ids.length || projectUuids.size !== 1 || !list[0].role.projectUuid) throw projectNotFound();
    return list;
  }
  /** Routes of one role (`:id`): the project is the role's. */
  const ofRole = (action: PermissionAction) =>
    inProject(can(action), async (request) => (await roleById((request.params as { id: number }).id)).role.projectUuid!);
  const batchIds = (body: unknown) => parseIds((body as Static<typeof IdsBody>).ids, '请选择要删除的角色');

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof RoleListQuery> }>(
    `${BASE}/:project_uuid/roles/`,
    { config: inProject(can('view')), schema: { tags, summary: '项目角色列表', params: ProjectParams, querystring: RoleListQuery, response: { 200: RolePage } } },
    async (request) =>
      listPage(request, { ordering: 'created_at' as const, ...request.query }, (params) => listRoles(app.db, projectRoles(projectOf(request).project.uuid), params), present),
  );

  app.post<{ Params: Static<typeof ProjectParams>; Body: Static<typeof RoleWrite> }>(
    `${BASE}/:project_uuid/roles/`,
    { config: inProject(can('create')), schema: { tags, summary: '新建项目角色', params: ProjectParams, body: RoleWrite, response: { 201: Role, 400: ErrorBody } } },
    async (request, reply) => {
      const { project } = projectOf(request);
      const name = await uniqueName(project.uuid, request.body.name);
      const permissions = checkPermissions(request.body.permissions ?? []);
      const role = await createProjectRole(app.db, { organizationUuid: project.organizationUuid, projectUuid: project.uuid, name, permissions }, request.user);
      return reply.status(201).send(present({ role, memberCount: 0 }));
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/`,
    { config: ofRole('view'), schema: { tags, summary: '项目角色详情', params: IdParams, response: { 200: Role } } },
    async (request) => present(await roleById(request.params.id)),
  );

  app.route<{ Params: Static<typeof IdParams>; Body: Static<typeof RoleWrite> }>({
    method: ['PUT', 'PATCH'], url: `${BASE}/roles/:id/`, config: ofRole('edit'),
    schema: { tags, summary: '修改项目角色', params: IdParams, body: RoleWrite, response: { 200: Role, 400: ErrorBody } },
    handler: async (request) => {
      const row = await roleById(request.params.id);
      const { name, permissions } = request.body;
      const changes: { name?: string; permissions?: string[] } = {};
      if (request.method === 'PUT' || name !== undefined) changes.name = await uniqueName(row.role.projectUuid!, name, row.role.id);
      if (permissions !== undefined) {
        checkEditable(row);
        changes.permissions = checkPermissions(permissions);
      }
      return present({ ...row, role: await updateProjectRole(app.db, row.role.id, changes, request.user) });
    },
  });

  /** Deletes project roles; their members move to the default role. */
  async function deleteAll(list: RoleRow[], by: FastifyRequest['user']) {
    const blocked = list.find(({ role }) => role.builtin === 'admin' || role.isDefault)?.role;
    if (blocked) {
      throw badRequest(blocked.builtin === 'admin' ? '项目管理员角色不能删除' : `「${blocked.name}」是默认角色，请先设置其他默认角色`);
    }
    const fallback = await defaultProjectRole(app.db, list[0].role.projectUuid!);
    await deleteRoles(app.db, list, fallback.id, by);
  }

  app.delete<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/`,
    { config: ofRole('delete'), schema: { tags, summary: '删除项目角色（其成员改为默认角色）', params: IdParams } },
    async (request, reply) => {
      await deleteAll([await roleById(request.params.id)], request.user);
      return reply.status(204).send();
    },
  );

  app.post<{ Body: Static<typeof IdsBody> }>(
    `${BASE}/roles/batch_delete/`,
    {
      config: inProject(can('delete'), async (request) => (await rolesOfOneProject(batchIds(request.body)))[0].role.projectUuid!),
      schema: { tags, summary: '批量删除项目角色', body: IdsBody },
    },
    async (request, reply) => {
      await deleteAll(await rolesOfOneProject(batchIds(request.body)), request.user);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/menus/`,
    { config: ofRole('view'), schema: { tags, summary: '角色的权限明细', params: IdParams, response: { 200: Menus } } },
    async (request) => ({ menus: (await roleById(request.params.id)).role.permissions }),
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof Menus> }>(
    `${BASE}/roles/:id/menus/`,
    { config: ofRole('edit'), schema: { tags, summary: '设置角色的权限明细', params: IdParams, body: Menus, response: { 200: Menus, 400: ErrorBody } } },
    async (request) => {
      const row = await roleById(request.params.id);
      checkEditable(row);
      const role = await updateProjectRole(app.db, row.role.id, { permissions: checkPermissions(request.body.menus) }, request.user);
      return { menus: role.permissions };
    },
  );

  app.put<{ Params: Static<typeof IdParams> }>(
    `${BASE}/roles/:id/set_as_default/`,
    { config: ofRole('edit'), schema: { tags, summary: '设为新成员的默认角色', params: IdParams, response: { 200: Role } } },
    async (request) => {
      const row = await roleById(request.params.id);
      await setDefaultProjectRole(app.db, row.role, request.user);
      return present(await roleById(row.role.id));
    },
  );
}
