import { and, asc, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import { withTotal } from './list-page';
import type { Db } from '../db/client';
import { roles } from '../db/schema';
import { badRequest } from './errors';
import { containing } from './sql';

/**
 * The roles of one organization or one project: `where` picks them, `memberCount` counts the
 * members holding each (organization roles and project roles share the table, not the members).
 */
export interface RoleScope {
  where: SQL;
  memberCount: SQL<number>;
}
export type RoleRow = { role: typeof roles.$inferSelect; memberCount: number };

const orderColumns = { id: roles.id, name: roles.name, created_at: roles.createdAt };

export async function listRoles(db: Db, scope: RoleScope, params: { search?: string; ordering: string; limit: number; offset: number }) {
  const where = and(scope.where, params.search ? ilike(roles.name, containing(params.search)) : undefined);
  const column = orderColumns[params.ordering.replace(/^-/, '') as keyof typeof orderColumns];
  return withTotal<RoleRow>(
    db
      .select({ role: roles, memberCount: scope.memberCount })
      .from(roles)
      .where(where)
      .orderBy(params.ordering.startsWith('-') ? desc(column) : asc(column), asc(roles.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ total: count() }).from(roles).where(where),
  );
}

/** A role of the scope, or undefined. */
export async function findRole(db: Db, scope: RoleScope, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select({ role: roles, memberCount: scope.memberCount }).from(roles).where(and(scope.where, eq(roles.id, id)));
  return row;
}

/** A role name given by a client: present, and not another role's of the scope. */
export async function checkRoleName(db: Db, scope: SQL, name: string | undefined, taken: (name: string) => string, exceptId?: number) {
  const value = name?.trim();
  if (!value) throw badRequest('请输入角色名称');
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(scope, eq(roles.name, value), exceptId === undefined ? undefined : ne(roles.id, exceptId)))
    .limit(1);
  if (clash) throw badRequest(taken(value));
  return value;
}

export async function insertRole(db: Db, values: typeof roles.$inferInsert) {
  const [role] = await db.insert(roles).values(values).returning();
  return role;
}

export async function updateRole(db: Db, id: number, changes: Partial<typeof roles.$inferInsert>) {
  const [role] = await db.update(roles).set({ ...changes, updatedAt: new Date() }).where(eq(roles.id, id)).returning();
  return role;
}

/** Makes the role the one default role of its scope, the role new members get. */
export async function setDefaultRole(db: Db, scope: SQL, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(roles).set({ isDefault: false, updatedAt: now }).where(and(scope, eq(roles.isDefault, true)));
    await tx.update(roles).set({ isDefault: true, updatedAt: now }).where(eq(roles.id, id));
  });
}
