import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { organizationMembers, organizations, projectMembers, projects, users } from '../schema';

export const DEMO = {
  organizationUuid: '6f1c2a4e-0d5b-4c8e-9a51-3b7d2e8f4a10',
  organizationName: '示例企业',
  projectUuid: '9b3e5d71-2c4a-4f86-8e19-5a0c7d3b6e22',
  projectName: '城市体检示例项目',
  username: 'demo',
  mobile: '13800000000',
  password: 'demo123456',
  nickname: '演示用户',
} as const;

/** The demo organization, project and administrator of the README (demo account). */
export async function seedDemoAccounts(tx: Db): Promise<void> {
  await tx
    .insert(organizations)
    .values({ uuid: DEMO.organizationUuid, name: DEMO.organizationName })
    .onConflictDoNothing();
  await tx
    .insert(projects)
    .values({
      uuid: DEMO.projectUuid,
      organizationUuid: DEMO.organizationUuid,
      name: DEMO.projectName,
      extraInfo: { project_id: DEMO.projectUuid, connection_id: '', schema_name: 'public', database_name: 'demo' },
    })
    .onConflictDoNothing();

  const [existing] = await tx.select({ uuid: users.uuid }).from(users).where(eq(users.username, DEMO.username));
  const userUuid =
    existing?.uuid ??
    (
      await tx
        .insert(users)
        .values({
          username: DEMO.username,
          mobile: DEMO.mobile,
          nickname: DEMO.nickname,
          passwordHash: await hashPassword(DEMO.password),
          isSuperuser: true,
          isStaff: true,
          currentOrganizationUuid: DEMO.organizationUuid,
        })
        .returning({ uuid: users.uuid })
    )[0].uuid;

  await tx
    .insert(organizationMembers)
    .values({ organizationUuid: DEMO.organizationUuid, userUuid, isOwner: true })
    .onConflictDoNothing();
  await tx.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid }).onConflictDoNothing();
}
