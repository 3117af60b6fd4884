import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { withTotal } from '../../lib/list-page';
import type { Db } from '../../db/client';
import { organizationMembers, organizations, projectMembers, projects, roles, users } from '../../db/schema';
import type { MEMBER_ORDERINGS } from './schemas';
import { findRole as findScopedRole, type RoleRow, type RoleScope } from '../../lib/roles';
import { containing } from '../../lib/sql';
import { updateUser } from '../accounts/queries';
import { ensureOrganizationRoles } from './builtin-roles';
import { memberRoleJoin } from '../../access/organization';

const order = (ordering: string, columns: Record<string, Parameters<typeof asc>[0]>) => {
  const column = columns[ordering.replace(/^-/, '')];
  return ordering.startsWith('-') ? desc(column) : asc(column);
};

const memberColumns = {
  member: organizationMembers,
  user: {
    uuid: users.uuid,
    username: users.username,
    nickname: users.nickname,
    mobile: users.mobile,
    isSuperuser: users.isSuperuser,
    isStaff: users.isStaff,
  },
  role: { id: roles.id, name: roles.name, builtin: roles.builtin },
};

const memberQuery = (db: Db) =>
  db
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.uuid, organizationMembers.userUuid))
    .leftJoin(roles, memberRoleJoin);

export type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['execute']>>[number];

export async function listMembers(
  db: Db,
  organizationUuid: string,
  filter: { search?: string; ordering: (typeof MEMBER_ORDERINGS)[number]; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(organizationMembers.organizationUuid, organizationUuid)];
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(or(ilike(users.username, pattern), ilike(users.nickname, pattern), ilike(users.mobile, pattern))!);
  }
  const where = and(...conditions);
  const columns = {
    created_at: organizationMembers.createdAt,
    username: users.username,
    nickname: users.nickname,
    is_owner: organizationMembers.isOwner,
  };
  return withTotal(
    memberQuery(db)
      .where(where)
      .orderBy(order(filter.ordering, columns), asc(organizationMembers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(organizationMembers).innerJoin(users, eq(users.uuid, organizationMembers.userUuid)).where(where),
  );
}

/** Members of the organization among the given users, in the order of `userUuids`. */
export async function findMembers(db: Db, organizationUuid: string, userUuids: string[]): Promise<MemberRow[]> {
  if (userUuids.length === 0) return [];
  const rows = await memberQuery(db).where(
    and(eq(organizationMembers.organizationUuid, organizationUuid), inArray(organizationMembers.userUuid, userUuids)),
  );
  const byUser = new Map(rows.map((row) => [row.user.uuid, row]));
  return userUuids.flatMap((uuid) => byUser.get(uuid) ?? []);
}

export async function findMember(db: Db, organizationUuid: string, userUuid: string): Promise<MemberRow | undefined> {
  return (await findMembers(db, organizationUuid, [userUuid]))[0];
}

/**
 * Members who can manage the organization: owners and holders of the built-in admin role,
 * leaving out `except`.
 */
export async function countManagers(db: Db, organizationUuid: string, except: string[] = []): Promise<number> {
  const conditions: SQL[] = [
    eq(organizationMembers.organizationUuid, organizationUuid),
    or(eq(organizationMembers.isOwner, true), eq(roles.builtin, 'admin'))!,
  ];
  if (except.length > 0) conditions.push(notInArray(organizationMembers.userUuid, except));
  const [{ total }] = await db
    .select({ total: count() })
    .from(organizationMembers)
    .leftJoin(roles, memberRoleJoin)
    .where(and(...conditions));
  return total;
}

// Qualified by hand: drizzle writes a column of the outer table unqualified inside raw SQL.
const roleMemberCount = sql<number>`(select count(*) from ${organizationMembers} as m where m.role_id = ${roles}.id and m.organization_uuid = ${roles}.organization_uuid)`.mapWith(
  Number,
);

/** The organization roles of an organization (never its projects' roles). */
export const organizationRoles = (organizationUuid: string): RoleScope => ({
  where: and(eq(roles.organizationUuid, organizationUuid), isNull(roles.projectUuid))!,
  memberCount: roleMemberCount,
});

/** An organization role of this organization, or undefined (a project role or another organization's). */
export const findRole = (db: Db, organizationUuid: string, id: number): Promise<RoleRow | undefined> =>
  findScopedRole(db, organizationRoles(organizationUuid), id);

export async function findDefaultRole(db: Db, organizationUuid: string) {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(organizationRoles(organizationUuid).where, eq(roles.isDefault, true)))
    .orderBy(asc(roles.id))
    .limit(1);
  return role;
}

/** Deletes an organization role; its members get the default role. */
export async function deleteRole(db: Db, organizationUuid: string, id: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const fallback = await findDefaultRole(tx, organizationUuid);
    await tx
      .update(organizationMembers)
      .set({ roleId: fallback?.id ?? null, updatedAt: new Date() })
      .where(and(eq(organizationMembers.organizationUuid, organizationUuid), eq(organizationMembers.roleId, id)));
    await tx.delete(roles).where(eq(roles.id, id));
  });
}

/** The first member of the organization whose username or mobile is among the names. */
export async function findMemberByName(db: Db, organizationUuid: string, names: string[]) {
  const [member] = await db
    .select({ username: users.username })
    .from(organizationMembers)
    .innerJoin(users, eq(users.uuid, organizationMembers.userUuid))
    .where(and(eq(organizationMembers.organizationUuid, organizationUuid), or(inArray(users.username, names), inArray(users.mobile, names))))
    .limit(1);
  return member;
}

export async function renameOrganization(db: Db, uuid: string, name: string) {
  const [organization] = await db.update(organizations).set({ name, updatedAt: new Date() }).where(eq(organizations.uuid, uuid)).returning();
  return organization;
}

/** The organizations the user is a member of, with the user's standing in each. */
export async function listUserOrganizations(db: Db, userUuid: string, filter: { search?: string; limit: number; offset: number }) {
  const conditions: SQL[] = [eq(organizationMembers.userUuid, userUuid)];
  if (filter.search) conditions.push(ilike(organizations.name, containing(filter.search)));
  const where = and(...conditions);
  return withTotal(
    db
      .select({ organization: organizations, member: organizationMembers, role: { id: roles.id, name: roles.name } })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.uuid, organizationMembers.organizationUuid))
      .leftJoin(roles, memberRoleJoin)
      .where(where)
      .orderBy(asc(organizationMembers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(organizationMembers).innerJoin(organizations, eq(organizations.uuid, organizationMembers.organizationUuid)).where(where),
  );
}

export async function countMembers(db: Db, organizationUuid: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationUuid, organizationUuid));
  return total;
}

/** Owners and holders of the built-in admin role. */
export async function listManagers(db: Db, organizationUuid: string) {
  return memberQuery(db)
    .where(
      and(
        eq(organizationMembers.organizationUuid, organizationUuid),
        or(eq(organizationMembers.isOwner, true), eq(roles.builtin, 'admin')),
      ),
    )
    .orderBy(asc(organizationMembers.id));
}

/** The projects of the organization the user is a member of, with the user's project role. */
export async function listUserProjects(
  db: Db,
  member: { organizationUuid: string; userUuid: string },
  filter: { search?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(projects.organizationUuid, member.organizationUuid), eq(projectMembers.userUuid, member.userUuid)];
  if (filter.search) conditions.push(ilike(projects.name, containing(filter.search)));
  const where = and(...conditions);
  return withTotal(
    db
      .select({ project: projects, member: projectMembers, role: { id: roles.id, name: roles.name } })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.uuid, projectMembers.projectUuid))
      .leftJoin(roles, and(eq(roles.id, projectMembers.roleId), eq(roles.projectUuid, projectMembers.projectUuid)))
      .where(where)
      .orderBy(asc(projects.createdAt), asc(projects.uuid))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(projectMembers).innerJoin(projects, eq(projects.uuid, projectMembers.projectUuid)).where(where),
  );
}

/** Adds the user to the organization, unless a member already, and makes it the user's current one. */
export async function joinOrganization(tx: Db, organizationUuid: string, userUuid: string, roleId: number | null): Promise<void> {
  await tx.insert(organizationMembers).values({ organizationUuid, userUuid, roleId }).onConflictDoNothing();
  await updateUser(tx, userUuid, { currentOrganizationUuid: organizationUuid });
}

/** The organizations the user owns. */
export async function countOwnedOrganizations(db: Db, userUuid: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userUuid, userUuid), eq(organizationMembers.isOwner, true)));
  return total;
}

/**
 * Creates an organization owned by the user, with its built-in roles and the user as its owner
 * holding 企业管理员, and makes it the user's current one; all or nothing. The user's row is
 * locked first, so two creates of one user count each other (`mayOwnMore` sees the other's).
 * A name taken meanwhile fails on the unique index.
 */
export async function createOwnedOrganization(db: Db, userUuid: string, name: string, mayOwnMore: (owned: number) => void) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.select({ uuid: users.uuid }).from(users).where(eq(users.uuid, userUuid)).for('update');
    mayOwnMore(await countOwnedOrganizations(tx, userUuid));
    const [organization] = await tx.insert(organizations).values({ name }).returning();
    await tx.insert(organizationMembers).values({ organizationUuid: organization.uuid, userUuid, isOwner: true });
    const adminRoleId = await ensureOrganizationRoles(tx, organization.uuid);
    await updateUser(tx, userUuid, { currentOrganizationUuid: organization.uuid });
    return { organization, adminRoleId: adminRoleId! };
  });
}
