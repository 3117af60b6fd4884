import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const loginWith = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/account/login/', payload });

describe('password sign-in', () => {
  it('signs in by username and by mobile, answering username and token', async () => {
    for (const name of [DEMO.username, DEMO.mobile]) {
      const response = await loginWith({ username: name, password: DEMO.password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ username: 'demo', token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
    const byMobileField = await loginWith({ mobile: DEMO.mobile, password: DEMO.password });
    expect(byMobileField.json().username).toBe('demo');
  });

  it('answers the same message for a wrong password and an unknown user', async () => {
    const wrong = await loginWith({ username: 'demo', password: 'wrong-password' });
    const unknown = await loginWith({ username: 'nobody', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 40010, message: '用户名或密码错误' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('asks for the missing username or password in the words of the spec', async () => {
    expect((await loginWith({ password: 'x' })).json().message).toBe('请输入用户名');
    expect((await loginWith({ username: 'demo' })).json().message).toBe('请输入密码');
  });

  it('stores only a slow hash of the password', async () => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'demo'));
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(DEMO.password);
  });

  it('refuses a body that is not JSON with a Chinese message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/account/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 40000, message: '请求内容不是合法的 JSON' });
  });
});

describe('sessions', () => {
  it('reads user info with the token and refuses it after logout', async () => {
    const token = await login(ctx.app);
    const info = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(token) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      username: 'demo',
      mobile: DEMO.mobile,
      nickname: DEMO.nickname,
      organization_uuid: DEMO.organizationUuid,
    });

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/account/logout/', headers: authHeaders(token) });
    expect(logout.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).not.toBe(40004);
  });

  it('answers 401 with {code, message} without a token or with a forged one', async () => {
    for (const headers of [{}, { authorization: 'Token forged' }, { authorization: 'Bearer x' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: expect.any(Number), message: expect.stringMatching(/登录/) });
    }
  });

  it('refuses an organization the user does not belong to', async () => {
    const token = await login(ctx.app);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/info/',
      headers: authHeaders(token, '00000000-0000-4000-8000-000000000000'),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('您不是该企业的成员，无法访问');
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(token, 'abc') });
    expect(malformed.statusCode).toBe(400);
  });
});
