import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers, projectMembers, projects, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { handOverProjects } from '../projects/member-queries';
import { refused, type OrganizationAccess } from '../../access/organization';
import { countManagers, findMember, findMembers, findRole, type MemberRow } from './queries';

/** Serializes the rules on who may stay (last owner, last admin) between concurrent changes. */
async function lockMembers(tx: Db, organizationUuid: string): Promise<void> {
  await tx.select({ id: organizationMembers.id }).from(organizationMembers).where(eq(organizationMembers.organizationUuid, organizationUuid)).for('update');
}

/** Gives a member another organization role: only owners change owners, and the last admin stays one. */
export async function changeMemberRole(db: Db, access: OrganizationAccess, target: MemberRow, roleId: number): Promise<void> {
  const organizationUuid = access.organization.uuid;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockMembers(tx, organizationUuid);
    const role = await findRole(tx, organizationUuid, roleId);
    if (!role) throw badRequest('角色不存在');
    const current = (await findMember(tx, organizationUuid, target.user.uuid)) ?? target;
    if (current.member.isOwner && !access.isOwner) throw refused('只有企业所有者可以修改所有者的角色');
    const demoted = !current.member.isOwner && current.role?.builtin === 'admin' && role.role.builtin !== 'admin';
    if (demoted && (await countManagers(tx, organizationUuid, [current.user.uuid])) === 0) {
      throw badRequest('该成员是企业唯一的管理员，不能修改其角色；请先将其他成员设为企业管理员');
    }
    await tx.update(organizationMembers).set({ roleId, updatedAt: new Date() }).where(eq(organizationMembers.id, current.member.id));
  });
}

/**
 * Removes members, all or none, with their memberships of the organization's projects; the
 * projects they were the only 项目管理员 of go to the organization's oldest owner.
 */
export async function removeMembers(db: Db, access: OrganizationAccess, ids: string[]): Promise<void> {
  const organizationUuid = access.organization.uuid;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockMembers(tx, organizationUuid);
    const targets = await findMembers(tx, organizationUuid, ids);
    if (targets.length !== ids.length) {
      const missing = ids.find((id) => !targets.some((row) => row.user.uuid === id));
      throw notFound(`企业成员「${missing}」不存在`);
    }
    if (targets.some((row) => row.member.isOwner)) {
      if (!access.isOwner) throw refused('只有企业所有者可以移除所有者');
      const [{ owners }] = await tx
        .select({ owners: count() })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationUuid, organizationUuid), eq(organizationMembers.isOwner, true)));
      const ownersLeft = owners - targets.filter((row) => row.member.isOwner).length;
      if (ownersLeft <= 0) throw badRequest('不能移除企业的最后一位所有者');
    }
    if ((await countManagers(tx, organizationUuid, ids)) === 0) throw badRequest('不能移除企业的最后一位管理员');
    await handOverProjects(tx, organizationUuid, ids);
    const organizationProjects = tx.select({ uuid: projects.uuid }).from(projects).where(eq(projects.organizationUuid, organizationUuid));
    await tx.delete(projectMembers).where(and(inArray(projectMembers.userUuid, ids), inArray(projectMembers.projectUuid, organizationProjects)));
    await tx
      .update(users)
      .set({ currentOrganizationUuid: null })
      .where(and(inArray(users.uuid, ids), eq(users.currentOrganizationUuid, organizationUuid)));
    await tx.delete(organizationMembers).where(and(eq(organizationMembers.organizationUuid, organizationUuid), inArray(organizationMembers.userUuid, ids)));
  });
}
