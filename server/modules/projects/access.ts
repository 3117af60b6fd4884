import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { projectMembers, projects, roles } from '../../db/schema';
import { notFound, permissionDenied } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { permissionChecker } from '../../../src/lib/permissions';

export interface ProjectAccess {
  project: typeof projects.$inferSelect;
  member: typeof projectMembers.$inferSelect;
  role: typeof roles.$inferSelect | null;
  permissions: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const projectNotFound = () => notFound('项目不存在或您不是该项目的成员');

/**
 * The caller's standing in a project of the current organization. A project of another
 * organization, or one the caller is not a member of, answers 404 like one that does not exist.
 */
export async function projectAccess(db: Db, request: FastifyRequest, projectUuid: string | undefined): Promise<ProjectAccess> {
  const user = currentUser(request);
  if (!projectUuid || !UUID.test(projectUuid) || !request.organizationUuid) throw projectNotFound();
  const [row] = await db
    .select({ project: projects, member: projectMembers, role: roles })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectUuid, projects.uuid), eq(projectMembers.userUuid, user.uuid)))
    .leftJoin(roles, eq(roles.id, projectMembers.roleId))
    .where(and(eq(projects.uuid, projectUuid), eq(projects.organizationUuid, request.organizationUuid)));
  if (!row) throw projectNotFound();
  return { ...row, permissions: row.role?.permissions ?? [] };
}

/** Throws 403/40301 unless the caller's role grants the permission detail. */
export function demand(access: ProjectAccess, detail: string): void {
  if (!access.permissions.includes(detail)) throw permissionDenied(detail);
}

/** Throws 403/40301 unless one of the permission patterns matches (the spec's matchSome). */
export function demandSome(access: ProjectAccess, patterns: string[]): void {
  if (!permissionChecker(access.permissions).matchSome(patterns)) throw permissionDenied(patterns[0]);
}

/** projectAccess plus demand, the usual first line of a project route. */
export async function projectWith(db: Db, request: FastifyRequest, projectUuid: string | undefined, detail: string) {
  const access = await projectAccess(db, request, projectUuid);
  demand(access, detail);
  return access;
}
