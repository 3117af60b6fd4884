import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/client';
import { inviteLink } from '../../lib/invite-links';
import type { ProjectInvitation } from './schemas';

/**
 * A one-use invite link to the project with the given role. It names nobody: the person it is
 * given to consents by opening it signed in, and the answer is the same for an unknown name.
 */
export async function inviteToProject(
  db: Db,
  project: { uuid: string; organizationUuid: string },
  input: { createdBy: string; roleId: number; timeZone: string },
): Promise<Static<typeof ProjectInvitation>> {
  const link = await inviteLink(
    db,
    { kind: 'project', organizationUuid: project.organizationUuid, projectUuid: project.uuid, roleId: input.roleId, createdBy: input.createdBy, maxUses: 1 },
    input.timeZone,
  );
  return { invited: true, message: '已生成邀请链接，请发给对方；对方登录后打开链接即可加入项目', ...link };
}
