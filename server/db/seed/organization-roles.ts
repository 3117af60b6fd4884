import { ensureOrganizationRoles } from '../../modules/organizations/builtin-roles';
import type { Db } from '../client';
import { organizations } from '../schema';

/**
 * Every organization has its built-in roles 企业管理员 and 企业成员 (the default), and its owners
 * without a role get the admin role. Organizations that already have roles keep them.
 */
export async function seedOrganizationRoles(tx: Db): Promise<void> {
  for (const organization of await tx.select({ uuid: organizations.uuid }).from(organizations)) {
    await ensureOrganizationRoles(tx, organization.uuid);
  }
}
