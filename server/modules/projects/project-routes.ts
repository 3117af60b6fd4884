import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { projects } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { AppError, badRequest } from '../../lib/errors';
import { listPage } from '../../lib/list-page';
import { currentUser } from '../../access/sessions';
import { CATALOGUE, permissionDetail, type PermissionAction } from '../../../contract/permissions';
import { deleteUnusedObjects } from '../uploads/storage-gc';
import { forgetRegionTrees } from '../results/regions';
import { isOrganizationAdmin, organizationAccess } from '../../access/organization';
import { inProject, organizationOf, projectOf } from '../../access/gate';
import { createProject, deleteProject, listMemberProjects, updateProject } from './queries';
import { Project, ProjectCreate, ProjectListQuery, ProjectPage, ProjectPermission, ProjectWrite, UuidParams } from './schemas';
import { ErrorBody, isId } from '../../lib/schema-types';
import type { Db } from '../../db/client';
import { findConnection } from '../connections/queries';

const tags = ['项目'];
const can = (action: PermissionAction) => [permissionDetail('project', 'project', action)];
type ProjectRow = typeof projects.$inferSelect;
type ProjectBody = Static<typeof ProjectWrite>;

function checkName(name: string | undefined): string {
  const value = (name ?? '').trim();
  if (!value) throw badRequest('请输入项目名称');
  return value;
}

/** The columns a write sets; `full` (POST, PUT) requires the name. */
function projectChanges(body: ProjectBody, full: boolean): Partial<typeof projects.$inferInsert> {
  const changes: Partial<typeof projects.$inferInsert> = {};
  if (full || body.name !== undefined) changes.name = checkName(body.name);
  if (body.skin !== undefined) changes.skin = body.skin;
  if (body.color !== undefined) changes.color = body.color;
  if (body.extra_info !== undefined) changes.extraInfo = body.extra_info;
  if (body.is_public !== undefined) changes.isPublic = body.is_public;
  if (body.project_card_url !== undefined) changes.projectCardUrl = body.project_card_url;
  return changes;
}

/**
 * extra_info may only name a connection of the project itself (none at all for a new project); the
 * same answer whether the id is another project's or no one's. Under the connection's lock in `tx`,
 * so a deletion racing the write waits for it.
 */
async function checkOwnConnection(tx: Db, projectUuid: string | undefined, extraInfo: ProjectBody['extra_info']): Promise<void> {
  const given = extraInfo?.connection_id?.trim();
  if (!given) return;
  const refused = badRequest('数据连接不存在或不属于本项目');
  const id = Number(given);
  if (!projectUuid || !/^\d+$/.test(given) || !isId(id)) throw refused;
  await findConnection(tx, projectUuid, id, true).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404 ? refused : error;
  });
}

export async function projectRecordRoutes(app: FastifyInstance): Promise<void> {
  const present = (row: ProjectRow): Static<typeof Project> => ({
    uuid: row.uuid,
    name: row.name,
    skin: row.skin,
    color: row.color,
    extra_info: row.extraInfo as Record<string, unknown>,
    is_public: row.isPublic,
    project_card_url: row.projectCardUrl,
    organization_uuid: row.organizationUuid,
    created_at: formatDateTime(row.createdAt, app.config.timeZone)!,
    updated_at: formatDateTime(row.updatedAt, app.config.timeZone)!,
  });

  app.get<{ Querystring: Static<typeof ProjectListQuery> }>(
    '/api/project/v1/projects/',
    { schema: { tags, summary: '当前企业中我参与的项目（企业管理员：企业的全部项目）', querystring: ProjectListQuery, response: { 200: ProjectPage } } },
    async (request) =>
      listPage(
        request,
        { ordering: 'created_at' as const, ...request.query },
        async (params) => {
          if (!request.organizationUuid) return { rows: [], total: 0 };
          const organization = await organizationAccess(app.db, request);
          const everyProject = isOrganizationAdmin(organization.isOwner, organization.role);
          return listMemberProjects(app.db, { organizationUuid: request.organizationUuid, userUuid: currentUser(request).uuid, everyProject }, params);
        },
        present,
      ),
  );

  app.post<{ Body: Static<typeof ProjectCreate> }>(
    '/api/project/v1/projects/',
    {
      config: { organization: { permission: permissionDetail('organization', 'project', 'create') } },
      schema: {
        tags,
        summary: '新建项目（需企业权限「新增项目」；创建者成为项目管理员）',
        body: ProjectCreate,
        response: { 201: Project, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const changes = projectChanges(request.body, true);
      await checkOwnConnection(app.db, undefined, request.body.extra_info);
      const description = request.body.description?.trim();
      const project = await createProject(
        app.db,
        { ...changes, name: changes.name!, organizationUuid: organizationOf(request).organization.uuid },
        currentUser(request).uuid,
        description ? { description } : undefined,
      );
      return reply.status(201).send(present(project));
    },
  );

  app.get<{ Params: Static<typeof UuidParams> }>(
    '/api/project/v1/projects/:uuid/',
    { config: inProject(can('view')), schema: { tags, summary: '项目详情', params: UuidParams, response: { 200: Project } } },
    async (request) => present(projectOf(request).project),
  );

  app.route<{ Params: Static<typeof UuidParams>; Body: ProjectBody }>({
    method: ['PUT', 'PATCH'], url: '/api/project/v1/projects/:uuid/', config: inProject(can('edit')),
    schema: { tags, summary: '修改项目', params: UuidParams, body: ProjectWrite, response: { 200: Project, 400: ErrorBody } },
    handler: async (request) => {
      const uuid = projectOf(request).project.uuid;
      const changes = projectChanges(request.body, request.method === 'PUT');
      const updated = await app.db.transaction(async (transaction: unknown) => {
        const tx = transaction as Db;
        await checkOwnConnection(tx, uuid, request.body.extra_info);
        return updateProject(tx, uuid, changes);
      });
      // extra_info says where the project's data is: its region tree is read again.
      if (request.body.extra_info !== undefined) forgetRegionTrees(app, { projectUuid: uuid });
      return present(updated);
    },
  });

  // The admin path of the platform document deletes the same way.
  for (const url of ['/api/project/v1/projects/:uuid/', '/api/v1/user_admin/projects/:uuid/']) {
    app.delete<{ Params: Static<typeof UuidParams> }>(
      url,
      { config: inProject(can('delete')), schema: { tags, summary: '删除项目及其全部数据', params: UuidParams } },
      async (request, reply) => {
        // The project's stored files go with it; the objects only they named leave storage after the commit.
        await deleteProject(app.db, projectOf(request).project.uuid);
        await deleteUnusedObjects(app);
        return reply.status(204).send();
      },
    );
  }

  app.get<{ Params: Static<typeof UuidParams> }>(
    '/api/project/v1/projects/:uuid/permission/',
    { config: inProject([]), schema: { tags, summary: '我在该项目中的角色与权限', params: UuidParams, response: { 200: ProjectPermission } } },
    async (request) => {
      const { role, permissions } = projectOf(request);
      return {
        role: role ? { id: role.id, name: role.name } : null,
        permissions: CATALOGUE.filter((entry) => permissions.includes(entry.permissions_detail)).map((entry) => entry.name),
        permissions_detail: permissions,
      };
    },
  );
}
