import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin-routes';
import { createRoutes } from './create-routes';
import { memberRoutes } from './member-routes';
import { roleRoutes } from './role-routes';

/**
 * The organization side of the platform interface: members, roles, invite links and the
 * caller's permissions under /api/organization/v1/, and the same calls (one handler each)
 * under the product's own /api/v1/ admin paths, with the organization list and switch; and
 * creating an organization of one's own.
 */
export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  await memberRoutes(app);
  await roleRoutes(app);
  await adminRoutes(app);
  await createRoutes(app);
}
