import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { permissionGroups } from '../../../src/lib/permissions';

const GroupsQuery = Type.Object({ type: Type.Optional(Type.Union([Type.Literal('project'), Type.Literal('organization')])) });
const Permission = Type.Object({ id: Type.String(), name: Type.String(), permissions_detail: Type.String() });
const Group = Type.Object({ type: Type.String(), app: Type.String(), model: Type.String(), name: Type.String(), permissions: Type.Array(Permission) });

/** The permission catalogue, grouped by model, for the role editors. */
export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  const handler = async (request: { query: Static<typeof GroupsQuery> }) =>
    permissionGroups(request.query.type ?? 'project').map((group) => ({
      ...group,
      permissions: group.permissions.map(({ id, name, permissions_detail }) => ({ id, name, permissions_detail })),
    }));
  app.get<{ Querystring: Static<typeof GroupsQuery> }>(
    '/api/permission/v1/groups/',
    { schema: { tags: ['权限'], summary: '权限目录（按模型分组）', querystring: GroupsQuery, response: { 200: Type.Array(Group) } } },
    handler,
  );
}
