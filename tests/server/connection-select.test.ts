import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProjectConnection } from '../../server/modules/connections/reader';
import { authHeaders, createTestApp, DEMO, LOCAL_DATABASES, login, type TestContext } from './helpers';

/** Session.select on real databases: a PostgreSQL database on 127.0.0.1:5432 and a MariaDB one on 127.0.0.1:3306. */
let ctx: TestContext;
const NAME = `sel_${randomBytes(4).toString('hex')}`;
const ids: Record<string, number> = {};

async function onPostgres(database: string, sql: string) {
  const client = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

async function onMariadb(sql: string) {
  const connection = await mysql.createConnection({ host: '127.0.0.1', user: 'root', multipleStatements: true });
  await connection.query(sql).finally(() => connection.end());
}

const TABLE = `(id int primary key, 区县名称 varchar(20) not null, 街道名称 varchar(20), 楼栋数 int)`;
const ROWS = `(1, '东湖区', '东湖街道', 12), (2, '东湖区', '湖滨街道', 8), (3, '西山区', '西山街道', 5), (4, '东湖区', '桃源街道', 12)`;

beforeAll(async () => {
  ctx = await createTestApp({ env: LOCAL_DATABASES });
  const admin = await login(ctx.app);
  await onPostgres('postgres', `create database ${NAME}`);
  await onPostgres(NAME, `create table streets ${TABLE}; insert into streets values ${ROWS}; create table secrets (token text); insert into secrets values ('s3cret')`);
  await onMariadb(`create database ${NAME}; create table ${NAME}.streets ${TABLE}; insert into ${NAME}.streets values ${ROWS}`);
  for (const [key, drivername, port, username] of [['pg', 'postgresql', 5432, 'postgres'], ['maria', 'mysql', 3306, 'root']] as const) {
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/connection/projects/${DEMO.projectUuid}/connections/`,
      headers: authHeaders(admin),
      payload: { name: `读取-${key}`, drivername, host: '127.0.0.1', port, username, password: '', database: NAME },
    });
    expect(made.statusCode, made.body).toBe(201);
    ids[key] = made.json().id;
  }
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await onPostgres('postgres', `drop database if exists ${NAME} with (force)`);
  await onMariadb(`drop database if exists ${NAME}`);
});

describe.each([
  ['PostgreSQL', 'pg', 'public'],
  ['MariaDB', 'maria', NAME],
])('select on %s', (_label, key, schema) => {
  const select = (table: string, columns: string[], where: Record<string, string | number>, limit = 100) =>
    withProjectConnection(ctx.app, DEMO.projectUuid, ids[key], undefined, (session) => session.select(schema, table, columns, where, limit));

  it('reads the chosen columns of the rows matching every filter, at most limit', async () => {
    const rows = await select('streets', ['街道名称', '楼栋数'], { 区县名称: '东湖区', 楼栋数: 12 });
    expect(rows.map((row) => row.街道名称).sort()).toEqual(['东湖街道', '桃源街道']);
    expect(Object.keys(rows[0]).sort()).toEqual(['楼栋数', '街道名称'].sort());
    expect(await select('streets', ['id'], {}, 3)).toHaveLength(3);
    expect(await select('streets', ['id'], {})).toHaveLength(4);
    // Values are bound, never spliced into the SQL.
    expect(await select('streets', ['id'], { 区县名称: "东湖区' or '1'='1" })).toEqual([]);
  });

  it('answers in Chinese for a missing table or column, and quotes the names it found', async () => {
    await expect(select('nothing', ['id'], {})).rejects.toThrow(`数据表 ${schema}.nothing 不存在`);
    await expect(select('streets', ['id', 'token'], { 小区名称: 'x' })).rejects.toThrow(`数据表 ${schema}.streets 缺少列：token、小区名称`);
    await expect(select('streets', ['id from streets; select token from secrets --'], {})).rejects.toThrow('缺少列');
    await expect(select('streets', [], {})).rejects.toThrow('请选择要读取的列');
  });
});
