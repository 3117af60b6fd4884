import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, organizationMembers, projectMembers, roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { seal } from '../../server/modules/connections/secret';
import { authHeaders, createTestApp, DEMO, LOCAL_DATABASES, login, type TestContext } from './helpers';

/**
 * Connections to real databases the test makes: a PostgreSQL database on 127.0.0.1:5432 and a
 * MariaDB one on 127.0.0.1:3306, each with two tables joined by a foreign key, comments and indexes.
 */
let ctx: TestContext;
let admin: string;
const NAME = `conn_${randomBytes(4).toString('hex')}`;
const BASE = `/api/connection/projects/${DEMO.projectUuid}`;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: object, token = admin) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });

const POSTGRES = { drivername: 'postgresql', host: '127.0.0.1', port: 5432, username: 'postgres', password: '', database: NAME };
const MARIADB = { drivername: 'mysql', host: '127.0.0.1', port: 3306, username: 'root', password: '', database: NAME };

async function onPostgres(database: string, sql: string) {
  const client = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function onMariadb(sql: string) {
  const connection = await mysql.createConnection({ host: '127.0.0.1', user: 'root', multipleStatements: true });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  // The local databases, and one unroutable address for the timeout.
  ctx = await createTestApp({ env: { CONNECTION_ALLOWED_HOSTS: `${LOCAL_DATABASES.CONNECTION_ALLOWED_HOSTS},10.255.255.1` } });
  admin = await login(ctx.app);
  await onPostgres('postgres', `create database ${NAME}`);
  await onPostgres(NAME, `
    create table regions (id serial primary key, name varchar(50) not null unique, level int not null default 1);
    comment on table regions is '行政区划';
    comment on column regions.name is '区划名称';
    create table buildings (id serial primary key, region_id int not null references regions(id), code text not null, height numeric(6, 2), photo bytea);
    create index buildings_code_idx on buildings (code);
    create schema health;
    create table health.indicators (id int primary key);
    insert into regions (name, level) select '街道' || g, 4 from generate_series(1, 30) g;
    insert into buildings (region_id, code, height, photo) select 1 + g % 30, 'B' || g, g * 1.5, '\\x0102' from generate_series(1, 45) g;`);
  await onMariadb(`
    create database ${NAME};
    create table ${NAME}.regions (id int primary key auto_increment, name varchar(50) not null unique comment '区划名称', level int not null default 1) comment '行政区划';
    create table ${NAME}.buildings (id int primary key auto_increment, region_id int not null, code varchar(20) not null, index buildings_code_idx (code),
      constraint buildings_region_fk foreign key (region_id) references ${NAME}.regions (id));
    insert into ${NAME}.regions (name, level) values ('示例街道', 4), ('示例社区', 5);
    insert into ${NAME}.buildings (region_id, code) values (1, 'B1'), (2, 'B2'), (2, 'B3');`);
  for (const [name, body] of [['pg', POSTGRES], ['maria', MARIADB]] as const) {
    const made = await call('POST', 'connections/', { ...body, name: `测试-${name}` });
    expect(made.statusCode, made.body).toBe(201);
    ids[name] = made.json().id;
  }
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await onPostgres('postgres', `drop database if exists ${NAME} with (force)`);
  await onMariadb(`drop database if exists ${NAME}`);
});

describe('connections', () => {
  it('keeps the password sealed and never answers it', async () => {
    const [row] = await ctx.database.db.select().from(connections).where(eq(connections.id, ids.pg));
    expect(row.passwordSealed).not.toBe('');
    const secret = await call('POST', 'connections/', { ...POSTGRES, name: '带密码', password: 'p@ss-明文' });
    expect(secret.body).not.toContain('p@ss');
    const [sealed] = await ctx.database.db.select().from(connections).where(eq(connections.id, secret.json().id));
    expect(sealed.passwordSealed).not.toContain('p@ss');
    for (const answer of [await call('GET', 'connections/'), await call('GET', `connections/${secret.json().id}/`)]) {
      expect(answer.body).not.toMatch(/password/);
    }
    const schema = (await ctx.app.inject({ method: 'GET', url: '/api/schema/' })).body;
    expect(schema).not.toMatch(/"password":\{[^}]*"example"/);
    await call('DELETE', `connections/${secret.json().id}/`);
  });

  it('lists with search, driver, name and ordering, and refuses what is wrong in Chinese', async () => {
    const names = async (query: string) => (await call('GET', `connections/?${query}`)).json().results.map((c: { name: string }) => c.name);
    // The seed's builtin 示例数据仓库 comes first by name.
    expect(await names('ordering=-name')).toEqual(['示例数据仓库', '测试-pg', '测试-maria']);
    expect(await names('drivername=mysql')).toEqual(['测试-maria']);
    expect(await names('name__contains=PG')).toEqual(['测试-pg']);
    expect(await names(`search=${NAME}&limit=1`)).toHaveLength(1);
    expect((await call('GET', 'connections/?ordering=password')).json().message).toBe('不能按 password 排序');
    expect((await call('POST', 'connections/', { ...POSTGRES, name: '测试-pg' })).json().message).toBe('连接名称已存在');
    expect((await call('POST', 'connections/', { ...POSTGRES, name: '' })).json().message).toBe('请输入连接名称');
    expect((await call('POST', 'connections/', { ...POSTGRES, name: 'x', drivername: 'oracle' })).json().message).toBe('不支持的数据库类型：oracle（可选 postgresql、mysql）');
  });

  it('tests a connection for real: success, a wrong password; a closed port, an unroutable host and a metadata address alike', async () => {
    const test = async (body: object) => (await call('POST', 'connections/test_connection/', body)).json();
    expect(await test(POSTGRES)).toMatchObject({ success: true });
    expect(await test(MARIADB)).toMatchObject({ success: true });
    expect(await test({ id: ids.pg })).toMatchObject({ success: true });
    expect((await test({ ...MARIADB, password: 'wrong' })).message).toContain('用户名或密码错误');
    expect((await test({ ...POSTGRES, database: 'no_such_db' })).message).toContain('数据库不存在');
    const unreachable = { success: false, message: '无法连接到数据库服务器，请检查主机、端口和网络设置' };
    expect(await test({ ...POSTGRES, port: 1 })).toEqual(unreachable);
    expect(await test({ ...MARIADB, port: 1 })).toEqual(unreachable);
    const started = Date.now();
    // Unroutable: a timeout, or at once where the network refuses it; either way within the connect timeout.
    expect(await test({ ...POSTGRES, host: '10.255.255.1' })).toEqual(unreachable);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await test({ ...POSTGRES, host: '169.254.169.254' })).toEqual(unreachable);
  }, 20_000);

  it('asks for the password again when the server key no longer opens it', async () => {
    const made = (await call('POST', 'connections/', { ...POSTGRES, name: '换过密钥' })).json();
    await ctx.database.db.update(connections).set({ passwordSealed: seal(randomBytes(32), 'other') }).where(eq(connections.id, made.id));
    const message = '无法解密该连接保存的密码（服务器的 CONNECTION_SECRET 已更换），请编辑连接重新填写密码';
    expect((await call('GET', `tables/?connection_id=${made.id}`)).json()).toMatchObject({ message });
    expect((await call('PATCH', `connections/${made.id}/`, { name: '换过密钥的' })).json()).toMatchObject({ message });
    expect((await call('PATCH', `connections/${made.id}/`, { password: '' })).statusCode).toBe(200);
    expect((await call('GET', `tables/?connection_id=${made.id}`)).statusCode).toBe(200);
    await call('DELETE', `connections/${made.id}/`);
  });

  it('keeps the password on a change that leaves it out', async () => {
    const changed = await call('PATCH', `connections/${ids.maria}/`, { name: '测试-maria' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('POST', 'connections/test_connection/', { id: ids.maria })).json()).toMatchObject({ success: true });
  });
});

describe.each([
  ['PostgreSQL', 'pg', 'public', 'integer'],
  ['MariaDB', 'maria', NAME, 'int(11)'],
])('introspection of %s', (_label, key, schema, intType) => {
  const where = () => `connection_id=${ids[key]}`;

  it('lists databases, schemas and tables with search and ordering', async () => {
    expect((await call('GET', `databases/?${where()}&search=${NAME}`)).json()).toEqual([{ name: NAME }]);
    expect((await call('GET', `schemas/?${where()}`)).json().map((s: { name: string }) => s.name)).toContain(schema);
    const tables = (await call('GET', `tables/?${where()}&schema_name=${schema}&ordering=-name`)).json();
    expect(tables).toMatchObject([{ name: 'regions', comment: '行政区划' }, { name: 'buildings', comment: null }]);
    expect((await call('GET', `tables/?${where()}&search=REG`)).json().map((t: { name: string }) => t.name)).toEqual(['regions']);
  });

  it('describes a table: columns, comments, primary key, indexes, constraints', async () => {
    const regions = (await call('GET', `tables/regions/?${where()}`)).json();
    expect(regions).toMatchObject({ code: 'regions', comment: '行政区划', primary_key: ['id'] });
    expect(regions.columns.find((c: { name: string }) => c.name === 'name')).toMatchObject({ nullable: false, comment: '区划名称' });
    expect(regions.columns.find((c: { name: string }) => c.name === 'level')).toMatchObject({ type: intType, default: '1' });
    expect(regions.indexes.some((i: { columns: string[]; unique: boolean }) => i.unique && i.columns.join() === 'name')).toBe(true);
    const buildings = (await call('GET', `tables/buildings/?${where()}`)).json();
    expect(buildings.constraints.find((c: { type: string }) => c.type === 'FOREIGN KEY')).toMatchObject({ columns: ['region_id'], references: { table: 'regions', columns: ['id'] } });
    expect(buildings.indexes.some((i: { name: string }) => i.name === 'buildings_code_idx')).toBe(true);
    expect((await call('GET', `tables/nothing/?${where()}`)).json().message).toBe('表 nothing 不存在');
  });

  it('draws the entity relations of a schema and of one table', async () => {
    const all = (await call('GET', `entity-relation/all_entity_relation/?${where()}`)).json();
    expect(all.nodes.map((n: { id: string }) => n.id).sort()).toEqual(['buildings', 'regions']);
    const regions = all.nodes.find((n: { id: string }) => n.id === 'regions');
    expect(regions).toMatchObject({ comment: '行政区划', primary_key: ['id'], more_columns: 0 });
    expect(regions.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'name', 'level']);
    expect(regions.columns[2].type).toBe(intType);
    expect(all.edges).toEqual([expect.objectContaining({ source: 'buildings', target: 'regions', source_columns: ['region_id'], target_columns: ['id'] })]);
    const one = (await call('GET', `entity-relation/regions/entity_relation/?${where()}`)).json();
    expect(one.edges).toHaveLength(1);
    expect(one.nodes.find((n: { id: string }) => n.id === 'buildings').columns.map((c: { name: string }) => c.name)).toContain('region_id');
  });

  it('pages records, orders only by a real column, and quotes names it found in the catalogue', async () => {
    const page = (await call('GET', `records/?${where()}&table_name=regions&limit=2&offset=1&order_by=-id`)).json();
    expect(page.count).toBe(key === 'pg' ? 30 : 2);
    expect(page.results).toHaveLength(key === 'pg' ? 2 : 1);
    expect(page.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'name', 'level']);
    expect(page.results[0].id).toBe(key === 'pg' ? 29 : 1);
    expect((await call('GET', `records/?${where()}&table_name=regions&order_by=level;drop table regions`)).json().message).toBe('表 regions 没有列 level;drop table regions，不能按它排序');
    expect((await call('GET', `records/?${where()}&table_name=${encodeURIComponent('regions"; drop table regions; --')}`)).statusCode).toBe(404);
    expect((await call('GET', `records/?${where()}&table_name=regions`)).json().count).toBe(key === 'pg' ? 30 : 2);
  });

  it('keeps answering when the database closes its connections, even mid-request (a restart)', async () => {
    const tables = () => call('GET', `tables/?${where()}&schema_name=${schema}`);
    const closeConnections = async () => {
      if (key === 'pg') return onPostgres('postgres', `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${NAME}' and application_name = 'report-workspace'`);
      const root = await mysql.createConnection({ host: '127.0.0.1', user: 'root' });
      const [kept] = await root.query(`select id from information_schema.processlist where db = ? and id <> connection_id()`, [NAME]);
      for (const { id } of kept as Array<{ id: number }>) await root.query(`kill ${Number(id)}`).catch(() => undefined);
      await root.end();
    };
    expect((await tables()).statusCode).toBe(200);
    // Requests in flight while their connections are closed fail at most with a 400; the server stays up.
    const during = await Promise.all([...Array.from({ length: 12 }, tables), closeConnections().then(() => undefined)]);
    expect(during.filter((answer) => answer && answer.statusCode >= 500).map((answer) => answer!.body)).toEqual([]);
    const after = await tables();
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe('records of odd types, and other projects', () => {
  it('answers binary as its size', async () => {
    const page = (await call('GET', `records/?connection_id=${ids.pg}&table_name=buildings&limit=1&order_by=id`)).json();
    expect(page.results[0]).toMatchObject({ code: 'B1', photo: '<二进制 2 字节>', height: '1.50' });
    const other = (await call('GET', `tables/?connection_id=${ids.pg}&schema_name=health`)).json();
    expect(other).toMatchObject([{ name: 'indicators', comment: null }]);
    expect((await call('GET', `databases/?connection_id=${ids.pg}&database_name=no_such_db`)).json().message).toBe('数据库 no_such_db 不存在或无权访问');
  });

  it("refuses another project's connection, and a member without the permission", async () => {
    const project = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name: '另一个项目' } });
    expect(project.statusCode, project.body).toBeLessThan(300);
    const otherUuid = project.json().uuid ?? project.json().data?.uuid;
    const made = await ctx.app.inject({ method: 'POST', url: `/api/connection/projects/${otherUuid}/connections/`, headers: authHeaders(admin), payload: { ...POSTGRES, name: '别处的' } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await call('GET', `connections/${made.json().id}/`)).statusCode).toBe(404);
    expect((await call('GET', `tables/?connection_id=${made.json().id}`)).statusCode).toBe(404);

    const [user] = await ctx.database.db.insert(users).values({ username: 'visitor1', mobile: '13900000001', nickname: '访客', passwordHash: await hashPassword('visitor-pass1') }).returning();
    await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid, roleId: null });
    const [visitor] = await ctx.database.db.select().from(roles).where(and(eq(roles.projectUuid, DEMO.projectUuid), eq(roles.builtin, 'visitor')));
    await ctx.database.db.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid: user.uuid, roleId: visitor.id });
    const token = await login(ctx.app, 'visitor1', 'visitor-pass1');
    // A visitor reads the library, not the project's data connections.
    const refused = await call('GET', 'connections/', undefined, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 40301, message: '您没有「查看数据连接」权限' });
    const reports = await ctx.app.inject({ method: 'GET', url: `/studio/report/api/report/projects/${DEMO.projectUuid}/report/report_list/`, headers: authHeaders(token) });
    expect(reports.statusCode, reports.body).toBe(200);
    expect((await call('POST', 'connections/', { ...POSTGRES, name: '访客建的' }, token)).statusCode).toBe(403);
    expect((await call('POST', 'connections/test_connection/', POSTGRES, token)).statusCode).toBe(403);
  });
});

describe('the hosts connections may reach', () => {
  it('follows CONNECTION_ALLOWED_HOSTS: host names and ranges in it, nothing else', async () => {
    // The port, as 127.0.0.1:5432 is the server's own database under TEST_DATABASE_URL.
    const limited = await createTestApp({ env: { CONNECTION_ALLOWED_HOSTS: 'localhost:5432,10.0.0.0/8' } });
    try {
      const token = await login(limited.app);
      const test = async (host: string) =>
        (await limited.app.inject({ method: 'POST', url: `${BASE}/connections/test_connection/`, headers: authHeaders(token), payload: { ...POSTGRES, host, database: 'postgres' } })).json();
      expect((await test('127.0.0.1')).message).toBe('主机 127.0.0.1 不在允许连接的范围内');
      expect(await test('localhost')).toMatchObject({ success: true });
    } finally {
      await limited.close();
    }
  });
});
