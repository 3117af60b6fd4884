import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../lib/dates';
import { DEFAULT_LIMIT, drfPage } from '../../lib/pagination';
import { currentUser } from '../../plugins/auth';
import { listMemberProjects } from './queries';
import { ProjectListQuery, ProjectPage } from './schemas';
import type { projects } from '../../db/schema';

export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const present = (row: typeof projects.$inferSelect) => ({
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
    {
      schema: {
        tags: ['项目'],
        summary: '当前企业中我参与的项目',
        querystring: ProjectListQuery,
        response: { 200: ProjectPage },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { limit = DEFAULT_LIMIT, offset = 0, search, ordering = 'created_at' } = request.query;
      if (!request.organizationUuid) return drfPage(request, [], 0, limit, offset);
      const { rows, total } = await listMemberProjects(app.db, {
        organizationUuid: request.organizationUuid,
        userUuid: user.uuid,
        search: search?.trim() || undefined,
        ordering,
        limit,
        offset,
      });
      return drfPage(request, rows.map(present), total, limit, offset);
    },
  );
}
