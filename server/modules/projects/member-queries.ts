import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import { withTotal } from '../../lib/list-page';
import type { Db } from '../../db/client';
import { organizationMembers, projectMembers, projects, roles, users } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { containing } from '../../lib/sql';
import { UUID } from '../../lib/schema-types';
import type { MEMBER_ORDERINGS } from './schemas';
import { recordActivity, type Actor } from '../activity/record';
import { displayName } from '../../../contract/users';


const memberColumns = { member: projectMembers, user: users, role: { id: roles.id, name: roles.name } };
export type MemberRow = { member: typeof projectMembers.$inferSelect; user: typeof users.$inferSelect; role: { id: number; name: string } | null };


export async function listMembers(
  db: Db,
  projectUuid: string,
  query: { search?: string; user__username__contains?: string; ordering: (typeof MEMBER_ORDERINGS)[number]; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(projectMembers.projectUuid, projectUuid)];
  if (query.search) {
    const like = containing(query.search);
    conditions.push(or(ilike(users.username, like), ilike(users.nickname, like), ilike(users.mobile, like))!);
  }
  const usernameContains = query.user__username__contains?.trim();
  if (usernameContains) conditions.push(ilike(users.username, containing(usernameContains)));
  const where = and(...conditions);
  const column = query.ordering.includes('username') ? users.username : projectMembers.createdAt;
  return withTotal<MemberRow>(
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
  );
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
async function assertAdminRemains(tx: Db, projectUuid: string): Promise<void> {
  const [{ admins }] = await tx
    .select({ admins: count() })
    .from(projectMembers)
    .innerJoin(roles, eq(roles.id, projectMembers.roleId))
    .where(and(eq(projectMembers.projectUuid, projectUuid), eq(roles.builtin, 'admin')));
  if (admins === 0) throw badRequest('项目至少需要保留一名项目管理员，不能移除或变更最后一名管理员');
}


/**
 * The member of the organization named by username, mobile or uuid, or undefined: users
 * outside the organization are never looked at. Run it in the transaction that adds the user:
 * the share lock holds off the user's removal from the organization until the add commits.
 */
async function organizationUser(tx: Db, organizationUuid: string, name: { username?: string; uuid?: string }) {
  const who = name.uuid
    ? UUID.test(name.uuid) ? eq(users.uuid, name.uuid.toLowerCase()) : undefined
    : or(eq(users.username, name.username!), eq(users.mobile, name.username!));
  if (!who) return undefined;
  const [row] = await tx
    .select({ user: users })
    .from(organizationMembers)
    .innerJoin(users, eq(users.uuid, organizationMembers.userUuid))
    .where(and(eq(organizationMembers.organizationUuid, organizationUuid), who))
    .for('share', { of: organizationMembers });
  return row?.user;
}

/** How the history names a member: as the user was called at the time. */

async function roleNames(tx: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Adds a member of the project's organization to the project, recording it in `tx` as done by
 * `by`; answers the member id, null when already one.
 */
export async function addMember(tx: Db, project: { uuid: string }, userUuid: string, roleId: number, by?: Actor | null) {
  const [row] = await tx
    .insert(projectMembers)
    .values({ projectUuid: project.uuid, userUuid, roleId })
    .onConflictDoNothing()
    .returning({ id: projectMembers.id });
  if (!row) return null;
  const [user] = await tx.select({ username: users.username, nickname: users.nickname }).from(users).where(eq(users.uuid, userUuid));
  const role = (await roleNames(tx, [roleId])).get(roleId) ?? null;
  await recordActivity(tx, project.uuid, by, { action: '创建', type: 'member', id: row.id, name: user ? displayName(user) : '', changes: { role: [null, role] } });
  return row.id;
}

/**
 * Adds members of the project's organization, all or none, each by username, mobile or uuid;
 * answers each one's member id, or null for a name that is nobody of the organization.
 * `shown` names the user in the refusal of one who is a member already.
 */
export async function addOrganizationUsers(
  db: Db,
  project: { uuid: string; organizationUuid: string },
  entries: { who: { username?: string; uuid?: string }; roleId: number; shown?: string }[],
  by?: Actor | null,
): Promise<(number | null)[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const ids: (number | null)[] = [];
    for (const { who, roleId, shown } of entries) {
      const user = await organizationUser(tx, project.organizationUuid, who);
      const id = user ? await addMember(tx, project, user.uuid, roleId, by) : null;
      if (user && !id) throw badRequest(`用户 ${shown ?? user.username} 已是项目成员`);
      ids.push(id);
    }
    return ids;
  });
}

export async function isProjectMember(db: Db, projectUuid: string, userUuid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectUuid, projectUuid), eq(projectMembers.userUuid, userUuid)));
  return row !== undefined;
}

/** Gives the member another role; the history gets the role's name before → after, read under the row's lock. */
export async function changeMemberRole(db: Db, member: { id: number; projectUuid: string }, roleId: number, by?: Actor | null): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx
      .select({ roleId: projectMembers.roleId, username: users.username, nickname: users.nickname })
      .from(projectMembers)
      .innerJoin(users, eq(users.uuid, projectMembers.userUuid))
      .where(eq(projectMembers.id, member.id))
      .for('update', { of: projectMembers });
    if (!before) return;
    await tx.update(projectMembers).set({ roleId, updatedAt: new Date() }).where(eq(projectMembers.id, member.id));
    await assertAdminRemains(tx, member.projectUuid);
    if (before.roleId === roleId) return;
    const names = await roleNames(tx, [before.roleId, roleId].filter((id): id is number => id !== null));
    const role: [unknown, unknown] = [before.roleId === null ? null : names.get(before.roleId) ?? null, names.get(roleId) ?? null];
    await recordActivity(tx, member.projectUuid, by, { action: '修改', type: 'member', id: member.id, name: displayName(before), changes: { role } });
  });
}

export async function removeMembers(db: Db, projectUuid: string, ids: number[], by?: Actor | null): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const removed = await tx
      .delete(projectMembers)
      .where(and(inArray(projectMembers.id, ids), eq(projectMembers.projectUuid, projectUuid)))
      .returning({ id: projectMembers.id, userUuid: projectMembers.userUuid, roleId: projectMembers.roleId });
    await assertAdminRemains(tx, projectUuid);
    if (removed.length === 0) return;
    const people = await tx.select({ uuid: users.uuid, username: users.username, nickname: users.nickname }).from(users).where(inArray(users.uuid, removed.map((row) => row.userUuid)));
    const byUuid = new Map(people.map((user) => [user.uuid, user]));
    const names = await roleNames(tx, removed.map((row) => row.roleId).filter((id): id is number => id !== null));
    await recordActivity(
      tx,
      projectUuid,
      by,
      removed.map((row) => {
        const user = byUuid.get(row.userUuid);
        return { action: '删除' as const, type: 'member' as const, id: row.id, name: user ? displayName(user) : '', changes: { role: [row.roleId === null ? null : names.get(row.roleId) ?? null, null] as [unknown, unknown] } };
      }),
    );
  });
}

/**
 * Run in the transaction that removes `leaving` from the organization: each project of the
 * organization whose 项目管理员 all leave gets the organization's oldest remaining owner as its
 * 项目管理员, so no project is left without one. The admin rows stay locked to the commit, so
 * a concurrent demotion of another admin cannot slip in between.
 */
export async function handOverProjects(tx: Db, organizationUuid: string, leaving: string[]): Promise<void> {
  const admins = await tx
    .select({ projectUuid: projectMembers.projectUuid, userUuid: projectMembers.userUuid, roleId: roles.id })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.uuid, projectMembers.projectUuid))
    .innerJoin(roles, and(eq(roles.id, projectMembers.roleId), eq(roles.projectUuid, projectMembers.projectUuid)))
    .where(and(eq(projects.organizationUuid, organizationUuid), eq(roles.builtin, 'admin')))
    .for('update', { of: projectMembers });
  const orphaned = new Map<string, number>();
  for (const admin of admins) if (leaving.includes(admin.userUuid)) orphaned.set(admin.projectUuid, admin.roleId);
  for (const admin of admins) if (!leaving.includes(admin.userUuid)) orphaned.delete(admin.projectUuid);
  if (orphaned.size === 0) return;
  const [heir] = await tx
    .select({ userUuid: organizationMembers.userUuid })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationUuid, organizationUuid),
        eq(organizationMembers.isOwner, true),
        notInArray(organizationMembers.userUuid, leaving),
      ),
    )
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.id))
    .limit(1);
  if (!heir) throw badRequest('企业没有其他所有者，无法接管该成员管理的项目');
  for (const [projectUuid, roleId] of orphaned) {
    await tx
      .insert(projectMembers)
      .values({ projectUuid, userUuid: heir.userUuid, roleId })
      .onConflictDoUpdate({ target: [projectMembers.projectUuid, projectMembers.userUuid], set: { roleId, updatedAt: new Date() } });
  }
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
