import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { refuseTaken } from '../../lib/sql';
import { currentUser } from '../../access/sessions';
import { refused } from '../../access/organization';
import { ORG, routesTagged } from './paths';
import { BUILTIN_ORGANIZATION_ROLES } from './builtin-roles';
import { createOwnedOrganization } from './queries';
import { OrganizationCreate, OrganizationDetail } from './schemas';

/** The spec gives no limit for organization names; 50 keeps them readable in the header and lists. */
export const ORGANIZATION_NAME_MAX = 50;
const ADMIN_ROLE_NAME = BUILTIN_ORGANIZATION_ROLES.find((role) => role.builtin === 'admin')!.name;

export const organizationNameTaken = (name: string) => badRequest(`组织名称「${name}」已被使用，请换一个名称`);

function organizationName(value: string | undefined): string {
  const name = value?.trim();
  if (!name) throw badRequest('请输入组织名称');
  if ([...name].length > ORGANIZATION_NAME_MAX) throw badRequest(`组织名称不能超过 ${ORGANIZATION_NAME_MAX} 个字符`);
  return name;
}

/** A customer starts on their own: a signed-in user creates an organization and becomes its owner. */
export async function createRoutes(app: FastifyInstance): Promise<void> {
  const route = routesTagged(app, ['企业']);
  const { enabled, maxOwnedPerUser } = app.config.organizationSelfService;

  route<{ Body: Static<typeof OrganizationCreate> }>(
    'POST', `${ORG}/organizations/`, undefined,
    {
      summary: '创建组织',
      description: `调用者成为新组织的所有者并持有企业管理员角色，新组织成为其当前组织。ORGANIZATION_SELF_SERVICE=off 时只有平台工作人员可以创建；每人最多拥有 ORGANIZATION_MAX_OWNED_PER_USER 个组织。名称不超过 ${ORGANIZATION_NAME_MAX} 个字符，全平台唯一。`,
      body: OrganizationCreate,
      response: { 201: OrganizationDetail },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!enabled && !user.isStaff) throw refused('本平台不开放自行创建组织，请联系平台工作人员');
      const name = organizationName(request.body?.name);
      const mayOwnMore = (owned: number) => {
        if (owned >= maxOwnedPerUser) throw refused(`每个账号最多创建 ${maxOwnedPerUser} 个组织，您已拥有 ${owned} 个`);
      };
      const { organization, adminRoleId } = await refuseTaken(() => createOwnedOrganization(app.db, user.uuid, name, mayOwnMore), () => organizationNameTaken(name));
      const when = (date: Date) => formatDateTime(date, app.config.timeZone)!;
      return reply.status(201).send({
        uuid: organization.uuid,
        name: organization.name,
        is_owner: true,
        role: { id: adminRoleId, name: ADMIN_ROLE_NAME },
        is_current: true,
        member_count: 1,
        created_at: when(organization.createdAt),
        updated_at: when(organization.updatedAt),
      });
    },
  );
}
