import { and, eq, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { organizationMembers, projectMembers, projects, roles } from '../db/schema';

const organizationRoles = alias(roles, 'organization_role');

/** What decides the caller's standing in a project; selected by project.ts and with the session (sessions.ts). */
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
