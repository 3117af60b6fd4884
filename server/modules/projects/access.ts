import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { organizationMembers, projectMembers, projects, roles } from '../../db/schema';
import { notFound, permissionDenied } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { permissionChecker, scopeDetails } from '../../../contract/permissions';
import { isOrganizationAdmin } from '../organizations/access';
import { UUID } from '../../lib/schema-types';

export interface ProjectAccess {
  project: typeof projects.$inferSelect;
  /** Null for an organization admin who is not a member of the project. */
  member: typeof projectMembers.$inferSelect | null;
  role: typeof roles.$inferSelect | null;
  permissions: string[];
}

const PROJECT_DETAILS = scopeDetails('project');
const organizationRoles = alias(roles, 'organization_role');

export const projectNotFound = () => notFound('项目不存在或您不是该项目的成员');

const standingQuery = preparedPer((db) => {
  const userUuid = sql.placeholder('userUuid');
  return db
    .select({
      project: projects,
      member: projectMembers,
      role: roles,
      // Only what tells an organization admin: its role's permission list is never read here.
      isOwner: organizationMembers.isOwner,
      organizationRole: { builtin: organizationRoles.builtin },
    })
    .from(projects)
    .innerJoin(organizationMembers, and(eq(organizationMembers.organizationUuid, projects.organizationUuid), eq(organizationMembers.userUuid, userUuid)))
    .leftJoin(
      organizationRoles,
      and(
        eq(organizationRoles.id, organizationMembers.roleId),
        eq(organizationRoles.organizationUuid, organizationMembers.organizationUuid),
        isNull(organizationRoles.projectUuid),
      ),
    )
    .leftJoin(projectMembers, and(eq(projectMembers.projectUuid, projects.uuid), eq(projectMembers.userUuid, userUuid)))
    .leftJoin(roles, and(eq(roles.id, projectMembers.roleId), eq(roles.projectUuid, projects.uuid)))
    .where(and(eq(projects.uuid, sql.placeholder('projectUuid')), eq(projects.organizationUuid, sql.placeholder('organizationUuid'))))
    .prepare('project_standing');
});

/**
 * The caller's standing in a project of the current organization. Organization admins hold
 * every project permission in every project of their organization, member or not, so no
 * project is ever out of their reach. A project of another organization, or one the caller
 * neither is a member of nor administers, answers 404 like one that does not exist.
 */
export async function projectAccess(db: Db, request: FastifyRequest, projectUuid: string | undefined): Promise<ProjectAccess> {
  const user = currentUser(request);
  if (!projectUuid || !UUID.test(projectUuid) || !request.organizationUuid) throw projectNotFound();
  const [row] = await standingQuery(db).execute({ userUuid: user.uuid, projectUuid, organizationUuid: request.organizationUuid });
  if (!row) throw projectNotFound();
  const { project, member, role, isOwner, organizationRole } = row;
  if (isOrganizationAdmin(isOwner, organizationRole)) {
    return { project, member, role, permissions: [...PROJECT_DETAILS] };
  }
  if (!member) throw projectNotFound();
  return { project, member, role, permissions: role?.permissions ?? [] };
}

/** Throws 403/40301 unless one of the permission patterns matches (the spec's matchSome). */
export function demandSome(access: ProjectAccess, patterns: readonly string[]): void {
  if (!permissionChecker(access.permissions).matchSome(patterns)) throw permissionDenied(patterns[0]);
}
