import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
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
  /** The caller administers the project's organization (owner or 企业管理员). */
  organizationAdmin: boolean;
}

const PROJECT_DETAILS = scopeDetails('project');
const organizationRoles = alias(roles, 'organization_role');

export const projectNotFound = () => notFound('项目不存在或您不是该项目的成员');

/** What decides the caller's standing in a project; selected here and with the session (sessions.ts). */
export const standingFields = {
  project: projects,
  member: projectMembers,
  role: roles,
  // Only what tells an organization admin: its role's permission list is never read here.
  isOwner: organizationMembers.isOwner,
  organizationRole: { builtin: organizationRoles.builtin },
};

/** The caller's membership rows of `projects` joined in, each at most one row (unique keys). */
export function joinStanding<Q extends PgSelect>(query: Q, userUuid: SQL | PgColumn | Placeholder): Q {
  return query
    .leftJoin(organizationMembers, and(eq(organizationMembers.organizationUuid, projects.organizationUuid), eq(organizationMembers.userUuid, userUuid)))
    .leftJoin(
      organizationRoles,
      and(
        eq(organizationRoles.id, organizationMembers.roleId),
        eq(organizationRoles.organizationUuid, organizationMembers.organizationUuid),
        isNull(organizationRoles.projectUuid),
      ),
    )
    .leftJoin(projectMembers, and(eq(projectMembers.projectUuid, projects.uuid), eq(projectMembers.userUuid, userUuid)))
    .leftJoin(roles, and(eq(roles.id, projectMembers.roleId), eq(roles.projectUuid, projects.uuid))) as unknown as Q;
}

export interface Standing {
  project: typeof projects.$inferSelect | null;
  member: typeof projectMembers.$inferSelect | null;
  role: typeof roles.$inferSelect | null;
  isOwner: boolean | null;
  organizationRole: { builtin: string | null } | null;
}

const standingQuery = preparedPer((db) =>
  joinStanding(db.select(standingFields).from(projects).$dynamic(), sql.placeholder('userUuid'))
    .where(and(eq(projects.uuid, sql.placeholder('projectUuid')), eq(projects.organizationUuid, sql.placeholder('organizationUuid'))))
    .prepare('project_standing'),
);

/**
 * Organization admins hold every project permission in every project of their organization,
 * member or not, so no project is ever out of their reach. A project of another organization,
 * or one the caller neither is a member of nor administers, answers 404 like one that does not exist.
 */
function accessOf(standing: Standing | undefined): ProjectAccess {
  if (!standing?.project || standing.isOwner === null) throw projectNotFound();
  const { project, member, role, isOwner, organizationRole } = standing;
  if (isOrganizationAdmin(isOwner, organizationRole)) {
    return { project, member, role, permissions: [...PROJECT_DETAILS], organizationAdmin: true };
  }
  if (!member) throw projectNotFound();
  return { project, member, role, permissions: role?.permissions ?? [], organizationAdmin: false };
}

/**
 * The caller's standing in a project of the current organization: the one the session query
 * brought along for this project (GET routes, see plugins/auth.ts), else its own query.
 */
export async function projectAccess(db: Db, request: FastifyRequest, projectUuid: string | undefined): Promise<ProjectAccess> {
  const user = currentUser(request);
  if (!projectUuid || !UUID.test(projectUuid) || !request.organizationUuid) throw projectNotFound();
  if (request.standing && request.standing.projectUuid === projectUuid) return accessOf(request.standing.row ?? undefined);
  const [row] = await standingQuery(db).execute({ userUuid: user.uuid, projectUuid, organizationUuid: request.organizationUuid });
  return accessOf(row);
}

/**
 * A user's standing in a project outside a request (a background job acting for the user): as
 * `projectAccess` finds it for the project's own organization; 404 when the user is no member.
 */
export async function userProjectAccess(db: Db, userUuid: string, project: { uuid: string; organizationUuid: string }): Promise<ProjectAccess> {
  const [row] = await standingQuery(db).execute({ userUuid, projectUuid: project.uuid, organizationUuid: project.organizationUuid });
  return accessOf(row);
}

/** Throws 403/40301 unless one of the permission patterns matches (the spec's matchSome). */
export function demandSome(access: ProjectAccess, patterns: readonly string[]): void {
  if (!permissionChecker(access.permissions).matchSome(patterns)) throw permissionDenied(patterns[0]);
}
