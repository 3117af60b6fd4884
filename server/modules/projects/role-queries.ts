import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projectMembers, roles, type ActivityChanges } from '../../db/schema';
import { insertRole, setDefaultRole, updateRole, type RoleRow, type RoleScope } from '../../lib/roles';
import { CATALOGUE } from '../../../contract/permissions';
import { changedFields, recordActivity, type Actor } from '../activity/record';

// Qualified by hand: drizzle writes a column of the outer table unqualified inside raw SQL.
const memberCount = sql<number>`(select count(*) from ${projectMembers} as m where m.role_id = ${roles}.id)`.mapWith(Number);

export const projectRoles = (projectUuid: string): RoleScope => ({ where: eq(roles.projectUuid, projectUuid), memberCount });
/** The roles of every project: a role named by id tells its project. */
export const anyProjectRole: RoleScope = { where: isNotNull(roles.projectUuid), memberCount };

export const rolesByIds = (db: Db, ids: number[]) => db.select({ role: roles, memberCount }).from(roles).where(inArray(roles.id, ids));

const PERMISSION_NAMES = new Map(CATALOGUE.map((entry) => [entry.permissions_detail, entry.name]));
/** A role's permissions as the history shows them: their Chinese names, in catalogue order. */
const permissionNames = (details: readonly string[]) => {
  const order = [...PERMISSION_NAMES.keys()];
  return [...details].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((detail) => PERMISSION_NAMES.get(detail) ?? detail);
};

type RoleValues = typeof roles.$inferSelect;
const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>) => db.transaction((transaction) => work(transaction as unknown as Db));

/** Creates a project role and records it, with its permissions by name. */
export const createProjectRole = (db: Db, values: typeof roles.$inferInsert & { projectUuid: string }, by?: Actor | null) =>
  inTransaction(db, async (tx) => {
    const role = await insertRole(tx, values);
    const changes: ActivityChanges = role.permissions.length ? { permissions: [[], permissionNames(role.permissions)] } : {};
    await recordActivity(tx, values.projectUuid, by, { action: '创建', type: 'role', id: role.id, name: role.name, changes });
    return role;
  });

/** Renames a project role or sets its permissions; the history gets the name and the permission names before → after. */
export const updateProjectRole = (db: Db, id: number, set: { name?: string; permissions?: string[] }, by?: Actor | null) =>
  inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
    const role = await updateRole(tx, id, set);
    const changes = changedFields({ name: before.name }, { name: role.name });
    if (set.permissions !== undefined) {
      const names = [permissionNames(before.permissions), permissionNames(role.permissions)];
      if (JSON.stringify(names[0]) !== JSON.stringify(names[1])) changes.permissions = [names[0], names[1]];
    }
    if (Object.keys(changes).length) await recordActivity(tx, role.projectUuid!, by, { action: '修改', type: 'role', id: role.id, name: role.name, changes });
    return role;
  });

/** Makes the role its project's default role, recorded as a change of the role. */
export const setDefaultProjectRole = (db: Db, role: RoleValues, by?: Actor | null) =>
  inTransaction(db, async (tx) => {
    await setDefaultRole(tx, projectRoles(role.projectUuid!).where, role.id);
    if (!role.isDefault) await recordActivity(tx, role.projectUuid!, by, { action: '修改', type: 'role', id: role.id, name: role.name, changes: { is_default: [false, true] } });
  });

/** Deletes project roles, recording each; their members move to the fallback role. */
export async function deleteRoles(db: Db, list: RoleRow[], fallbackId: number, by?: Actor | null): Promise<void> {
  const ids = list.map(({ role }) => role.id);
  await inTransaction(db, async (tx) => {
    await tx.update(projectMembers).set({ roleId: fallbackId }).where(inArray(projectMembers.roleId, ids));
    const removed = await tx.delete(roles).where(inArray(roles.id, ids)).returning({ id: roles.id, name: roles.name, projectUuid: roles.projectUuid });
    if (removed.length) await recordActivity(tx, removed[0].projectUuid!, by, removed.map((role) => ({ action: '删除' as const, type: 'role' as const, id: role.id, name: role.name })));
  });
}
