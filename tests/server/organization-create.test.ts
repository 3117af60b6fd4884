import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { organizationMembers, organizations, roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { scopeDetails } from '../../contract/permissions';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

const CREATE = '/api/organization/v1/organizations/';

/** A user in no organization, signed in: the first customer of a deployment. */
async function newcomer(ctx: TestContext, username: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const db = ctx.database.db as Db;
  const [user] = await db.insert(users).values({ username, passwordHash: await hashPassword(`${username}-pass1`), ...extra }).returning();
  return { uuid: user.uuid, token: await login(ctx.app, username, `${username}-pass1`) };
}

const create = (ctx: TestContext, token: string, payload: object) => ctx.app.inject({ method: 'POST', url: CREATE, headers: authHeaders(token), payload });
const countOf = async (db: Db, table: typeof organizations | typeof roles | typeof organizationMembers) => (await db.select({ total: count() }).from(table))[0].total;
const organizationsNamed = (db: Db, name: string) => db.select().from(organizations).where(eq(organizations.name, name));

describe('creating an organization of one’s own', () => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ORGANIZATION_MAX_OWNED_PER_USER: '2' } });
    db = ctx.database.db as Db;
  });
  afterAll(() => ctx.close());

  it('makes the caller its owner with 企业管理员, its current organization, with the built-in roles; a project can be made in it at once', async () => {
    const fang = await newcomer(ctx, 'fang');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(fang.token) })).json().organization_uuid).toBeNull();

    const answer = await create(ctx, fang.token, { name: '  绿城规划设计院  ' });
    expect(answer.statusCode).toBe(201);
    const created = answer.json();
    expect(created).toMatchObject({ name: '绿城规划设计院', is_owner: true, is_current: true, member_count: 1, role: { name: '企业管理员' } });

    const info = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(fang.token) });
    expect(info.json().organization_uuid).toBe(created.uuid);
    const standing = await ctx.app.inject({ method: 'GET', url: '/api/organization/v1/permission/', headers: authHeaders(fang.token) });
    expect(standing.json()).toMatchObject({ is_owner: true, role: { id: created.role.id, name: '企业管理员' } });
    expect(standing.json().permissions).toEqual(scopeDetails('organization'));

    const builtin = await db.select().from(roles).where(and(eq(roles.organizationUuid, created.uuid), isNull(roles.projectUuid))).orderBy(asc(roles.id));
    expect(builtin.map((role) => [role.name, role.builtin, role.isDefault])).toEqual([
      ['企业管理员', 'admin', false],
      ['企业成员', 'member', true],
    ]);
    const members = await db.select().from(organizationMembers).where(eq(organizationMembers.organizationUuid, created.uuid));
    expect(members.map((member) => [member.userUuid, member.isOwner, member.roleId])).toEqual([[fang.uuid, true, builtin[0].id]]);

    const project = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(fang.token), payload: { name: '第一个项目' } });
    expect(project.statusCode).toBe(201);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/project/v1/projects/', headers: authHeaders(fang.token) });
    expect(list.json().results.map((row: { name: string }) => row.name)).toEqual(['第一个项目']);
  });

  it.each([
    ['no name', {}, '请输入组织名称'],
    ['a blank name', { name: '   ' }, '请输入组织名称'],
    ['a name of 51 characters', { name: '城'.repeat(51) }, '组织名称不能超过 50 个字符'],
    ['a name that is not text', { name: { text: '绿城' } }, undefined],
  ])('refuses %s with a Chinese message and writes nothing', async (_case, payload, message) => {
    const gao = await newcomer(ctx, `gao${Math.random().toString(36).slice(2, 8)}`);
    const before = await countOf(db, organizations);
    const answer = await create(ctx, gao.token, payload);
    expect(answer.statusCode).toBe(400);
    if (message) expect(answer.json().message).toBe(message);
    else expect(answer.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await countOf(db, organizations)).toBe(before);
  });

  it('takes a name of exactly 50 characters', async () => {
    const he = await newcomer(ctx, 'he');
    const answer = await create(ctx, he.token, { name: '城'.repeat(50) });
    expect(answer.statusCode).toBe(201);
  });

  it('refuses a name already taken, also another tenant’s, and a rename to it', async () => {
    const jin = await newcomer(ctx, 'jin');
    const taken = await create(ctx, jin.token, { name: ` ${DEMO.organizationName} ` });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(`组织名称「${DEMO.organizationName}」已被使用，请换一个名称`);
    expect(await organizationsNamed(db, DEMO.organizationName)).toHaveLength(1);
    // Nothing half-written: no organization, membership or role of the refused create, and jin still in none.
    const memberships = await db.select().from(organizationMembers).where(eq(organizationMembers.userUuid, jin.uuid));
    expect(memberships).toEqual([]);

    const own = (await create(ctx, jin.token, { name: '金氏测绘' })).json();
    const rename = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/organization/${own.uuid}/`, headers: authHeaders(jin.token), payload: { name: DEMO.organizationName } });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe(`组织名称「${DEMO.organizationName}」已被使用，请换一个名称`);
    expect((await organizationsNamed(db, '金氏测绘'))).toHaveLength(1);
  });

  it('lets one of two racing creates of the same name win; the other is told the name is taken and leaves nothing behind', async () => {
    const [kong, lu] = await Promise.all([newcomer(ctx, 'kong'), newcomer(ctx, 'lu')]);
    const rolesBefore = await countOf(db, roles);
    const answers = await Promise.all([create(ctx, kong.token, { name: '同名规划院' }), create(ctx, lu.token, { name: '同名规划院' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const loser = answers.find((answer) => answer.statusCode === 400)!;
    expect(loser.json().message).toBe('组织名称「同名规划院」已被使用，请换一个名称');
    const [winner] = await organizationsNamed(db, '同名规划院');
    expect(await countOf(db, roles)).toBe(rolesBefore + 2);
    const members = await db.select().from(organizationMembers).where(eq(organizationMembers.organizationUuid, winner.uuid));
    expect(members).toHaveLength(1);
  });

  it('caps the organizations one user owns, also when the creates race', async () => {
    const ma = await newcomer(ctx, 'ma');
    expect((await create(ctx, ma.token, { name: '马氏一号' })).statusCode).toBe(201);
    const racing = await Promise.all([create(ctx, ma.token, { name: '马氏二号' }), create(ctx, ma.token, { name: '马氏三号' })]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
    const refused = racing.find((answer) => answer.statusCode === 403)!;
    expect(refused.json()).toEqual({ code: 40301, message: '每个账号最多创建 2 个组织，您已拥有 2 个' });
    const owned = await db.select().from(organizationMembers).where(and(eq(organizationMembers.userUuid, ma.uuid), eq(organizationMembers.isOwner, true)));
    expect(owned).toHaveLength(2);
  });

  it('answers 401 without a session', async () => {
    const answer = await ctx.app.inject({ method: 'POST', url: CREATE, payload: { name: '无名氏' } });
    expect(answer.statusCode).toBe(401);
    expect(await organizationsNamed(db, '无名氏')).toEqual([]);
  });
});

describe('with ORGANIZATION_SELF_SERVICE=off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ORGANIZATION_SELF_SERVICE: 'off' } });
  });
  afterAll(() => ctx.close());

  it('lets only platform staff create an organization; others are told why', async () => {
    const user = await newcomer(ctx, 'ning');
    const refused = await create(ctx, user.token, { name: '宁氏设计' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 40301, message: '本平台不开放自行创建组织，请联系平台工作人员' });
    expect(await organizationsNamed(ctx.database.db as Db, '宁氏设计')).toEqual([]);

    const staff = await newcomer(ctx, 'ou', { isStaff: true });
    const made = await create(ctx, staff.token, { name: '宁氏设计' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: '宁氏设计', is_owner: true });
  });
});
