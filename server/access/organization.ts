import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { organizationMembers, organizations, roles } from '../db/schema';
import { AppError, ErrorCode, forbidden, notFound, permissionDenied } from '../lib/errors';
import { UUID } from '../lib/schema-types';
import { permissionDetail, scopeDetails, type PermissionAction } from '../../contract/permissions';
import { currentUser, type SessionUser } from './sessions';

/** Every permission detail of the organization scope of the catalogue. */
export const ORGANIZATION_DETAILS = scopeDetails('organization');

/** An organization role of the member's organization (never a project role, never another organization's). */
export const memberRoleJoin = and(
  eq(roles.id, organizationMembers.roleId),
  eq(roles.organizationUuid, organizationMembers.organizationUuid),
  isNull(roles.projectUuid),
);

export interface OrganizationAccess {
  organization: typeof organizations.$inferSelect;
  user: SessionUser;
  member: typeof organizationMembers.$inferSelect;
  role: typeof roles.$inferSelect | null;
  isOwner: boolean;
  /** Organization permission details: every one for an owner, else the role's. */
  permissions: string[];
}

export const organizationNotFound = () => notFound('企业不存在或您不是该企业的成员');

/** Owners and holders of the built-in 企业管理员 role administer the organization and all its projects. */
export const isOrganizationAdmin = (isOwner: boolean, role: { builtin: string | null } | null) =>
  isOwner || role?.builtin === 'admin';

/** The organization permission details an owner or a role grants; the admin role has every one, also those added to the catalogue later. */
export function grantedDetails(isOwner: boolean, role: { permissions: string[]; builtin: string | null } | null): string[] {
  if (isOrganizationAdmin(isOwner, role)) return [...ORGANIZATION_DETAILS];
  return (role?.permissions ?? []).filter((detail) => ORGANIZATION_DETAILS.includes(detail));
}

/**
 * The caller's standing in an organization: the one of the path when given, else the one of
 * the request (Organization header, else the current one). An organization the caller is not a member of answers 404
 * like one that does not exist.
 */
export async function organizationAccess(
  db: Db,
  request: FastifyRequest,
  organizationUuid?: string,
): Promise<OrganizationAccess> {
  const user = currentUser(request);
  const target = organizationUuid ?? request.organizationUuid;
  if (!target) throw forbidden('您还没有加入任何企业');
  if (!UUID.test(target)) throw organizationNotFound();
  const [row] = await db
    .select({ organization: organizations, member: organizationMembers, role: roles })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.uuid, organizationMembers.organizationUuid))
    .leftJoin(roles, memberRoleJoin)
    .where(and(eq(organizationMembers.organizationUuid, target), eq(organizationMembers.userUuid, user.uuid)));
  if (!row) throw organizationNotFound();
  return { ...row, user, isOwner: row.member.isOwner, permissions: grantedDetails(row.member.isOwner, row.role) };
}

/** A refusal that is not a missing permission but a rule; 40301 so the app shows the reason. */
export const refused = (message: string) => new AppError(403, ErrorCode.permissionDenied, message);

/** Throws 403/40301 unless the caller is an owner or the caller's role grants the permission detail. */
export function demand(access: OrganizationAccess, detail: string): void {
  if (!access.permissions.includes(detail)) throw permissionDenied(detail);
}


/** An organization permission detail, e.g. organizationPermission('member', 'view'). */
export const organizationPermission = (model: 'organization' | 'member' | 'role' | 'project', action: PermissionAction) =>
  permissionDetail('organization', model, action);
