import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, LOCAL_DATABASES, login, type TestContext } from './helpers';

/**
 * Dates and times in the 数据 tab as the database holds them: a `date` is that day, whatever the
 * server's time zone; a timestamp with a time zone is shown in the server's zone (TZ, Asia/Shanghai
 * in tests) with its offset, never shifted silently.
 */
let ctx: TestContext;
let admin: string;
const NAME = `dates_${randomBytes(4).toString('hex')}`;
const BASE = `/api/connection/projects/${DEMO.projectUuid}`;
const get = (path: string) => ctx.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: authHeaders(admin) });
const ids: Record<string, number> = {};

async function onPostgres(database: string, text: string) {
  const client = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function onMariadb(text: string) {
  const connection = await mysql.createConnection({ host: '127.0.0.1', user: 'root', multipleStatements: true });
  try {
    await connection.query(text);
  } finally {
    await connection.end();
  }
}

const POSTGRES_TABLE = `create table moments (id int primary key, day date, at timestamp, at_tz timestamptz, clock time, days date[]);
  insert into moments values (1, '2026-11-27', '2026-11-27 23:30:00', '2026-11-27 23:30:00+08', '23:30:00', '{2026-11-27,2026-11-28}')`;

beforeAll(async () => {
  ctx = await createTestApp({ env: LOCAL_DATABASES });
  admin = await login(ctx.app);
  await onPostgres('postgres', `create database ${NAME}`);
  await onPostgres(NAME, POSTGRES_TABLE);
  // Written at +08:00: MariaDB keeps a TIMESTAMP in UTC and shows it in the session's zone.
  await onMariadb(`create database ${NAME}; set time_zone = '+08:00';
    create table ${NAME}.moments (id int primary key, day date, at datetime, at_ts timestamp null, clock time);
    insert into ${NAME}.moments values (1, '2026-11-27', '2026-11-27 23:30:00', '2026-11-27 23:30:00', '23:30:00');`);
  for (const statement of POSTGRES_TABLE.replace(/moments/g, 'warehouse_demo.moments').split(';')) await ctx.database.db.execute(sql.raw(statement));
  for (const [key, drivername] of [['pg', 'postgresql'], ['maria', 'mysql']] as const) {
    const payload = { name: `日期-${key}`, drivername, host: '127.0.0.1', port: key === 'pg' ? 5432 : 3306, username: key === 'pg' ? 'postgres' : 'root', password: '', database: NAME };
    const made = await ctx.app.inject({ method: 'POST', url: `${BASE}/connections/`, headers: authHeaders(admin), payload });
    expect(made.statusCode, made.body).toBe(201);
    ids[key] = made.json().id;
  }
  ids.builtin = (await get('connections/?drivername=builtin')).json().results[0].id;
}, 60_000);

afterAll(async () => {
  await ctx.database.db.execute(sql`drop table if exists warehouse_demo.moments`);
  await ctx.close();
  await onPostgres('postgres', `drop database if exists ${NAME} with (force)`);
  await onMariadb(`drop database if exists ${NAME}`);
});

describe('dates in the 数据 tab', () => {
  it.each([['PostgreSQL', 'pg'], ['the builtin warehouse', 'builtin']])('%s: a date is its day, a timestamptz is in the server’s zone', async (_label, key) => {
    const page = await get(`records/?connection_id=${ids[key]}&table_name=moments${key === 'builtin' ? '&schema_name=warehouse_demo' : ''}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().results[0]).toEqual({
      id: 1,
      day: '2026-11-27',
      at: '2026-11-27 23:30:00',
      at_tz: '2026-11-27 23:30:00+08',
      clock: '23:30:00',
      days: ['2026-11-27', '2026-11-28'],
    });
  });

  it('MariaDB: a date is its day, a TIMESTAMP is in the server’s zone', async () => {
    const page = await get(`records/?connection_id=${ids.maria}&table_name=moments`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().results[0]).toEqual({ id: 1, day: '2026-11-27', at: '2026-11-27 23:30:00', at_ts: '2026-11-27 23:30:00', clock: '23:30:00' });
  });
});
