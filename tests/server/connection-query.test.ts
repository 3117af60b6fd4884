import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, organizations, projects } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, LOCAL_DATABASES, login, type TestContext } from './helpers';

/**
 * The database browser's filters, counts, CSV exports and the 查询 tab, on a PostgreSQL database
 * (127.0.0.1:5432) and a MariaDB one (127.0.0.1:3306) the test makes as a tenant's own databases.
 */
let ctx: TestContext;
let admin: string;
const NAME = `dbq_${randomBytes(4).toString('hex')}`;
const BASE = `/api/connection/projects/${DEMO.projectUuid}`;
const ids: Record<string, number> = {};
const BIG = 60_000;
/** Where the app listens, for the one test that needs a real connection to close. */
let address: string | undefined;

const get = (path: string) => ctx.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: authHeaders(admin) });
const post = (path: string, payload: object) => ctx.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: authHeaders(admin), payload });

async function onPostgres(database: string, sql: string) {
  const client = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await client.connect();
  try {
    return (await client.query(sql)) as unknown as pg.QueryResult;
  } finally {
    await client.end();
  }
}

async function onMariadb(sql: string) {
  const connection = await mysql.createConnection({ host: '127.0.0.1', user: 'root', multipleStatements: true });
  try {
    return (await connection.query(sql))[0];
  } finally {
    await connection.end();
  }
}

const REGIONS = `(1, '东湖区', 1, '2024-01-05', 'a,"b"'), (2, '西山区', 2, '2024-02-10', '=1+1'), (3, '东湖街道', 3, '2024-03-15', null), (4, '湖滨街道', 3, null, '-5'), (5, '100%_区', 2, '2024-05-01', 'x')`;

beforeAll(async () => {
  ctx = await createTestApp({ env: LOCAL_DATABASES });
  admin = await login(ctx.app);
  await onPostgres('postgres', `create database ${NAME}`);
  await onPostgres(
    NAME,
    `create table regions (id int primary key, name varchar(50) not null, level int not null, created date, note text);
     create table buildings (id int primary key, region_id int references regions(id), code text, built_at timestamp);
     create table big (id int primary key);
     insert into regions values ${REGIONS};
     insert into buildings values (1, 1, 'B1', '2024-01-01 08:00:00'), (2, 3, 'B2', null);
     insert into big select g from generate_series(1, ${BIG}) g;
     analyze regions; analyze big;`,
  );
  await onMariadb(
    `create database ${NAME};
     create table ${NAME}.regions (id int primary key, name varchar(50) not null, level int not null, created date, note text);
     create table ${NAME}.buildings (id int primary key, region_id int, code varchar(20), built_at datetime, foreign key (region_id) references ${NAME}.regions (id));
     create table ${NAME}.big (id int primary key);
     insert into ${NAME}.regions values ${REGIONS};
     insert into ${NAME}.buildings values (1, 1, 'B1', '2024-01-01 08:00:00'), (2, 3, 'B2', null);
     use ${NAME}; insert into big select seq from seq_1_to_${BIG};
     analyze table ${NAME}.regions, ${NAME}.big;`,
  );
  for (const [key, drivername, port, username] of [['pg', 'postgresql', 5432, 'postgres'], ['maria', 'mysql', 3306, 'root']] as const) {
    const made = await post('connections/', { name: `查询-${key}`, drivername, host: '127.0.0.1', port, username, password: '', database: NAME });
    expect(made.statusCode, made.body).toBe(201);
    ids[key] = made.json().id;
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await onPostgres('postgres', `drop database if exists ${NAME} with (force)`);
  await onMariadb(`drop database if exists ${NAME}`);
});

describe.each([
  ['PostgreSQL', 'pg'],
  ['MariaDB', 'maria'],
])('the browser on %s', (_label, key) => {
  const where = () => `connection_id=${ids[key]}`;
  const records = (filters: unknown, extra = '') => get(`records/?${where()}&table_name=regions&filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`);
  const names = async (filters: unknown, extra = '&order_by=id') => {
    const answer = await records(filters, extra);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().results.map((row: { name: string }) => row.name);
  };

  it('filters records by column, typed, on the server, with the count of what matched', async () => {
    expect(await names([{ column: 'name', op: 'contains', value: '湖' }])).toEqual(['东湖区', '东湖街道', '湖滨街道']);
    // % and _ are letters of the text, not patterns.
    expect(await names([{ column: 'name', op: 'contains', value: '%_' }])).toEqual(['100%_区']);
    expect(await names([{ column: 'level', op: 'gte', value: 2 }, { column: 'level', op: 'lt', value: '3' }])).toEqual(['西山区', '100%_区']);
    expect(await names([{ column: 'level', op: 'between', value: [2, 3] }], '&order_by=-id')).toEqual(['100%_区', '湖滨街道', '东湖街道', '西山区']);
    expect(await names([{ column: 'created', op: 'between', value: ['2024-02-01', '2024-03-31'] }])).toEqual(['西山区', '东湖街道']);
    expect(await names([{ column: 'created', op: 'gt', value: '2024-03-15' }])).toEqual(['100%_区']);
    expect(await names([{ column: 'created', op: 'is_null' }])).toEqual(['湖滨街道']);
    // 不等于 keeps the rows where the column is empty.
    expect(await names([{ column: 'created', op: 'ne', value: '2024-01-05' }])).toEqual(['西山区', '东湖街道', '湖滨街道', '100%_区']);
    expect(await names([{ column: 'name', op: 'eq', value: "东湖区' or '1'='1" }])).toEqual([]);
    const page = (await records([{ column: 'level', op: 'eq', value: 3 }], '&limit=1')).json();
    expect(page).toMatchObject({ count: 2, count_estimated: false });
    expect(page.results).toHaveLength(1);
  });

  it('refuses a filter of the wrong type, an unknown column or op with a Chinese message naming the column, never a 500', async () => {
    const refused = async (filters: unknown) => {
      const answer = await records(filters);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().message;
    };
    expect(await refused([{ column: 'level', op: 'contains', value: '1' }])).toBe('列 level 是数字类型，不能用「包含」筛选（可用：等于、不等于、大于、大于等于、小于、小于等于、介于、为空、不为空）');
    expect(await refused([{ column: 'level', op: 'eq', value: 'abc' }])).toBe('列 level 是数字类型，筛选值「abc」不是数字');
    expect(await refused([{ column: 'created', op: 'gt', value: '2024-13-01' }])).toBe('列 created 是日期时间类型，筛选值「2024-13-01」不是有效的日期（如 2024-01-31 或 2024-01-31 08:30:00）');
    expect(await refused([{ column: 'name', op: 'gt', value: 'a' }])).toContain('列 name 是文本类型，不能用「大于」筛选');
    expect(await refused([{ column: 'secret', op: 'eq', value: 1 }])).toBe('表 regions 没有列 secret，不能按它筛选');
    expect(await refused([{ column: 'name"; drop table regions; --', op: 'eq', value: 1 }])).toBe('表 regions 没有列 name"; drop table regions; --，不能按它筛选');
    expect(await refused([{ column: 'name', op: 'like', value: 'a' }])).toContain('不支持的筛选方式：like');
    expect(await refused([{ column: 'level', op: 'between', value: 1 }])).toBe('列 level 的「介于」筛选值应为两个值的数组，如 [1, 10]');
    expect(await refused([{ column: 'level', op: 'eq' }])).toBe('列 level 的「等于」筛选缺少筛选值');
    const notJson = await get(`records/?${where()}&table_name=regions&filters=${encodeURIComponent('{oops')}`);
    expect(notJson.json().message).toContain('filters 应为 JSON 数组');
    expect((await get(`records/?${where()}&table_name=regions`)).json().count).toBe(5);
  });

  it('counts a big table from the catalogue when asked for an estimate (marked), a small one exactly', async () => {
    const estimated = (await get(`records/?${where()}&table_name=big&count=estimate&limit=1`)).json();
    expect(estimated.count_estimated).toBe(true);
    expect(estimated.count).toBeGreaterThan(BIG * 0.6);
    expect(estimated.count).toBeLessThan(BIG * 1.6);
    expect((await get(`records/?${where()}&table_name=big&count=exact&limit=1`)).json()).toMatchObject({ count: BIG, count_estimated: false });
    // With a filter there is no estimate: the count is exact.
    const filtered = (await get(`records/?${where()}&table_name=big&count=estimate&filters=${encodeURIComponent(JSON.stringify([{ column: 'id', op: 'lte', value: 10 }]))}`)).json();
    expect(filtered).toMatchObject({ count: 10, count_estimated: false });
    expect((await get(`records/?${where()}&table_name=regions&count=estimate`)).json()).toMatchObject({ count: 5, count_estimated: false });
    const tables = (await get(`tables/?${where()}`)).json() as Array<{ name: string; rows: number | null }>;
    expect(tables.find((table) => table.name === 'big')!.rows).toBeGreaterThan(BIG * 0.6);
    expect(tables.find((table) => table.name === 'regions')!.rows).toBeGreaterThanOrEqual(1);
  });

  it('exports records as CSV (UTF-8 with BOM), with the same filters and order, every row of a big table', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ column: 'level', op: 'lte', value: 2 }]));
    const answer = await get(`records/export/?${where()}&table_name=regions&order_by=-id&filters=${filters}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain("filename*=UTF-8''regions.csv");
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(answer.body.replace(/^\uFEFF/, '')).toBe(
      ['id,name,level,created,note', '5,100%_区,2,2024-05-01,x', "2,西山区,2,2024-02-10,'=1+1", '1,东湖区,1,2024-01-05,"a,""b"""', ''].join('\r\n'),
    );
    const big = await get(`records/export/?${where()}&table_name=big&order_by=id`);
    const lines = big.body.split('\r\n');
    expect(lines).toHaveLength(BIG + 2);
    expect(lines[BIG]).toBe(String(BIG));
    const wrong = await get(`records/export/?${where()}&table_name=regions&filters=${encodeURIComponent(JSON.stringify([{ column: 'level', op: 'contains', value: 'x' }]))}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['content-type']).toContain('application/json');
  });

  it('runs one read-only statement: columns, rows as arrays, a row limit, the time it took', async () => {
    const answer = await post('query/', { connection_id: ids[key], sql: 'select r.id, r.name, b.id from regions r left join buildings b on b.region_id = r.id order by r.id;', limit: 3 });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.columns).toEqual([{ name: 'id' }, { name: 'name' }, { name: 'id' }]);
    expect(body.rows).toEqual([
      [1, '东湖区', 1],
      [2, '西山区', null],
      [3, '东湖街道', 2],
    ]);
    expect(body.truncated).toBe(true);
    expect(typeof body.elapsed_ms).toBe('number');
    const all = (await post('query/', { connection_id: ids[key], sql: 'select count(*) as n from big' })).json();
    expect(all).toMatchObject({ truncated: false });
    expect(Number(all.rows[0][0])).toBe(BIG);
    const many = (await post('query/', { connection_id: ids[key], sql: 'select id from big order by id', limit: 1200 })).json();
    expect(many.rows).toHaveLength(1200);
    expect(many.truncated).toBe(true);
    expect((await post('query/', { connection_id: ids[key], sql: '' })).json().message).toBe('请输入要运行的 SQL 查询语句');
  });

  it('exports the whole result of a query as CSV', async () => {
    const answer = await post('query/export/', { connection_id: ids[key], sql: 'select id, name from regions where level = 3 order by id', limit: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.body).toBe('\uFEFFid,name\r\n3,东湖街道\r\n4,湖滨街道\r\n');
    expect((await post('query/export/', { connection_id: ids[key], sql: 'delete from regions' })).statusCode).toBe(400);
  });

  it('stops a statement past its timeout, in Chinese', async () => {
    const sleep = key === 'pg' ? 'select pg_sleep(5)' : 'select sleep(5)';
    const started = Date.now();
    const answer = await post('query/', { connection_id: ids[key], sql: sleep, timeout_seconds: 1 });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toBe('查询失败：查询超时');
    expect(Date.now() - started).toBeLessThan(4000);
    // The connection goes back to the pool with the browser's own timeout.
    expect((await post('query/', { connection_id: ids[key], sql: 'select 1 as one' })).json().rows).toEqual([[1]]);
  }, 15_000);
});

/** What the user's database holds, to compare before and after the write attempts. */
async function snapshot(key: string): Promise<string> {
  if (key === 'pg') {
    const tables = await onPostgres(NAME, `select string_agg(table_schema || '.' || table_name, ',' order by 1) as t from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`);
    const regions = await onPostgres(NAME, `select string_agg(id || ':' || name || ':' || level, ',' order by id) as r from regions`);
    const roles = await onPostgres(NAME, `select current_user as u`);
    return JSON.stringify([tables.rows, regions.rows, roles.rows]);
  }
  const tables = await onMariadb(`select group_concat(table_name order by table_name) as t from information_schema.tables where table_schema = '${NAME}'`);
  const regions = await onMariadb(`select group_concat(concat(id, ':', name, ':', level) order by id) as r from ${NAME}.regions`);
  return JSON.stringify([tables, regions]);
}

describe.each([
  [
    'PostgreSQL',
    'pg',
    [
      ["insert into regions values (9, '新区', 1, null, null)", '只读查询（SELECT、WITH、VALUES、TABLE、SHOW、EXPLAIN），不能运行 INSERT 语句'],
      ['update regions set level = 9', '不能运行 UPDATE 语句'],
      ['delete from regions', '不能运行 DELETE 语句'],
      ['drop table regions', '不能运行 DROP 语句'],
      ['create table made (a int)', '不能运行 CREATE 语句'],
      ["copy (select 1) to program 'touch /tmp/dbq-copy'", '不能运行 COPY 语句'],
      ['select * from regions for update', '只读查询不能锁定行'],
      ['select * from regions for share', '只读查询不能锁定行'],
      ['set role postgres', '不能运行 SET 语句'],
      ['set transaction read write', '不能运行 SET 语句'],
      ['with gone as (delete from regions returning *) select * from gone', '只读查询中不能包含 DELETE'],
      ['select * into made from regions', '只读查询中不能使用 INTO'],
      ['select 1; delete from regions', '一次只能运行一条 SQL 语句'],
      ["select 1 as \"a;b\"; drop table regions; --'", '一次只能运行一条 SQL 语句'],
      ['explain analyze delete from regions', '只读查询中不能包含 DELETE'],
      ['select pg_advisory_lock(1)', '只读查询中不能调用 pg_advisory_lock()'],
      ["select set_config('transaction_read_only', 'off', false)", '只读查询中不能调用 set_config()'],
      ['do $$ begin delete from regions; end $$', '不能运行 DO 语句'],
      ["select lo_export(0, '/tmp/x')", '只读查询中不能调用 lo_export()'],
    ],
  ],
  [
    'MariaDB',
    'maria',
    [
      ["insert into regions values (9, '新区', 1, null, null)", '只读查询（SELECT、WITH、VALUES、TABLE、SHOW、EXPLAIN、DESCRIBE、DESC），不能运行 INSERT 语句'],
      ['update regions set level = 9', '不能运行 UPDATE 语句'],
      ['delete from regions', '不能运行 DELETE 语句'],
      ['drop table regions', '不能运行 DROP 语句'],
      ['create table made (a int)', '不能运行 CREATE 语句'],
      ['create temporary table made (a int)', '不能运行 CREATE 语句'],
      ["select * from regions into outfile '/tmp/dbq-outfile.csv'", '只读查询中不能使用 INTO'],
      ['select 1 into @a', '只读查询中不能使用 INTO'],
      ['select * from regions for update', '只读查询不能锁定行'],
      ['select * from regions lock in share mode', '只读查询不能锁定行'],
      ['set @a = 1', '不能运行 SET 语句'],
      ['set session transaction read write', '不能运行 SET 语句'],
      ['replace into regions values (1, \'x\', 1, null, null)', '不能运行 REPLACE 语句'],
      ['/*! delete from regions */ select 1', 'MySQL 的可执行注释'],
      ['select 1; delete from regions', '一次只能运行一条 SQL 语句'],
      // In MariaDB -- starts a comment only before a space: 1--1 is arithmetic.
      ['select 1--1; delete from regions', '一次只能运行一条 SQL 语句'],
      // A backslash escapes in MariaDB's strings: the first string ends at the second quote.
      ["select 'a\\\\'; delete from regions; -- '", '一次只能运行一条 SQL 语句'],
      ['select get_lock(\'x\', 1)', '只读查询中不能调用 get_lock()'],
      ["select load_file('/etc/passwd')", '只读查询中不能调用 load_file()'],
      ['truncate table regions', '不能运行 TRUNCATE 语句'],
    ],
  ],
] as const)('writes through the 查询 tab on %s', (_label, key, attempts) => {
  it('are each refused in Chinese, and the database is unchanged', async () => {
    const before = await snapshot(key);
    for (const [sql, message] of attempts) {
      for (const path of ['query/', 'query/export/']) {
        const answer = await post(path, { connection_id: ids[key], sql });
        expect(answer.statusCode, `${sql}: ${answer.body}`).toBe(400);
        expect(answer.json().message, sql).toContain(message);
      }
    }
    expect(await snapshot(key)).toBe(before);
  });
});

describe.each([
  ['PostgreSQL', 'pg'],
  ['MariaDB', 'maria'],
])('a client that goes away on %s', (_label, key) => {
  /** Sessions of the user's database still running the sleep. */
  const sleeping = async () => {
    // On PostgreSQL the statement runs as a FETCH of its cursor.
    if (key === 'pg') return (await onPostgres(NAME, `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'report-workspace' and state = 'active'`)).rows[0].n as number;
    const [found] = (await onMariadb(`select count(*) as n from information_schema.processlist where info like '%sleep(20)%' and id <> connection_id()`)) as Array<{ n: number }>;
    return Number(found.n);
  };

  it('has its statement cancelled on the database (取消 in the app)', async () => {
    address ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const request = fetch(`${address}${BASE}/query/`, {
      method: 'POST',
      headers: { ...authHeaders(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ connection_id: ids[key], sql: key === 'pg' ? 'select pg_sleep(20)' : 'select sleep(20)' }),
      signal: controller.signal,
    }).catch((error: Error) => error);
    try {
      await expect.poll(sleeping, { timeout: 5000 }).toBe(1);
    } finally {
      controller.abort();
    }
    expect(await request).toBeInstanceOf(Error);
    // Long before the 20 seconds of the sleep.
    await expect.poll(sleeping, { timeout: 4000 }).toBe(0);
  }, 20_000);
});

describe('whose connections the new routes read', () => {
  it("answers another organization's connection as a missing one, and refuses free SQL on the built-in warehouse", async () => {
    const db = ctx.database.db;
    const [organization] = await db.insert(organizations).values({ name: '别家企业' }).returning();
    const [project] = await db.insert(projects).values({ organizationUuid: organization.uuid, name: '别家项目' }).returning();
    const [foreign] = await db
      .insert(connections)
      .values({ projectUuid: project.uuid, name: '别家连接', drivername: 'postgresql', host: '127.0.0.1', port: 5432, username: 'postgres', passwordSealed: 'x', database: NAME })
      .returning();
    for (const id of [foreign.id, 999_999]) {
      const answers = [
        await post('query/', { connection_id: id, sql: 'select 1' }),
        await post('query/export/', { connection_id: id, sql: 'select 1' }),
        await get(`records/export/?connection_id=${id}&table_name=regions`),
        await get(`records/?connection_id=${id}&table_name=regions&filters=[]`),
      ];
      expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual(Array(4).fill([404, '连接不存在']));
    }
    const [builtin] = await db.select().from(connections).where(eq(connections.drivername, 'builtin'));
    const refused = await post('query/', { connection_id: builtin.id, sql: 'select * from users' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('内置数据仓库不能运行 SQL 查询，请在「数据」中浏览、筛选和导出');
  });

  it('asks for the permission to view connections', async () => {
    const answer = await ctx.app.inject({ method: 'POST', url: `${BASE}/query/`, payload: { connection_id: ids.pg, sql: 'select 1' } });
    expect(answer.statusCode).toBe(401);
  });
});
