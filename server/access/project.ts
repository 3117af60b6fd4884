import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { preparedPer } from '../db/prepared';
import { projectMembers, projects, roles } from '../db/schema';
import { notFound, permissionDenied } from '../lib/errors';
import { UUID } from '../lib/schema-types';
import { permissionChecker, scopeDetails } from '../../contract/permissions';
import { isOrganizationAdmin } from './organization';
import { currentUser } from './sessions';
import { joinStanding, standingFields, type Standing } from './standing';

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

export const projectNotFound = () => notFound('项目不存在或您不是该项目的成员');

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
 * brought along for this project (GET routes, see authenticate.ts), else its own query.
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
