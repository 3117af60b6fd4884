import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projectMembers, roles } from '../../db/schema';
import type { RoleScope } from '../../lib/roles';

// Qualified by hand: drizzle writes a column of the outer table unqualified inside raw SQL.
const memberCount = sql<number>`(select count(*) from ${projectMembers} as m where m.role_id = ${roles}.id)`.mapWith(Number);

export const projectRoles = (projectUuid: string): RoleScope => ({ where: eq(roles.projectUuid, projectUuid), memberCount });
/** The roles of every project: a role named by id tells its project. */
export const anyProjectRole: RoleScope = { where: isNotNull(roles.projectUuid), memberCount };

export const rolesByIds = (db: Db, ids: number[]) => db.select({ role: roles, memberCount }).from(roles).where(inArray(roles.id, ids));

/** Deletes project roles; their members move to the fallback role. */
export async function deleteRoles(db: Db, ids: number[], fallbackId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(projectMembers).set({ roleId: fallbackId }).where(inArray(projectMembers.roleId, ids));
    await tx.delete(roles).where(inArray(roles.id, ids));
  });
}
