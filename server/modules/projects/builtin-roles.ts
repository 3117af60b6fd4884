import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projectMembers, roles } from '../../db/schema';
import { VIEW_ACTIVITY } from '../../../contract/activity';
import { CATALOGUE, scopeDetails } from '../../../contract/permissions';

const projectDetails = scopeDetails('project');
const viewDetails = projectDetails.filter((detail) => detail.includes('.view_'));
/** The apps a visitor does not see: data connections, scripts and workflows (with their runs and task logs). */
export const NOT_FOR_VISITORS = ['connection', 'script', 'airflow'];

/** The three roles every project starts with. */
export const BUILTIN_PROJECT_ROLES = [
  { builtin: 'admin', name: '项目管理员', isDefault: false, permissions: projectDetails },
  {
    builtin: 'editor',
    name: '报告管理员',
    isDefault: false,
    permissions: [
      ...CATALOGUE.filter((p) => p.app === 'report').map((p) => p.permissions_detail),
      ...viewDetails,
    ],
  },
  /** Reads the library (reports, materials, labels, groups, 成果) and the project. */
  { builtin: 'visitor', name: '访客', isDefault: true, permissions: viewDetails.filter((detail) => !NOT_FOR_VISITORS.includes(detail.split('.')[0]) && detail !== VIEW_ACTIVITY) },
] as const;

/** Creates the built-in roles of a project that has none; answers the admin role's id. */
export async function ensureBuiltinRoles(tx: Db, project: { uuid: string; organizationUuid: string }): Promise<number> {
  const existing = await tx.select().from(roles).where(eq(roles.projectUuid, project.uuid));
  const admin = existing.find((role) => role.builtin === 'admin');
  if (admin) return admin.id;
  const created = await tx
    .insert(roles)
    .values(
      BUILTIN_PROJECT_ROLES.map((role) => ({
        organizationUuid: project.organizationUuid,
        projectUuid: project.uuid,
        name: role.name,
        permissions: [...role.permissions],
        isDefault: role.isDefault && !existing.some((r) => r.isDefault),
        customize: false,
        builtin: role.builtin,
      })),
    )
    .returning();
  const adminId = created.find((role) => role.builtin === 'admin')!.id;
  // Members from before roles existed become administrators.
  await tx
    .update(projectMembers)
    .set({ roleId: adminId })
    .where(and(eq(projectMembers.projectUuid, project.uuid), isNull(projectMembers.roleId)));
  return adminId;
}
