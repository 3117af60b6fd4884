import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers, roles } from '../../db/schema';
import { ORGANIZATION_DETAILS } from '../../access/organization';

/** The two roles every organization starts with. */
export const BUILTIN_ORGANIZATION_ROLES = [
  { builtin: 'admin', name: '企业管理员', isDefault: false, permissions: ORGANIZATION_DETAILS },
  {
    builtin: 'member',
    name: '企业成员',
    isDefault: true,
    permissions: ORGANIZATION_DETAILS.filter((detail) => detail.includes('.view_')),
  },
] as const;

/**
 * Creates the built-in roles of an organization that has no organization role yet, and gives
 * its owners without a role the admin role. Idempotent. Answers the admin role's id, if any.
 */
export async function ensureOrganizationRoles(tx: Db, organizationUuid: string): Promise<number | undefined> {
  const existing = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.organizationUuid, organizationUuid), isNull(roles.projectUuid)));
  if (existing.length === 0) {
    existing.push(
      ...(await tx
        .insert(roles)
        .values(
          BUILTIN_ORGANIZATION_ROLES.map((role) => ({
            organizationUuid,
            name: role.name,
            permissions: [...role.permissions],
            isDefault: role.isDefault,
            customize: false,
            builtin: role.builtin,
          })),
        )
        .returning()),
    );
  }
  const adminId = existing.find((role) => role.builtin === 'admin')?.id;
  if (adminId !== undefined) {
    await tx
      .update(organizationMembers)
      .set({ roleId: adminId, updatedAt: new Date() })
      .where(
        and(
          eq(organizationMembers.organizationUuid, organizationUuid),
          eq(organizationMembers.isOwner, true),
          isNull(organizationMembers.roleId),
        ),
      );
  }
  return adminId;
}
