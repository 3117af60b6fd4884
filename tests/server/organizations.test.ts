import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import {
  invitations,
  organizationMembers,
  organizations,
  projectMembers,
  projects,
  roles,
  users,
} from '../../server/db/schema';
import { createInvitation, redeemInvitation } from '../../server/lib/invite-tokens';
import { hashPassword } from '../../server/lib/passwords';
import { checkDeclaration } from '../../server/access/gate';
import { ORGANIZATION_DETAILS } from '../../server/access/organization';
import { ensureOrganizationRoles } from '../../server/modules/organizations/builtin-roles';
import { scopeDetails } from '../../contract/permissions';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let db: Db;
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
const THIRD_ORG = '33333333-3333-4333-8333-333333333333';
const tokens: Record<string, string> = {};
const uuids: Record<string, string> = {};
let otherRoleId: number;

async function addUser(username: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await hashPassword(`${username}-pass1`), ...extra })
    .returning();
  uuids[username] = user.uuid;
  return user;
}
const signIn = async (username: string) => (tokens[username] = await login(ctx.app, username, `${username}-pass1`));

async function orgRoles(organizationUuid: string) {
  return db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationUuid, organizationUuid), isNull(roles.projectUuid)))
    .orderBy(asc(roles.id));
}
const roleOf = async (organizationUuid: string, builtin: string) =>
  (await orgRoles(organizationUuid)).find((role) => role.builtin === builtin)!;

async function membership(organizationUuid: string, username: string) {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationUuid, organizationUuid), eq(organizationMembers.userUuid, uuids[username])));
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  const [demo] = await db.select().from(users).where(eq(users.username, DEMO.username));
  uuids.demo = demo.uuid;
  tokens.demo = await login(ctx.app);
  const memberRole = await roleOf(DEMO.organizationUuid, 'member');

  // alice: a plain member of the demo organization with the default role.
  await addUser('alice', { nickname: '爱丽丝', mobile: '13900000001' });
  await db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: uuids.alice, roleId: memberRole.id });
  // bob: in no organization; he joins by invite links.
  await addUser('bob', { nickname: '鲍勃', mobile: '13900000002' });
  // carol: owner of another organization, with its roles.
  await addUser('carol');
  await db.insert(organizations).values([
    { uuid: OTHER_ORG, name: '另一家企业' },
    { uuid: THIRD_ORG, name: '没有所有者的企业' },
  ]);
  await db.insert(organizationMembers).values({ organizationUuid: OTHER_ORG, userUuid: uuids.carol, isOwner: true });
  await ensureOrganizationRoles(db, OTHER_ORG);
  otherRoleId = (await roleOf(OTHER_ORG, 'member')).id;
  // dave and erin: the only members of an organization without an owner; dave is its admin.
  await addUser('dave');
  await addUser('erin');
  await ensureOrganizationRoles(db, THIRD_ORG);
  await db.insert(organizationMembers).values([
    { organizationUuid: THIRD_ORG, userUuid: uuids.dave, roleId: (await roleOf(THIRD_ORG, 'admin')).id },
    { organizationUuid: THIRD_ORG, userUuid: uuids.erin, roleId: (await roleOf(THIRD_ORG, 'member')).id },
  ]);
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) await signIn(name);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, as = 'demo', payload?: unknown, organization?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: authHeaders(tokens[as], organization),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ORG = '/api/organization/v1';
const V1 = '/api/v1';

describe('seed of organization roles', () => {
  it('gives every organization 企业管理员 and the default 企业成员, and owners the admin role', async () => {
    const demoRoles = await orgRoles(DEMO.organizationUuid);
    expect(demoRoles.map((role) => [role.name, role.builtin, role.isDefault, role.customize])).toEqual([
      ['企业管理员', 'admin', false, false],
      ['企业成员', 'member', true, false],
    ]);
    expect(demoRoles[0].permissions).toEqual(scopeDetails('organization'));
    expect(demoRoles[1].permissions).toEqual([
      'organization.organization.view_organization',
      'organization.member.view_member',
      'organization.role.view_role',
    ]);
    expect((await membership(DEMO.organizationUuid, 'demo')).roleId).toBe(demoRoles[0].id);
  });

  it('is idempotent and only fills organizations without roles', async () => {
    const snapshot = async () => ({
      roles: (await db.select().from(roles).orderBy(asc(roles.id))).map((r) => [r.id, r.name, r.isDefault, r.permissions.length]),
      members: (await db.select().from(organizationMembers).orderBy(asc(organizationMembers.id))).map((m) => [m.id, m.roleId]),
    });
    const before = await snapshot();
    await seed(db);
    expect(await snapshot()).toEqual(before);

    const [fresh] = await db.insert(organizations).values({ name: '新企业' }).returning();
    await db.insert(organizationMembers).values({ organizationUuid: fresh.uuid, userUuid: uuids.erin, isOwner: true });
    await seed(db);
    const freshRoles = await orgRoles(fresh.uuid);
    expect(freshRoles.map((role) => role.name)).toEqual(['企业管理员', '企业成员']);
    expect((await membership(fresh.uuid, 'erin')).roleId).toBe(freshRoles[0].id);
    await seed(db);
    expect(await orgRoles(fresh.uuid)).toHaveLength(2);
    await db.delete(organizations).where(eq(organizations.uuid, fresh.uuid));
  });

  it('names only permissions of the organization scope of the catalogue', () => {
    expect(ORGANIZATION_DETAILS).toHaveLength(13);
    // Every route's declared permission is checked against the catalogue when the app starts.
    expect(() => checkDeclaration('/x/', { organization: { permission: 'organization.member.view_member' } })).not.toThrow();
    expect(() => checkDeclaration('/x/', { organization: { permission: 'organization.member.veiw_member' } })).toThrow(/veiw_member/);
    expect(() => checkDeclaration('/x/', { project: { anyOf: ['report.report.view_report', 'report.nothing'] } })).toThrow(/report\.nothing/);
    const rights = (scope: 'project' | 'organization', pattern: string) => ({ rights: { refusal: '', cases: { upload: { scope, anyOf: [pattern] } } } });
    expect(() => checkDeclaration('/x/', rights('organization', 'organization.edit_organization'))).not.toThrow();
    expect(() => checkDeclaration('/x/', rights('project', 'organization.edit_organization'))).toThrow(/edit_organization/);
    expect(() => checkDeclaration('/x/', rights('organization', 'edit_orgnization'))).toThrow(/edit_orgnization/);
  });
});

describe('the caller’s organization permissions', () => {
  it('gives an owner every organization permission and a member the role’s', async () => {
    for (const url of [`${ORG}/permission/`, `${V1}/organization/permissions/`, `${V1}/user/application/report/permissions/`]) {
      const owner = await call('GET', url);
      expect(owner.statusCode, url).toBe(200);
      expect(owner.json()).toEqual({
        is_owner: true,
        role: { id: expect.any(Number), name: '企业管理员' },
        permissions: scopeDetails('organization'),
      });
      const member = (await call('GET', url, 'alice')).json();
      expect(member.is_owner).toBe(false);
      expect(member.role.name).toBe('企业成员');
      expect(member.permissions).toEqual(['organization.organization.view_organization', 'organization.member.view_member', 'organization.role.view_role']);
    }
    const unknownApp = await call('GET', `${V1}/user/application/nothing/permissions/`);
    expect(unknownApp.statusCode).toBe(404);
  });

  it('answers 403 for a user in no organization and 401 without a session', async () => {
    const none = await call('GET', `${ORG}/permission/`, 'bob');
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('您还没有加入任何企业');
    expect((await ctx.app.inject({ method: 'GET', url: `${ORG}/permission/` })).statusCode).toBe(401);
  });
});

describe('members', () => {
  it('lists members in DRF pages with the contract fields, on both paths', async () => {
    for (const url of [`${ORG}/members/`, `${V1}/organization/members/`]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ count: 2, next: null, previous: null });
      expect(body.results[0]).toEqual({
        uuid: uuids.demo,
        is_owner: true,
        role: { id: expect.any(Number), name: '企业管理员' },
        role_id: expect.any(Number),
        user: { uuid: uuids.demo, username: 'demo', nickname: DEMO.nickname, mobile: DEMO.mobile },
        is_superuser: true,
        is_staff: true,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      expect(body.results[1]).toMatchObject({ uuid: uuids.alice, is_owner: false, role: { name: '企业成员' } });
    }
  });

  it('searches by username, nickname and mobile, orders and pages', async () => {
    const names = async (query: string) =>
      (await call('GET', `${ORG}/members/${query}`)).json().results.map((m: { user: { username: string } }) => m.user.username);
    expect(await names('?search=ali')).toEqual(['alice']);
    expect(await names('?search=爱丽')).toEqual(['alice']);
    expect(await names('?search=13900000001')).toEqual(['alice']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?ordering=-username')).toEqual(['demo', 'alice']);
    const page = (await call('GET', `${ORG}/members/?limit=1&ordering=username`)).json();
    expect(page.results.map((m: { uuid: string }) => m.uuid)).toEqual([uuids.alice]);
    expect(page.next).toContain('offset=1');
    expect((await call('GET', `${ORG}/members/?ordering=password_hash`)).statusCode).toBe(400);
  });

  it('shows one member, and answers 404 for another organization’s member or a bad id', async () => {
    const one = await call('GET', `${ORG}/members/${uuids.alice}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json().user.username).toBe('alice');
    for (const id of [uuids.carol, uuids.bob, 'not-a-uuid']) {
      const response = await call('GET', `${ORG}/members/${id}/`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 40400, message: '企业成员不存在' });
    }
    expect((await call('PUT', `${ORG}/members/${uuids.carol}/`, 'demo', { role_id: otherRoleId })).statusCode).toBe(404);
    expect((await call('PUT', `${V1}/organization/members/${uuids.carol}/`, 'demo', { role_id: otherRoleId })).statusCode).toBe(404);
  });

  it('changes a member’s role with PUT or PATCH, only to a role of the organization', async () => {
    const admin = await roleOf(DEMO.organizationUuid, 'admin');
    const member = await roleOf(DEMO.organizationUuid, 'member');
    const put = await call('PUT', `${ORG}/members/${uuids.alice}/`, 'demo', { role_id: admin.id });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().role).toEqual({ id: admin.id, name: '企业管理员' });
    const patch = await call('PATCH', `${V1}/organization/members/${uuids.alice}/`, 'demo', { role_id: member.id });
    expect(patch.json().role_id).toBe(member.id);
    const foreign = await call('PUT', `${ORG}/members/${uuids.alice}/`, 'demo', { role_id: otherRoleId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('角色不存在');
    expect((await call('PUT', `${ORG}/members/${uuids.alice}/`, 'demo', {})).json().message).toBe('请选择角色');
    expect((await membership(DEMO.organizationUuid, 'alice')).roleId).toBe(member.id);
  });

  it('lets only an owner change an owner’s role', async () => {
    const admin = await roleOf(DEMO.organizationUuid, 'admin');
    const member = await roleOf(DEMO.organizationUuid, 'member');
    await db.update(organizationMembers).set({ roleId: admin.id }).where(eq(organizationMembers.userUuid, uuids.alice));
    const refused = await call('PUT', `${ORG}/members/${uuids.demo}/`, 'alice', { role_id: member.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 40301, message: '只有企业所有者可以修改所有者的角色' });
    await db.update(organizationMembers).set({ roleId: member.id }).where(eq(organizationMembers.userUuid, uuids.alice));
  });

  it('refuses to demote the last administrator and says why', async () => {
    const thirdMember = await roleOf(THIRD_ORG, 'member');
    const thirdAdmin = await roleOf(THIRD_ORG, 'admin');
    const refused = await call('PUT', `${ORG}/members/${uuids.dave}/`, 'dave', { role_id: thirdMember.id }, THIRD_ORG);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('该成员是企业唯一的管理员，不能修改其角色；请先将其他成员设为企业管理员');
    expect((await call('PUT', `${ORG}/members/${uuids.erin}/`, 'dave', { role_id: thirdAdmin.id }, THIRD_ORG)).statusCode).toBe(200);
    expect((await call('PUT', `${ORG}/members/${uuids.dave}/`, 'dave', { role_id: thirdMember.id }, THIRD_ORG)).statusCode).toBe(200);
  });
});

describe('permission checks', () => {
  it('answer 403/40301 naming the missing permission for a plain member', async () => {
    const cases: Array<[Method, string, unknown, string]> = [
      ['PUT', `${ORG}/members/${uuids.alice}/`, { role_id: 1 }, '编辑企业成员'],
      ['GET', `${ORG}/members/invite_code/`, undefined, '新增企业成员'],
      ['POST', `${ORG}/members/invite_user/`, { username: 'bob' }, '新增企业成员'],
      ['POST', `${V1}/organization/members/batch_delete/`, { ids: [uuids.demo] }, '删除企业成员'],
      ['POST', `${ORG}/roles/`, { name: '新角色' }, '新增企业角色'],
      ['PUT', `${ORG}/roles/1/`, { name: 'x' }, '编辑企业角色'],
      ['PUT', `${ORG}/roles/1/menus/`, { menus: [] }, '编辑企业角色'],
      ['PUT', `${ORG}/roles/1/set_as_default/`, undefined, '编辑企业角色'],
      ['DELETE', `${ORG}/roles/1/`, undefined, '删除企业角色'],
      ['PATCH', `${V1}/organization/${DEMO.organizationUuid}/`, { name: 'x' }, '编辑企业'],
      ['POST', `${V1}/organization/set_admin_info/`, { name: 'x' }, '编辑企业'],
    ];
    for (const [method, url, payload, name] of cases) {
      const response = await call(method, url, 'alice', payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ code: 40301, message: `您没有「${name}」权限` });
    }
    // The view permissions of the default role are enough to read.
    for (const url of [`${ORG}/members/`, `${ORG}/roles/`, `${V1}/organization/get_admin_info/`]) {
      expect((await call('GET', url, 'alice')).statusCode, url).toBe(200);
    }
  });

  it('follow the role: a member without view permissions cannot list members', async () => {
    const [bare] = await db
      .insert(roles)
      .values({ organizationUuid: DEMO.organizationUuid, name: '无权限', permissions: [] })
      .returning();
    await db.update(organizationMembers).set({ roleId: bare.id }).where(eq(organizationMembers.userUuid, uuids.alice));
    const response = await call('GET', `${ORG}/members/`, 'alice');
    expect(response.json()).toEqual({ code: 40301, message: '您没有「查看企业成员」权限' });
    const member = await roleOf(DEMO.organizationUuid, 'member');
    await db.update(organizationMembers).set({ roleId: member.id }).where(eq(organizationMembers.userUuid, uuids.alice));
    await db.delete(roles).where(eq(roles.id, bare.id));
  });
});

describe('roles', () => {
  let created: number;

  it('lists the organization’s roles only, with search and ordering, on both paths', async () => {
    for (const url of [`${ORG}/roles/`, `${V1}/organization/roles/`]) {
      const body = (await call('GET', url)).json();
      expect(body.count, url).toBe(2);
      expect(body.results[0]).toEqual({
        id: expect.any(Number),
        name: '企业管理员',
        permissions: scopeDetails('organization'),
        menus: scopeDetails('organization'),
        is_default: false,
        customize: false,
        builtin: 'admin',
        member_count: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    }
    expect((await call('GET', `${ORG}/roles/?search=成员`)).json().results.map((r: { name: string }) => r.name)).toEqual(['企业成员']);
    expect((await call('GET', `${ORG}/roles/?ordering=-id`)).json().results[0].name).toBe('企业成员');
  });

  it('creates a role with organization permissions only', async () => {
    const response = await call('POST', `${ORG}/roles/`, 'demo', {
      name: ' 审计员 ',
      permissions: ['organization.member.view_member', 'organization.role.view_role'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: '审计员', customize: true, is_default: false, builtin: null, member_count: 0 });
    created = response.json().id;
    const duplicate = await call('POST', `${V1}/organization/roles/`, 'demo', { name: '审计员' });
    expect(duplicate.json()).toEqual({ code: 40000, message: '角色「审计员」已存在' });
    const projectPermission = await call('POST', `${ORG}/roles/`, 'demo', { name: 'x', permissions: ['report.report.view_report'] });
    expect(projectPermission.json().message).toBe('权限「report.report.view_report」不是企业权限');
    expect((await call('POST', `${ORG}/roles/`, 'demo', { permissions: [] })).json().message).toBe('请输入角色名称');
  });

  it('reads, renames and changes permissions with PUT and PATCH', async () => {
    expect((await call('GET', `${ORG}/roles/${created}/`)).json().name).toBe('审计员');
    const patch = await call('PATCH', `${ORG}/roles/${created}/`, 'demo', { permissions: ['organization.role.view_role'] });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ name: '审计员', permissions: ['organization.role.view_role'] });
    const put = await call('PUT', `${ORG}/roles/${created}/`, 'demo', { name: '审计' });
    expect(put.json().name).toBe('审计');
    expect((await call('PUT', `${ORG}/roles/${created}/`, 'demo', {})).json().message).toBe('请输入角色名称');
    expect((await call('PATCH', `${ORG}/roles/${created}/`, 'demo', { name: '企业成员' })).json().message).toBe('角色「企业成员」已存在');
  });

  it('reads and sets menus, each one a permission of the organization scope', async () => {
    const put = await call('PUT', `${ORG}/roles/${created}/menus/`, 'demo', {
      menus: ['organization.role.view_role', 'organization.member.view_member', 'organization.member.view_member'],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ menus: ['organization.member.view_member', 'organization.role.view_role'] });
    expect((await call('GET', `${ORG}/roles/${created}/menus/`)).json()).toEqual(put.json());
    const bad = await call('PUT', `${ORG}/roles/${created}/menus/`, 'demo', { menus: ['organization.member.view_member', 'nonsense'] });
    expect(bad.json()).toEqual({ code: 40000, message: '权限「nonsense」不是企业权限' });
    const admin = await roleOf(DEMO.organizationUuid, 'admin');
    const locked = await call('PUT', `${ORG}/roles/${admin.id}/menus/`, 'demo', { menus: [] });
    expect(locked.json().message).toBe('内置的企业管理员角色拥有全部企业权限，不能修改其权限');
  });

  it('keeps exactly one default role', async () => {
    const response = await call('PUT', `${ORG}/roles/${created}/set_as_default/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().is_default).toBe(true);
    const defaults = (await orgRoles(DEMO.organizationUuid)).filter((role) => role.isDefault);
    expect(defaults.map((role) => role.id)).toEqual([created]);
    const member = await roleOf(DEMO.organizationUuid, 'member');
    expect((await call('PUT', `${V1}/organization/roles/${member.id}/set_default_role/`)).json().is_default).toBe(true);
    expect((await orgRoles(DEMO.organizationUuid)).filter((role) => role.isDefault).map((role) => role.id)).toEqual([member.id]);
  });

  it('deletes a role, moving its members to the default role; never the admin or the default role', async () => {
    const member = await roleOf(DEMO.organizationUuid, 'member');
    await db.update(organizationMembers).set({ roleId: created }).where(eq(organizationMembers.userUuid, uuids.alice));
    expect((await call('GET', `${ORG}/roles/${created}/`)).json().member_count).toBe(1);
    const response = await call('DELETE', `${ORG}/roles/${created}/`);
    expect(response.statusCode).toBe(204);
    expect((await membership(DEMO.organizationUuid, 'alice')).roleId).toBe(member.id);
    expect((await call('GET', `${ORG}/roles/${created}/`)).statusCode).toBe(404);
    const admin = await roleOf(DEMO.organizationUuid, 'admin');
    expect((await call('DELETE', `${ORG}/roles/${admin.id}/`)).json()).toEqual({ code: 40000, message: '内置的企业管理员角色不能删除' });
    expect((await call('DELETE', `${ORG}/roles/${member.id}/`)).json().message).toBe('默认角色不能删除，请先将其他角色设为默认角色');
  });

  it('answers 404 for another organization’s role, without its data', async () => {
    const cases: Array<[Method, string, unknown]> = [
      ['GET', `${ORG}/roles/${otherRoleId}/`, undefined],
      ['PUT', `${ORG}/roles/${otherRoleId}/`, { name: 'x' }],
      ['PATCH', `${ORG}/roles/${otherRoleId}/`, { name: 'x' }],
      ['DELETE', `${ORG}/roles/${otherRoleId}/`, undefined],
      ['GET', `${ORG}/roles/${otherRoleId}/menus/`, undefined],
      ['PUT', `${ORG}/roles/${otherRoleId}/menus/`, { menus: [] }],
      ['PUT', `${ORG}/roles/${otherRoleId}/set_as_default/`, undefined],
      ['PUT', `${V1}/organization/roles/${otherRoleId}/set_default_role/`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await call(method, url, 'demo', payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ code: 40400, message: '角色不存在' });
    }
    expect((await roleOf(OTHER_ORG, 'member')).isDefault).toBe(true);
  });
});

describe('invite links', () => {
  const inviteCode = async (query = '', as = 'demo') => call('GET', `${ORG}/members/invite_code/${query}`, as);

  it('makes a token valid 7 days by default, stores only its SHA-256', async () => {
    const response = await inviteCode();
    expect(response.statusCode).toBe(200);
    const { token, expires_at: expiresAt, url } = response.json();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(url).toBe(`#/list?orgtoken=${token}`);
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row).toMatchObject({ kind: 'organization', organizationUuid: DEMO.organizationUuid, maxUses: 100, useCount: 0, createdBy: uuids.demo });
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect(JSON.stringify(await db.select().from(invitations))).not.toContain(token);

    const thirty = await call('GET', `${V1}/organization/members/invite_code/?days=30`);
    const [long] = await db.select().from(invitations).where(eq(invitations.tokenHash, createHash('sha256').update(thirty.json().token).digest('hex')));
    expect((long.expiresAt.getTime() - long.createdAt.getTime()) / 86_400_000).toBeCloseTo(30, 2);
    for (const bad of ['?days=0', '?days=366', '?days=abc']) {
      const refused = await inviteCode(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('lets another user join with the default role, once', async () => {
    const { token } = (await inviteCode()).json();
    const joined = await call('GET', `${ORG}/members/join/?token=${token}`, 'bob');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ message: '成功加入企业', organization_uuid: DEMO.organizationUuid });
    const member = await membership(DEMO.organizationUuid, 'bob');
    expect(member.roleId).toBe((await roleOf(DEMO.organizationUuid, 'member')).id);
    expect(member.isOwner).toBe(false);
    const [bob] = await db.select().from(users).where(eq(users.uuid, uuids.bob));
    expect(bob.currentOrganizationUuid).toBe(DEMO.organizationUuid);
    // Bob now sees the members and has the default role's permissions.
    expect((await call('GET', `${ORG}/permission/`, 'bob')).json().role.name).toBe('企业成员');

    const again = await call('GET', `${ORG}/members/join/?token=${token}`, 'bob');
    expect(again.json().message).toBe('您已是该企业的成员');
    const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row.useCount).toBe(1);
  });

  it('joins through POST user_admin/join_organization/ and organization/{id}/members/join/', async () => {
    const { token } = (await inviteCode()).json();
    const wrongPath = await call('GET', `${V1}/organization/${OTHER_ORG}/members/join/?token=${token}`, 'erin');
    expect(wrongPath.json()).toEqual({ code: 40000, message: '邀请链接无效' });
    const viaPath = await call('GET', `${V1}/organization/${DEMO.organizationUuid}/members/join/?token=${token}`, 'erin');
    expect(viaPath.json()).toEqual({ message: '成功加入企业', organization_uuid: DEMO.organizationUuid });

    const other = await call('GET', `${ORG}/members/invite_code/`, 'carol');
    const viaPost = await call('POST', `${V1}/user_admin/join_organization/`, 'dave', { token: other.json().token });
    expect(viaPost.json()).toEqual({ message: '成功加入企业', organization_uuid: OTHER_ORG });
    expect((await membership(OTHER_ORG, 'dave')).roleId).toBe(otherRoleId);
  });

  it('refuses unknown, expired and used-up tokens with their messages', async () => {
    const join = (token: string) => call('POST', `${V1}/user_admin/join_organization/`, 'carol', { token });
    for (const token of ['', 'abc', 'f'.repeat(64)]) {
      expect((await join(token)).json(), token).toEqual({ code: 40000, message: '邀请链接无效' });
    }
    const expired = (await inviteCode()).json().token;
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.tokenHash, createHash('sha256').update(expired).digest('hex')));
    expect((await join(expired)).json()).toEqual({ code: 40000, message: '邀请链接已过期' });

    const usedUp = (await inviteCode()).json().token;
    await db
      .update(invitations)
      .set({ maxUses: 3, useCount: 3 })
      .where(eq(invitations.tokenHash, createHash('sha256').update(usedUp).digest('hex')));
    expect((await join(usedUp)).json()).toEqual({ code: 40000, message: '邀请链接已达到使用次数上限' });
    expect(await membership(DEMO.organizationUuid, 'carol')).toBeUndefined();
    // A staff token is not an organization token.
    const { token: staff } = await createInvitation(db, { kind: 'staff', organizationUuid: DEMO.organizationUuid });
    expect((await join(staff)).json().message).toBe('邀请链接无效');
  });

  it('counts a use only when the join is written', async () => {
    const { token, invitation } = await createInvitation(db, { kind: 'project', organizationUuid: DEMO.organizationUuid, maxUses: 1 });
    await expect(
      redeemInvitation(db, token, 'project', async () => {
        throw new Error('join failed');
      }),
    ).rejects.toThrow('join failed');
    const [unchanged] = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(unchanged.useCount).toBe(0);
    const { invitation: used, result } = await redeemInvitation(db, token, 'project', async (_tx, inv) => inv.projectUuid);
    expect(result).toBeNull();
    expect(used.useCount).toBe(1);
    await expect(redeemInvitation(db, token, 'project')).rejects.toMatchObject({ statusCode: 400, message: '邀请链接已达到使用次数上限' });
    await expect(createInvitation(db, { kind: 'project', organizationUuid: DEMO.organizationUuid, days: 366 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('invite_user', () => {
  const INVITED = '已生成邀请链接，请发给对方；对方登录后打开链接即可加入企业';

  it('never adds anyone: a registered user and a name nobody has get the same one-use link, on both paths', async () => {
    await addUser('frank', { nickname: '弗兰克', mobile: '13900000101' });
    const admin = await roleOf(DEMO.organizationUuid, 'admin');
    const one = await call('POST', `${ORG}/members/invite_user/?ordering=x&search=y`, 'demo', { username: 'frank' });
    const many = await call('POST', `${V1}/organization/members/invite_user/`, 'demo', [
      { username: 'nobody-at-all', role_id: admin.id },
      { username: '13900000101' },
    ]);
    for (const answer of [one, many]) {
      expect(answer.statusCode, answer.body).toBe(201);
      for (const invitation of answer.json()) {
        expect(Object.keys(invitation).sort()).toEqual(['expires_at', 'invited', 'message', 'token', 'url', 'username']);
        expect(invitation.message).toBe(INVITED);
        expect(invitation.url).toBe(`#/list?orgtoken=${invitation.token}`);
      }
      for (const secret of [uuids.frank, '弗兰克']) expect(answer.body).not.toContain(secret);
    }
    expect(await membership(DEMO.organizationUuid, 'frank')).toBeUndefined();

    // Each consents by opening a link; a link works once, with the role it was made for.
    const member = await roleOf(DEMO.organizationUuid, 'member');
    await signIn('frank');
    expect((await call('GET', `${ORG}/members/join/?token=${one.json()[0].token}`, 'frank')).json().message).toBe('成功加入企业');
    expect((await membership(DEMO.organizationUuid, 'frank')).roleId).toBe(member.id);
    await addUser('grace');
    await signIn('grace');
    const token = many.json()[0].token;
    expect((await call('GET', `${ORG}/members/join/?token=${token}`, 'grace')).json().message).toBe('成功加入企业');
    expect((await membership(DEMO.organizationUuid, 'grace')).roleId).toBe(admin.id);
    await addUser('ivan');
    await signIn('ivan');
    expect((await call('GET', `${ORG}/members/join/?token=${token}`, 'ivan')).json().message).toBe('邀请链接已达到使用次数上限');
  });

  it('names what is wrong and makes no link then', async () => {
    await addUser('heidi');
    const already = await call('POST', `${ORG}/members/invite_user/`, 'demo', [{ username: 'heidi' }, { username: 'alice' }]);
    expect(already.json().message).toBe('用户「alice」已是企业成员');
    const foreignRole = await call('POST', `${ORG}/members/invite_user/`, 'demo', { username: 'heidi', role_id: otherRoleId });
    expect(foreignRole.json().message).toBe(`角色 ${otherRoleId} 不存在`);
    expect((await call('POST', `${ORG}/members/invite_user/`, 'demo', [])).json().message).toBe('请至少填写一个用户名');
    expect((await call('POST', `${ORG}/members/invite_user/`, 'demo', {})).json().message).toBe('请输入用户名');
    expect(await membership(DEMO.organizationUuid, 'heidi')).toBeUndefined();
  });
});

describe('batch_delete', () => {
  const batchDelete = (ids: unknown, as = 'demo', organization?: string) =>
    call('POST', `${V1}/organization/members/batch_delete/`, as, { ids }, organization);

  it('removes all or nothing', async () => {
    const before = await db.select().from(organizationMembers).where(eq(organizationMembers.organizationUuid, DEMO.organizationUuid));
    const mixed = await batchDelete([uuids.frank, uuids.carol]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ code: 40400, message: `企业成员「${uuids.carol}」不存在` });
    expect(await membership(DEMO.organizationUuid, 'frank')).toBeDefined();
    expect((await batchDelete(['bad-id'])).json().message).toBe('成员编号「bad-id」不合法');
    expect((await batchDelete([])).json().message).toBe('请选择要移除的成员');
    const after = await db.select().from(organizationMembers).where(eq(organizationMembers.organizationUuid, DEMO.organizationUuid));
    expect(after).toHaveLength(before.length);
  });

  it('removes members with their project memberships in the organization', async () => {
    await db.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid: uuids.frank });
    const response = await batchDelete(`${uuids.frank},${uuids.grace}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await membership(DEMO.organizationUuid, 'frank')).toBeUndefined();
    expect(await membership(DEMO.organizationUuid, 'grace')).toBeUndefined();
    const left = await db.select().from(projectMembers).where(eq(projectMembers.userUuid, uuids.frank));
    expect(left).toEqual([]);
  });

  it('never removes the last owner', async () => {
    const last = await batchDelete([uuids.demo, uuids.bob]);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ code: 40000, message: '不能移除企业的最后一位所有者' });
    expect(await membership(DEMO.organizationUuid, 'bob')).toBeDefined();
    // A second owner can go; then the first is the last again.
    await db
      .update(organizationMembers)
      .set({ isOwner: true })
      .where(and(eq(organizationMembers.userUuid, uuids.erin), eq(organizationMembers.organizationUuid, DEMO.organizationUuid)));
    expect((await batchDelete([uuids.erin])).statusCode).toBe(204);
    expect((await batchDelete([uuids.demo])).json().message).toBe('不能移除企业的最后一位所有者');
  });

  it('lets only an owner remove an owner, and keeps an admin in an organization without owners', async () => {
    const admin = await roleOf(DEMO.organizationUuid, 'admin');
    await db.update(organizationMembers).set({ roleId: admin.id }).where(eq(organizationMembers.userUuid, uuids.bob));
    const refused = await batchDelete([uuids.demo], 'bob');
    expect(refused.json()).toEqual({ code: 40301, message: '只有企业所有者可以移除所有者' });
    const member = await roleOf(DEMO.organizationUuid, 'member');
    await db.update(organizationMembers).set({ roleId: member.id }).where(eq(organizationMembers.userUuid, uuids.bob));

    // THIRD_ORG: erin was made admin and dave demoted above; erin is now its only admin.
    const lastAdmin = await batchDelete([uuids.erin], 'erin', THIRD_ORG);
    expect(lastAdmin.json()).toEqual({ code: 40000, message: '不能移除企业的最后一位管理员' });
  });
});

describe('organizations under /api/v1/', () => {
  it('lists the caller’s organizations, marking the current one', async () => {
    const body = (await call('GET', `${V1}/organization/`, 'dave')).json();
    expect(body.count).toBe(2);
    expect(body.results.map((o: { name: string }) => o.name)).toEqual(['没有所有者的企业', '另一家企业']);
    const demo = (await call('GET', `${V1}/organization/`)).json();
    expect(demo.results).toEqual([
      expect.objectContaining({ uuid: DEMO.organizationUuid, name: DEMO.organizationName, is_owner: true, is_current: true }),
    ]);
  });

  it('shows and renames an organization of the caller; another one answers 404', async () => {
    const detail = await call('GET', `${V1}/organization/${DEMO.organizationUuid}/`);
    expect(detail.json()).toMatchObject({ uuid: DEMO.organizationUuid, name: DEMO.organizationName, member_count: 3, is_owner: true });
    const renamed = await call('PATCH', `${V1}/organization/${DEMO.organizationUuid}/`, 'demo', { name: '示例企业（新）' });
    expect(renamed.json().name).toBe('示例企业（新）');
    expect((await call('PATCH', `${V1}/organization/${DEMO.organizationUuid}/`, 'demo', { name: ' ' })).json().message).toBe('请输入企业名称');
    for (const url of [`${V1}/organization/${OTHER_ORG}/`, `${V1}/organization/not-a-uuid/`, `${V1}/organization/${OTHER_ORG}/switch/`]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 40400, message: '企业不存在或您不是该企业的成员' });
    }
    expect((await call('PATCH', `${V1}/organization/${OTHER_ORG}/`, 'demo', { name: 'x' })).statusCode).toBe(404);
    await call('PATCH', `${V1}/organization/${DEMO.organizationUuid}/`, 'demo', { name: DEMO.organizationName });
  });

  it('switches the current organization to one the caller belongs to', async () => {
    const response = await call('GET', `${V1}/organization/${THIRD_ORG}/switch/`, 'dave');
    expect(response.json()).toEqual({ message: '已切换企业', organization_uuid: THIRD_ORG });
    const [dave] = await db.select().from(users).where(eq(users.uuid, uuids.dave));
    expect(dave.currentOrganizationUuid).toBe(THIRD_ORG);
    const info = await call('GET', `${V1}/user/info/`, 'dave');
    expect(info.json().organization_uuid).toBe(THIRD_ORG);
  });

  it('reads and sets the admin info', async () => {
    const info = await call('GET', `${V1}/organization/get_admin_info/`);
    expect(info.json()).toEqual({
      organization_uuid: DEMO.organizationUuid,
      name: DEMO.organizationName,
      owners: [expect.objectContaining({ username: 'demo' })],
      admins: [expect.objectContaining({ username: 'demo' })],
      member_count: 3,
    });
    const set = await call('POST', `${V1}/organization/set_admin_info/`, 'demo', { name: '改名企业' });
    expect(set.json().name).toBe('改名企业');
    await call('PUT', `${V1}/organization/set_admin_info/`, 'demo', { name: DEMO.organizationName });
    const [row] = await db.select().from(organizations).where(eq(organizations.uuid, DEMO.organizationUuid));
    expect(row.name).toBe(DEMO.organizationName);
  });
});

describe('user_admin and the application paths', () => {
  it('joins the platform staff with a staff token', async () => {
    const { token } = await createInvitation(db, { kind: 'staff', organizationUuid: DEMO.organizationUuid, maxUses: 1 });
    const orgToken = (await call('GET', `${ORG}/members/invite_code/`)).json().token;
    expect((await call('POST', `${V1}/user_admin/staff/join_staff/`, 'bob', { token: orgToken })).json().message).toBe('邀请链接无效');
    const joined = await call('POST', `${V1}/user_admin/staff/join_staff/`, 'bob', { token });
    expect(joined.json()).toEqual({ message: '成功成为平台工作人员' });
    const [bob] = await db.select().from(users).where(eq(users.uuid, uuids.bob));
    expect(bob.isStaff).toBe(true);
    expect((await call('POST', `${V1}/user_admin/staff/join_staff/`, 'carol', { token })).json().message).toBe('邀请链接已达到使用次数上限');
  });

  it('lists the caller’s projects in the current organization with the project role', async () => {
    const [other] = await db.insert(projects).values({ organizationUuid: OTHER_ORG, name: '外企项目' }).returning();
    await db.insert(projectMembers).values({ projectUuid: other.uuid, userUuid: uuids.demo });
    const body = (await call('GET', `${V1}/user_admin/projects/`)).json();
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({ uuid: DEMO.projectUuid, name: DEMO.projectName, is_public: false });
    expect((await call('GET', `${V1}/user_admin/projects/?search=没有`)).json().count).toBe(0);
  });

  it('serves the application list and the permission catalogue', async () => {
    expect((await call('GET', `${V1}/applications/`)).json()).toMatchObject({
      count: 2,
      next: null,
      previous: null,
      results: [{ id: 'report', name: '报告管理' }, { id: 'cstj', name: '城市体检成果' }],
    });
    expect((await call('GET', `${V1}/applications/`, 'demo', undefined, OTHER_ORG)).statusCode).toBe(403);
    const groups = (await call('GET', `${V1}/permission/groups/?type=organization`)).json();
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['企业', '企业成员', '企业角色', '项目']);
    expect(groups[3].permissions.map((p: { name: string }) => p.name)).toEqual(['新增项目']);
    expect(groups[1].permissions[0]).toMatchObject({ permissions_detail: 'organization.member.view_member', name: '查看企业成员' });
    const all = (await call('GET', `${V1}/permission/groups/`)).json();
    expect(all.some((g: { type: string }) => g.type === 'project')).toBe(true);
  });

  it('documents the routes and their response schemas in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/schema/?format=json' })).json();
    for (const path of [
      '/api/organization/v1/members/',
      '/api/organization/v1/roles/{id}/menus/',
      '/api/v1/organization/members/batch_delete/',
      '/api/v1/organization/{id}/switch/',
      '/api/v1/user_admin/join_organization/',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    const list = document.paths['/api/organization/v1/members/'].get;
    expect(Object.keys(list.responses['200'].content['application/json'].schema.properties)).toEqual(['count', 'next', 'previous', 'results']);
  });
});
