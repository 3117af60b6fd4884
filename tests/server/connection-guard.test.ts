import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { checkedAddress, embeddedIpv4, UNREACHABLE } from '../../server/modules/connections/hosts';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

/**
 * The host policy of data connections (server/modules/connections/hosts.ts) and where a saved
 * password may go. The local PostgreSQL on 127.0.0.1:5432 answers any of these that get through.
 */
const BASE = `/api/connection/projects/${DEMO.projectUuid}/connections`;
const POSTGRES = { drivername: 'postgresql', host: '127.0.0.1', port: 5432, username: 'postgres', password: '', database: 'postgres' };
const REFUSED = { success: false, message: UNREACHABLE };
const outside = (host: string) => ({ success: false, message: `主机 ${host} 不在允许连接的范围内` });

const apps: TestContext[] = [];
async function appWith(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ env });
  apps.push(ctx);
  const token = await login(ctx.app);
  const call = async (method: 'POST' | 'PATCH' | 'PUT', path: string, payload: object) => {
    const answer = await ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(token), payload });
    return { status: answer.statusCode, body: answer.json() };
  };
  return { ctx, call, test: async (body: object) => (await call('POST', 'test_connection/', body)).body };
}
afterAll(async () => {
  for (const ctx of apps) await ctx.close();
});

const LOOPBACK_SPELLINGS = [
  '127.0.0.1', '127.1', '0x7f.0.0.1', '2130706433', '0177.0.0.1', '127.0.0.2', 'localhost', 'LOCALHOST.', 'LocalHost',
  '[::1]', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:127.0.0.1]', '0.0.0.0', '0', '::', '[::]',
];
const ODD_IPV6 = ['::a9fe:a9fe', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '64:ff9b::127.0.0.1', '2002:7f00:1::1', '2002:a9fe:a9fe::', '::7f00:1'];
const METADATA = ['169.254.169.254', '169.254.0.1', '100.100.100.200', 'fd00:ec2::254', 'fe80::1'];

describe('the default policy', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith();
  });

  it.each([...LOOPBACK_SPELLINGS, ...ODD_IPV6, ...METADATA])('refuses %s like an unreachable server', async (host) => {
    expect(await app.test({ ...POSTGRES, host })).toEqual(REFUSED);
  });

  it('answers a closed port, a refused address, an unresolvable name and an unroutable host alike', async () => {
    const allowed = await appWith({ CONNECTION_ALLOWED_HOSTS: '127.0.0.1,nonexistent.invalid,10.255.255.1' });
    const answers = [
      await app.test({ ...POSTGRES }),
      await allowed.test({ ...POSTGRES, port: 1 }),
      await allowed.test({ ...POSTGRES, drivername: 'mysql', port: 1 }),
      await allowed.test({ ...POSTGRES, host: 'nonexistent.invalid' }),
      await allowed.test({ ...POSTGRES, host: '169.254.169.254' }),
      await allowed.test({ ...POSTGRES, host: '10.255.255.1' }),
    ];
    for (const answer of answers) expect(answer).toEqual(REFUSED);
  }, 20_000);

  it('lets an address through only to the address it checked', async () => {
    const lookup = vi.fn(async () => [{ address: '10.1.2.3', family: 4 }, { address: '127.0.0.1', family: 4 }]);
    await expect(checkedAddress(loadConfig({}), 'rebind.example', 5432, lookup as never)).rejects.toThrow(UNREACHABLE);
    lookup.mockResolvedValueOnce([{ address: '10.1.2.3', family: 4 }]);
    expect(await checkedAddress(loadConfig({}), 'db.example', 5432, lookup as never)).toBe('10.1.2.3');
    expect(await checkedAddress(loadConfig({}), '192.168.1.5', 5432, lookup as never)).toBe('192.168.1.5');
    expect(await checkedAddress(loadConfig({}), 'fc00::5', 5432, lookup as never)).toBe('fc00::5');
  });

  it('finds the IPv4 address in IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses', () => {
    expect(['::ffff:7f00:1', '::ffff:127.0.0.1', '::7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::1'].map(embeddedIpv4)).toEqual(Array(5).fill('127.0.0.1'));
    expect(['::1', '::', '2001:db8::1', '10.0.0.1'].map(embeddedIpv4)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('CONNECTION_ALLOWED_HOSTS', () => {
  it('refuses a name it does not list before any lookup', async () => {
    const config = loadConfig({ CONNECTION_ALLOWED_HOSTS: 'db.example.com,10.0.0.0/8' });
    const lookup = vi.fn(async () => [{ address: '10.0.0.1', family: 4 }]);
    for (const host of ['other.example.com', '127.1', '2130706433', 'localhost']) {
      await expect(checkedAddress(config, host, 5432, lookup as never)).rejects.toThrow(`主机 ${host} 不在允许连接的范围内`);
    }
    expect(lookup).not.toHaveBeenCalled();
    expect(await checkedAddress(config, 'DB.example.com.', 5432, lookup as never)).toBe('10.0.0.1');
    // A port on an entry allows that port only.
    await expect(checkedAddress(loadConfig({ CONNECTION_ALLOWED_HOSTS: 'db.example.com:5432' }), 'db.example.com', 3306, lookup as never)).rejects.toThrow('不在允许连接的范围内');
    expect(lookup).toHaveBeenCalledTimes(1);

    const app = await appWith({ CONNECTION_ALLOWED_HOSTS: 'db.example.com,10.0.0.0/8' });
    expect(await app.test({ ...POSTGRES, host: 'nonexistent.invalid' })).toEqual(outside('nonexistent.invalid'));
  });

  it('lets no IPv6 form of a refused IPv4 address through, nor loopback through a wide range', async () => {
    const app = await appWith({ CONNECTION_ALLOWED_HOSTS: '::/0,0.0.0.0/0' });
    for (const host of [...ODD_IPV6, ...METADATA, '::ffff:127.0.0.1', '::ffff:7f00:1', '::1', '127.0.0.1', '0.0.0.0', '::']) {
      expect(await app.test({ ...POSTGRES, host }), host).toEqual(REFUSED);
    }
    const v6only = await appWith({ CONNECTION_ALLOWED_HOSTS: 'fc00::/7' });
    expect(await v6only.test({ ...POSTGRES, host: '::ffff:10.0.0.1' })).toEqual(outside('::ffff:10.0.0.1'));
  });

  it('allows loopback when it names it, but not the server’s own database unless named with its port', async () => {
    const loopback = await appWith({ CONNECTION_ALLOWED_HOSTS: '127.0.0.0/8,::1,localhost' });
    const own = Boolean(loopback.ctx.databaseUrl); // under TEST_DATABASE_URL the app's database server is 127.0.0.1:5432
    for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1']) {
      const answer = await loopback.test({ ...POSTGRES, host });
      if (own) expect(answer, host).toEqual(REFUSED);
      else expect(answer, host).toMatchObject({ success: true });
    }
    // The list names hosts, so another spelling is a name it does not list.
    expect(await loopback.test({ ...POSTGRES, host: '127.1' })).toEqual(outside('127.1'));
    const named = await appWith({ CONNECTION_ALLOWED_HOSTS: '127.0.0.1:5432' });
    expect(await named.test(POSTGRES)).toMatchObject({ success: true });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('refuses the server of DATABASE_URL by any of its addresses, even with loopback allowed', async () => {
    // No names in the list: every spelling is looked up, and all reach the database server.
    const app = await appWith({ CONNECTION_ALLOWED_HOSTS: '127.0.0.0/8' });
    expect(new URL(app.ctx.databaseUrl!).port || '5432').toBe('5432');
    for (const host of ['127.0.0.1', 'localhost', '127.0.0.2', '127.1']) expect(await app.test({ ...POSTGRES, host }), host).toEqual(REFUSED);
    expect(await app.test({ ...POSTGRES, drivername: 'mysql', username: 'root', port: 3306, database: 'mysql' })).toMatchObject({ success: true });
    const defaults = await appWith();
    expect(await defaults.test(POSTGRES)).toEqual(REFUSED);
  });
});

/** A PostgreSQL server that asks for a cleartext password and keeps every byte it is sent. */
async function fakePostgres() {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    let asked = false;
    socket.on('data', (chunk) => {
      received.push(chunk);
      if (!asked) {
        asked = true;
        const ask = Buffer.alloc(9);
        ask.write('R', 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5); // AuthenticationCleartextPassword
        socket.write(ask);
      } else socket.destroy();
    });
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    text: () => Buffer.concat(received).toString('latin1'),
    connections: () => received.length,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a saved password', () => {
  const SECRET = 'saved-Secret-4711';
  let app: Awaited<ReturnType<typeof appWith>>;
  let home: Awaited<ReturnType<typeof fakePostgres>>;
  let elsewhere: Awaited<ReturnType<typeof fakePostgres>>;
  beforeAll(async () => {
    app = await appWith({ CONNECTION_ALLOWED_HOSTS: '127.0.0.1,localhost' });
    home = await fakePostgres();
    elsewhere = await fakePostgres();
  });
  afterAll(async () => {
    await home.close();
    await elsewhere.close();
  });
  const save = async (name: string) => {
    const made = await app.call('POST', '', { ...POSTGRES, name, port: home.port, password: SECRET });
    expect(made.status).toBe(201);
    return made.body.id as number;
  };

  it('goes where it was saved', async () => {
    const id = await save('原处');
    expect(await app.test({ id })).toEqual(REFUSED);
    expect(home.text()).toContain(SECRET);
  });

  it('is not sent by a test that changes the driver, host, port or user', async () => {
    const id = await save('测试时改地址');
    const again = '主机、端口或用户名已改变，请重新输入密码';
    for (const change of [{ port: elsewhere.port }, { host: 'localhost' }, { username: 'other' }, { username: 'Postgres' }, { drivername: 'mysql' }]) {
      const answer = await app.call('POST', 'test_connection/', { id, ...change });
      expect(answer, JSON.stringify(change)).toMatchObject({ status: 400, body: { message: again } });
    }
    expect(elsewhere.connections()).toBe(0);
    // The password typed again is the one sent.
    await app.test({ id, port: elsewhere.port, password: 'typed-again' });
    expect(elsewhere.text()).toContain('typed-again');
    expect(elsewhere.text()).not.toContain(SECRET);
  });

  it('is cleared by a PATCH or PUT that moves the connection without giving it again', async () => {
    const patched = await save('改端口');
    expect((await app.call('PATCH', `${patched}/`, { port: elsewhere.port })).status).toBe(200);
    const put = await save('整体修改');
    expect((await app.call('PUT', `${put}/`, { ...POSTGRES, name: '整体修改', port: elsewhere.port, password: undefined })).status).toBe(200);
    for (const id of [patched, put]) expect(await app.test({ id })).toEqual(REFUSED);
    expect(elsewhere.text()).not.toContain(SECRET);
    // Moved back, it stays cleared.
    expect((await app.call('PATCH', `${patched}/`, { port: home.port })).status).toBe(200);
    const before = home.text().split(SECRET).length;
    await app.test({ id: patched });
    expect(home.text().split(SECRET).length).toBe(before);
  });
});
