import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, organizationMembers, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = '/api/project/v1/projects';

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });

async function newcomer(username: string) {
  await ctx.database.db.insert(users).values({ username, passwordHash: await hashPassword('newcomer-1') });
  return login(ctx.app, username, 'newcomer-1');
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('project invite links', () => {
  it('lets someone outside the organization join the project with the default role', async () => {
    const invite = await call('GET', `${BASE}/${DEMO.projectUuid}/members/invite_code/?days=3`, admin);
    expect(invite.statusCode).toBe(200);
    const { token, url, expires_at: expiresAt } = invite.json();
    expect(url).toBe(`#/list?protoken=${token}`);
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const guest = await newcomer('guest');
    expect((await call('GET', `${BASE}/`, guest)).json().count).toBe(0);
    const joined = await call('GET', `${BASE}/members/join/?token=${token}`, guest);
    expect(joined.json()).toEqual({ message: '成功加入项目', project_uuid: DEMO.projectUuid });
    const projects = (await call('GET', `${BASE}/`, guest)).json();
    expect(projects.results.map((p: { name: string }) => p.name)).toEqual([DEMO.projectName]);
    const permission = (await call('GET', `${BASE}/${DEMO.projectUuid}/permission/`, guest)).json();
    expect(permission.role.name).toBe('访客');
    expect((await call('POST', '/api/v1/user_admin/join_project/', guest, { token })).json().message).toBe('您已是该项目的成员');
  });

  it('refuses unknown, expired and used-up tokens with a message that says which', async () => {
    const guest = await newcomer('late-guest');
    expect((await call('GET', `${BASE}/members/join/?token=nonsense`, guest)).json().message).toBe('邀请链接无效');
    const { token } = (await call('GET', `${BASE}/members/invite_code/?project_uuid=${DEMO.projectUuid}`, admin)).json();
    const [row] = await ctx.database.db.select().from(invitations).orderBy(desc(invitations.id)).limit(1);
    await ctx.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await call('GET', `${BASE}/members/join/?token=${token}`, guest)).json().message).toBe('邀请链接已过期');
    await ctx.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + 3600_000), useCount: 100 })
      .where(eq(invitations.id, row.id));
    const usedUp = await call('GET', `${BASE}/members/join/?token=${token}`, guest);
    expect(usedUp.json().message).toBe('邀请链接已达到使用次数上限');
    // An organization token does not open a project.
    const orgToken = (await call('GET', '/api/organization/v1/members/invite_code/', admin)).json().token;
    expect((await call('GET', `${BASE}/members/join/?token=${orgToken}`, guest)).json().message).toBe('邀请链接无效');
  });

  it('adds members of the organization by name, all or nothing', async () => {
    for (const name of ['alice', 'bob']) {
      await newcomer(name);
      const [user] = await ctx.database.db.select().from(users).where(eq(users.username, name));
      await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
    }
    const added = await call('POST', `${BASE}/${DEMO.projectUuid}/members/invite_user/`, admin, [{ username: 'alice' }, { username: 'bob' }]);
    expect(added.statusCode).toBe(201);
    expect(added.json().map((m: { user: { username: string } }) => m.user.username)).toEqual(['alice', 'bob']);
    const again = await call('POST', `${BASE}/members/invite_user/?project_uuid=${DEMO.projectUuid}`, admin, { username: 'alice' });
    expect(again.json().message).toBe('用户 alice 已是项目成员');
    const mixed = await call('POST', `${BASE}/${DEMO.projectUuid}/members/invite_user/`, admin, [{ username: 'bob' }, { username: 'carol' }]);
    expect(mixed.json().message).toBe('用户 bob 已是项目成员');
  });

  it('needs the permission to make links', async () => {
    const guest = await login(ctx.app, 'guest', 'newcomer-1');
    const denied = await call('GET', `${BASE}/${DEMO.projectUuid}/members/invite_code/`, guest);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(40301);
  });
});
