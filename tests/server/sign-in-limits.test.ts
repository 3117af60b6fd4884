import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { SIGN_IN_RULES } from '../../server/modules/accounts/sign-in-limits';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
const PASSWORD = 'right-pass1';
const WRONG = '用户名或密码错误';
const LOCKING = '密码连续错误 5 次，账号已锁定 15 分钟';
const LOCKED = '密码错误次数过多，账号已锁定，请 15 分钟后再试';

beforeAll(async () => {
  // Bursts of 30: on a busy machine PGlite's admission queue must not turn some away with 503 (not what is tested here).
  ctx = await createTestApp({ env: { QUEUE_WAIT_MS: '60000' } });
});
afterAll(() => ctx.close());

let addresses = 0;
/** Each attempt from an address of its own unless given, so only the account's lock applies. */
const attempt = (username: string, password: string, remoteAddress = `10.1.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/account/login/', payload: { username, password }, remoteAddress });

async function account(username: string) {
  await ctx.database.db.insert(users).values({ username, passwordHash: await hashPassword(PASSWORD) });
  return username;
}

const messages = (responses: { json(): { message?: string } }[]) => responses.map((response) => response.json().message);

describe('password lockout under parallel attempts', () => {
  it('checks at most five of 30 parallel wrong passwords, then refuses the right one', async () => {
    const name = await account('burst');
    const answers = messages(await Promise.all(Array.from({ length: 30 }, () => attempt(name, 'wrong-pass1'))));
    expect(answers.filter((m) => m === WRONG)).toHaveLength(4);
    expect(answers.filter((m) => m === LOCKING)).toHaveLength(1);
    expect(answers.filter((m) => m === LOCKED)).toHaveLength(25);
    expect((await attempt(name, PASSWORD)).json().message).toBe(LOCKED);
  });

  it('lets a right password in a mixed burst through only among the first five attempts', async () => {
    const name = await account('mixed');
    const passwords = [...Array.from({ length: 12 }, () => 'wrong-pass1'), PASSWORD, ...Array.from({ length: 12 }, () => 'wrong-pass1')];
    const responses = await Promise.all(passwords.map((password) => attempt(name, password)));
    const checked = responses.filter((response) => response.statusCode === 200 || [WRONG, LOCKING].includes(response.json().message));
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 400)).toBe(true);
  });
});

describe('sign-in attempts per client address', () => {
  it(`refuses an address after ${SIGN_IN_RULES.perAddress} wrong attempts, even in one parallel burst`, async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(`nobody-${i}`, 'wrong-pass1', '10.9.9.9')));
    expect(burst.filter((response) => response.statusCode === 400)).toHaveLength(SIGN_IN_RULES.perAddress);
    const refused = burst.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(30 - SIGN_IN_RULES.perAddress);
    expect(refused[0].json().message).toBe('登录尝试过于频繁，请稍后再试');

    const name = await account('neighbour');
    expect((await attempt(name, PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await attempt(name, PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });

  it('does not count right passwords against the address', async () => {
    const name = await account('regular');
    for (let i = 0; i < SIGN_IN_RULES.perAddress + 5; i += 1) expect((await attempt(name, PASSWORD, '10.8.8.8')).statusCode).toBe(200);
  });
});

describe('sign-in attempts behind a reverse proxy (TRUST_PROXY)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ seed: false, env: { TRUST_PROXY: '10.0.0.5', QUEUE_WAIT_MS: '60000' } });
  });
  afterAll(() => proxied.close());

  const through = (remoteAddress: string, forwardedFor: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/v1/user/account/login/',
      payload: { username: 'nobody', password: 'wrong-pass1' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts each client behind the trusted proxy on its own, and ignores what an untrusted sender forwards', async () => {
    const first = await Promise.all(Array.from({ length: SIGN_IN_RULES.perAddress + 1 }, () => through('10.0.0.5', '203.0.113.1')));
    expect(first.map((answer) => answer.statusCode).filter((code) => code === 429)).toHaveLength(1);
    // Another client through the same proxy still has all its attempts.
    expect((await through('10.0.0.5', '203.0.113.2')).statusCode).toBe(400);
    // A sender that is not the proxy cannot pick its address by the header: its own is counted.
    const direct = await Promise.all(Array.from({ length: SIGN_IN_RULES.perAddress + 1 }, (_, i) => through('198.51.100.7', `203.0.113.${100 + i}`)));
    expect(direct.map((answer) => answer.statusCode).filter((code) => code === 429)).toHaveLength(1);
  });
});
