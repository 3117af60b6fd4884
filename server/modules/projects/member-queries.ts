import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers, projectMembers, roles, users } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { containing } from '../../lib/sql';

export const MEMBER_ORDERINGS = ['created_at', '-created_at', 'username', '-username'] as const;

const memberColumns = { member: projectMembers, user: users, role: { id: roles.id, name: roles.name } };
export type MemberRow = { member: typeof projectMembers.$inferSelect; user: typeof users.$inferSelect; role: { id: number; name: string } | null };


export async function listMembers(
  db: Db,
  projectUuid: string,
  query: { search?: string; usernameContains?: string; ordering: (typeof MEMBER_ORDERINGS)[number]; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(projectMembers.projectUuid, projectUuid)];
  if (query.search) {
    const like = containing(query.search);
    conditions.push(or(ilike(users.username, like), ilike(users.nickname, like), ilike(users.mobile, like))!);
  }
  if (query.usernameContains) conditions.push(ilike(users.username, containing(query.usernameContains)));
  const where = and(...conditions);
  const column = query.ordering.includes('username') ? users.username : projectMembers.createdAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(memberColumns)
      .from(projectMembers)
      .innerJoin(users, eq(users.uuid, projectMembers.userUuid))
      .leftJoin(roles, eq(roles.id, projectMembers.roleId))
      .where(where)
      .orderBy(query.ordering.startsWith('-') ? desc(column) : asc(column), asc(projectMembers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(projectMembers).innerJoin(users, eq(users.uuid, projectMembers.userUuid)).where(where),
  ]);
  return { rows: rows as MemberRow[], total };
}

export async function membersByIds(db: Db, ids: number[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.uuid, projectMembers.userUuid))
    .leftJoin(roles, eq(roles.id, projectMembers.roleId))
    .where(inArray(projectMembers.id, ids))
    .orderBy(asc(projectMembers.id));
  return rows as MemberRow[];
}

/** A role id given by a client must be a role of this very project. */
export async function checkProjectRole(db: Db, projectUuid: string, roleId: number) {
  const [role] = await db.select().from(roles).where(and(eq(roles.id, roleId), eq(roles.projectUuid, projectUuid)));
  if (!role) throw badRequest('所选角色不存在');
  return role;
}

export async function defaultProjectRole(db: Db, projectUuid: string) {
  const [role] = await db.select().from(roles).where(and(eq(roles.projectUuid, projectUuid), eq(roles.isDefault, true)));
  return role;
}

/** Run inside the transaction of a change: it must leave the project at least one administrator. */
export async function assertAdminRemains(tx: Db, projectUuid: string): Promise<void> {
  const [{ admins }] = await tx
    .select({ admins: count() })
    .from(projectMembers)
    .innerJoin(roles, eq(roles.id, projectMembers.roleId))
    .where(and(eq(projectMembers.projectUuid, projectUuid), eq(roles.builtin, 'admin')));
  if (admins === 0) throw badRequest('项目至少需要保留一名项目管理员，不能移除或变更最后一名管理员');
}

/** Adds the user to the project (and to its organization when needed); answers the member id. */
export async function addMember(tx: Db, project: { uuid: string; organizationUuid: string }, userUuid: string, roleId: number) {
  await tx.insert(organizationMembers).values({ organizationUuid: project.organizationUuid, userUuid }).onConflictDoNothing();
  const [row] = await tx
    .insert(projectMembers)
    .values({ projectUuid: project.uuid, userUuid, roleId })
    .onConflictDoNothing()
    .returning({ id: projectMembers.id });
  return row?.id ?? null;
}

/** A member as the API shows it. */
export const presentMember = ({ member, user, role }: MemberRow, timeZone: string) => ({
  id: member.id,
  project_uuid: member.projectUuid,
  user: { uuid: user.uuid, username: user.username, nickname: user.nickname, mobile: user.mobile },
  role: role?.id ? role : null,
  role_id: member.roleId,
  created_at: formatDateTime(member.createdAt, timeZone)!,
});
