import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, post, type TestContext } from './helpers';
import { SMS_RESEND_SECONDS } from '../../contract/accounts';

let ctx: TestContext;
let clock = Date.parse('2026-11-22T08:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp();
  // Only Date is faked: the server's clock moves when a test says so.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.close();
});

/** Moves the server's clock past the 30-second resend limit, and further when asked. */
function advance(ms = 31_000) {
  clock += ms;
  vi.setSystemTime(clock);
}

async function sendCode(mobile: string, action = 'login', remoteAddress = '10.0.0.1') {
  advance();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/sms/code/',
    payload: { mobile, action, application: 'report' },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  const sms = ctx.sentSms.at(-1)!;
  expect(sms.mobile).toBe(mobile);
  return sms.code;
}

const smsLogin = (mobile: string, code: string) => post(ctx.app, '/api/v1/user/sms/login/', { mobile, code });

describe('POST /api/v1/user/sms/code/', () => {
  it('checks the mobile with the messages of the spec', async () => {
    const missing = await post(ctx.app, '/api/v1/user/sms/code/', { action: 'login' });
    expect(missing.json().message).toBe('请填写手机号');
    for (const mobile of ['12345', '23800000000', '1380000000a', '138000000001']) {
      const response = await post(ctx.app, '/api/v1/user/sms/code/', { mobile, action: 'login' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('手机号码不合法');
    }
    expect((await post(ctx.app, '/api/v1/user/sms/code/', { mobile: '13900000000', action: 'spam' })).json().message).toBe(
      '不支持的验证码用途',
    );
  });

  it('sends a 6-digit code, at most one per 30 seconds', async () => {
    const code = await sendCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    const again = await post(ctx.app, '/api/v1/user/sms/code/', { mobile: '13900000001', action: 'login' });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再获取$/);
    // The app counts down what Retry-After says: the same seconds as the message, within the interval.
    const seconds = Number(again.headers['retry-after']);
    expect(again.json().message).toContain(`请 ${seconds} 秒后`);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(SMS_RESEND_SECONDS);
  });

  it('sends at most 10 codes a day to one mobile', async () => {
    for (let i = 0; i < 10; i += 1) await sendCode('13900000002', 'login', `10.0.1.${i}`);
    advance();
    const eleventh = await post(ctx.app, '/api/v1/user/sms/code/', { mobile: '13900000002', action: 'login' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
  });

  it('limits one client address to 20 codes an hour', async () => {
    for (let i = 0; i < 20; i += 1) await sendCode(`137000000${String(i).padStart(2, '0')}`, 'login', '10.9.9.9');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/sms/code/',
      payload: { mobile: '13700000099', action: 'login' },
      remoteAddress: '10.9.9.9',
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe('当前网络获取验证码过于频繁，请稍后再试');
  });
});

describe('code sign-in', () => {
  it('signs in with the code, once', async () => {
    const code = await sendCode(DEMO.mobile);
    const response = await smsLogin(DEMO.mobile, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'demo', token: expect.any(String) });
    expect((await smsLogin(DEMO.mobile, code)).json().message).toBe('验证码已使用，请重新获取');
  });

  it('refuses a wrong code, and kills the code after 5 wrong tries', async () => {
    const code = await sendCode(DEMO.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expect((await smsLogin(DEMO.mobile, wrong)).json().message).toBe('验证码错误');
    expect((await smsLogin(DEMO.mobile, wrong)).json().message).toBe('验证码错误次数过多，请重新获取');
    expect((await smsLogin(DEMO.mobile, code)).json().message).toBe('验证码错误次数过多，请重新获取');
  });

  it('refuses an expired code and a missing one', async () => {
    const code = await sendCode(DEMO.mobile);
    advance(5 * 60_000 + 1000);
    expect((await smsLogin(DEMO.mobile, code)).json().message).toBe('验证码已过期，请重新获取');
    expect((await smsLogin('13600000000', '123456')).json().message).toBe('请先获取验证码');
    expect((await smsLogin(DEMO.mobile, '')).json().message).toBe('验证码不能为空');
    expect((await smsLogin('', '123456')).json().message).toBe('请输入手机号码');
  });

  it('tells an unregistered mobile to register', async () => {
    const code = await sendCode('13500000000');
    expect((await smsLogin('13500000000', code)).json().message).toBe('该手机号尚未注册，请先注册');
  });
});

describe('registration', () => {
  const register = (payload: object) => post(ctx.app, '/api/v1/user/account/register/', payload);

  it('creates the user with a login code, who can then sign in by password', async () => {
    const code = await sendCode('13400000000', 'login');
    const response = await register({ mobile: '13400000000', code, password: 'secret-pass1', username: '新用户' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: '新用户' });
    await login(ctx.app, '13400000000', 'secret-pass1');
    await login(ctx.app, '新用户', 'secret-pass1');
  });

  it('says which of mobile and username is taken, before using the code', async () => {
    const code = await sendCode('13400000001', 'register');
    expect((await register({ mobile: DEMO.mobile, code, password: 'secret-pass1' })).json().message).toBe('该手机号已注册');
    const taken = await register({ mobile: '13400000001', code, password: 'secret-pass1', username: 'demo' });
    expect(taken.json().message).toBe('该用户名已被使用');
    const ok = await register({ mobile: '13400000001', code, password: 'secret-pass1' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().username).toBe('u13400000001');
  });

  it('checks the password rule and the username shape', async () => {
    const base = { mobile: '13400000002', code: '123456' };
    expect((await register({ ...base, password: 'short1' })).json().message).toBe('密码长度为 8 到 64 位');
    expect((await register({ ...base, password: '1234567890' })).json().message).toBe('密码不能全为数字');
    expect((await register({ ...base, password: 'secret-pass1', username: '13400000003' })).json().message).toBe('用户名不能是手机号');
    expect((await register({ ...base, password: 'secret-pass1', username: 'a b' })).json().message).toMatch(/用户名只能包含/);
  });
});

describe('sessions and passwords', () => {
  it('one device at a time: the earlier token answers 40004 after a second login', async () => {
    const first = await login(ctx.app);
    const second = await login(ctx.app);
    const old = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(first) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: 40004, message: '该账号已在其他设备登录，请重新登录' });
    const current = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(second) });
    expect(current.statusCode).toBe(200);
  });

  it('ends a session idle for longer than 7 days', async () => {
    const token = await login(ctx.app);
    advance(8 * 24 * 3600_000);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(40002);
  });

  it('locks password sign-in for 15 minutes after 5 wrong passwords in a row', async () => {
    advance();
    const attempt = (password: string) => post(ctx.app, '/api/v1/user/account/login/', { username: 'demo', password });
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong-password')).json().message).toBe('用户名或密码错误');
    expect((await attempt('wrong-password')).json().message).toBe('密码连续错误 5 次，账号已锁定 15 分钟');
    expect((await attempt(DEMO.password)).json().message).toBe('密码错误次数过多，账号已锁定，请 15 分钟后再试');
    advance(15 * 60_000);
    expect((await attempt(DEMO.password)).statusCode).toBe(200);
  });

  it('reset sets the password and ends every session of the user', async () => {
    const token = await login(ctx.app);
    const code = await sendCode(DEMO.mobile, 'reset');
    const reset = await post(ctx.app, '/api/v1/user/sms/reset/', { mobile: DEMO.mobile, code, password: 'new-pass-123' });
    expect(reset.json()).toEqual({ message: '密码已重置' });
    const old = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(token) });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe(40002);
    await login(ctx.app, 'demo', 'new-pass-123');
    // A login code does not reset a password.
    const loginCode = await sendCode(DEMO.mobile, 'login');
    const wrongPurpose = await post(ctx.app, '/api/v1/user/sms/reset/', { mobile: DEMO.mobile, code: loginCode, password: DEMO.password });
    expect(wrongPurpose.statusCode).toBe(400);
    await login(ctx.app, 'demo', 'new-pass-123');
    const back = await sendCode(DEMO.mobile, 'reset');
    await post(ctx.app, '/api/v1/user/sms/reset/', { mobile: DEMO.mobile, code: back, password: DEMO.password });
  });

  it('changes nickname, and the password only with the old one, keeping the current session', async () => {
    const token = await login(ctx.app);
    const update = (payload: object) => post(ctx.app, '/api/v1/user/info/', payload, authHeaders(token));
    expect((await update({ nickname: '  新昵称 ' })).json().nickname).toBe('新昵称');
    expect((await update({ password: 'another-pass1' })).json().message).toBe('请输入原密码');
    expect((await update({ old_password: 'nope-nope1', password: 'another-pass1' })).json().message).toBe('原密码不正确');
    expect((await update({ old_password: DEMO.password, password: '12345678' })).json().message).toBe('密码不能全为数字');
    expect((await update({ old_password: DEMO.password, password: 'another-pass1' })).statusCode).toBe(200);
    const still = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(token) });
    expect(still.statusCode).toBe(200);
    expect((await update({ old_password: 'another-pass1', password: DEMO.password })).statusCode).toBe(200);
  });

  it('rebinds the phone after a code sent to the new one', async () => {
    const token = await login(ctx.app);
    expect((await post(ctx.app, '/api/v1/user/sms/code/', { mobile: '13300000000', action: 'bind' })).statusCode).toBe(401);
    advance();
    const send = await post(ctx.app, '/api/v1/user/sms/code/', { mobile: '13300000000', action: 'bind' }, authHeaders(token));
    expect(send.statusCode).toBe(200);
    const code = ctx.sentSms.at(-1)!.code;
    const bind = (payload: object) => post(ctx.app, '/api/v1/user/sms/bind/', payload, authHeaders(token));
    expect((await bind({ mobile: '13400000000', code, action: 'bind' })).json().message).toBe('该手机号已注册');
    expect((await bind({ mobile: '13300000000', code, action: 'bind' })).json()).toEqual({ mobile: '13300000000' });
    await login(ctx.app, '13300000000', DEMO.password);
  });
});
