import type { FastifyInstance } from 'fastify';
import { projectInviteRoutes } from './invite-routes';
import { projectMemberRoutes } from './member-routes';
import { projectProfileRoutes } from './profile-routes';
import { projectRecordRoutes } from './project-routes';
import { projectRoleRoutes } from './role-routes';

/** Projects, their members, roles, profile and invitations. */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  await app.register(projectRecordRoutes);
  await app.register(projectMemberRoutes);
  await app.register(projectRoleRoutes);
  await app.register(projectProfileRoutes);
  await app.register(projectInviteRoutes);
}
