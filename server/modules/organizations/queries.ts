import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers, organizations, projectMembers, projects, roles, users } from '../../db/schema';
import type { MEMBER_ORDERINGS, ROLE_ORDERINGS } from './schemas';
import { containing } from '../../lib/sql';

const order = (ordering: string, columns: Record<string, Parameters<typeof asc>[0]>) => {
  const column = columns[ordering.replace(/^-/, '')];
  return ordering.startsWith('-') ? desc(column) : asc(column);
};

/** An organization role of the member's organization (never a project role, never another organization's). */
const memberRoleJoin = and(
  eq(roles.id, organizationMembers.roleId),
  eq(roles.organizationUuid, organizationMembers.organizationUuid),
  isNull(roles.projectUuid),
);

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

export interface MemberListFilter {
  organizationUuid: string;
  search?: string;
  ordering: (typeof MEMBER_ORDERINGS)[number];
  limit: number;
  offset: number;
}

export async function listMembers(db: Db, filter: MemberListFilter) {
  const conditions: SQL[] = [eq(organizationMembers.organizationUuid, filter.organizationUuid)];
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
  const [rows, [{ total }]] = await Promise.all([
    memberQuery(db)
      .where(where)
      .orderBy(order(filter.ordering, columns), asc(organizationMembers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(organizationMembers)
      .innerJoin(users, eq(users.uuid, organizationMembers.userUuid))
      .where(where),
  ]);
  return { rows, total };
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
const roleColumns = { role: roles, memberCount: roleMemberCount };
export type RoleRow = { role: typeof roles.$inferSelect; memberCount: number };

const organizationRole = (organizationUuid: string) =>
  and(eq(roles.organizationUuid, organizationUuid), isNull(roles.projectUuid));

export interface RoleListFilter {
  organizationUuid: string;
  search?: string;
  ordering: (typeof ROLE_ORDERINGS)[number];
  limit: number;
  offset: number;
}

export async function listRoles(db: Db, filter: RoleListFilter) {
  const conditions: SQL[] = [organizationRole(filter.organizationUuid)!];
  if (filter.search) conditions.push(ilike(roles.name, containing(filter.search)));
  const where = and(...conditions);
  const columns = { id: roles.id, name: roles.name, created_at: roles.createdAt };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(order(filter.ordering, columns), asc(roles.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return { rows, total };
}

/** An organization role of this organization, or undefined (a project role or another organization's). */
export async function findRole(db: Db, organizationUuid: string, id: number): Promise<RoleRow | undefined> {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(and(organizationRole(organizationUuid), eq(roles.id, id)));
  return row;
}

export async function findDefaultRole(db: Db, organizationUuid: string) {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(organizationRole(organizationUuid), eq(roles.isDefault, true)))
    .orderBy(asc(roles.id))
    .limit(1);
  return role;
}

export async function roleNameTaken(db: Db, organizationUuid: string, name: string, exceptId?: number): Promise<boolean> {
  const conditions: SQL[] = [organizationRole(organizationUuid)!, eq(roles.name, name)];
  if (exceptId !== undefined) conditions.push(ne(roles.id, exceptId));
  const [row] = await db.select({ id: roles.id }).from(roles).where(and(...conditions)).limit(1);
  return row !== undefined;
}

/** The organizations the user is a member of, with the user's standing in each. */
export async function listUserOrganizations(
  db: Db,
  filter: { userUuid: string; search?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(organizationMembers.userUuid, filter.userUuid)];
  if (filter.search) conditions.push(ilike(organizations.name, containing(filter.search)));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ organization: organizations, member: organizationMembers, role: { id: roles.id, name: roles.name } })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.uuid, organizationMembers.organizationUuid))
      .leftJoin(roles, memberRoleJoin)
      .where(where)
      .orderBy(asc(organizationMembers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.uuid, organizationMembers.organizationUuid))
      .where(where),
  ]);
  return { rows, total };
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
  filter: { organizationUuid: string; userUuid: string; search?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(projects.organizationUuid, filter.organizationUuid), eq(projectMembers.userUuid, filter.userUuid)];
  if (filter.search) conditions.push(ilike(projects.name, containing(filter.search)));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ project: projects, member: projectMembers, role: { id: roles.id, name: roles.name } })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.uuid, projectMembers.projectUuid))
      .leftJoin(roles, and(eq(roles.id, projectMembers.roleId), eq(roles.projectUuid, projectMembers.projectUuid)))
      .where(where)
      .orderBy(asc(projects.createdAt), asc(projects.uuid))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.uuid, projectMembers.projectUuid))
      .where(where),
  ]);
  return { rows, total };
}
