import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, LOCAL_DATABASES, login, type TestContext } from './helpers';

/**
 * A MariaDB user with nothing but SELECT: information_schema.TABLE_CONSTRAINTS shows such a user no
 * row, KEY_COLUMN_USAGE and STATISTICS do. 表结构 must show it the keys the ER diagram shows.
 */
let ctx: TestContext;
let admin: string;
let id: number;
const NAME = `ro_${randomBytes(4).toString('hex')}`;
const BASE = `/api/connection/projects/${DEMO.projectUuid}`;
const get = (path: string) => ctx.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: authHeaders(admin) });

async function asRoot(text: string) {
  const connection = await mysql.createConnection({ host: '127.0.0.1', user: 'root', multipleStatements: true });
  try {
    await connection.query(text);
  } finally {
    await connection.end();
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ env: LOCAL_DATABASES });
  admin = await login(ctx.app);
  await asRoot(`create database ${NAME};
    create table ${NAME}.regions (id int primary key, name varchar(50) not null, unique key regions_name_uq (name));
    create table ${NAME}.buildings (id int primary key, region_id int not null, code varchar(20), index buildings_code_idx (code),
      constraint buildings_region_fk foreign key (region_id) references ${NAME}.regions (id));
    create user '${NAME}'@'%' identified by 'read-only-pass'; grant select on ${NAME}.* to '${NAME}'@'%';
    create user '${NAME}'@'localhost' identified by 'read-only-pass'; grant select on ${NAME}.* to '${NAME}'@'localhost';`);
  const payload = { name: '只读用户', drivername: 'mysql', host: '127.0.0.1', port: 3306, username: NAME, password: 'read-only-pass', database: NAME };
  const made = await ctx.app.inject({ method: 'POST', url: `${BASE}/connections/`, headers: authHeaders(admin), payload });
  expect(made.statusCode, made.body).toBe(201);
  id = made.json().id;
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await asRoot(`drop user if exists '${NAME}'@'%'; drop user if exists '${NAME}'@'localhost'; drop database if exists ${NAME};`);
});

describe('MariaDB 表结构 for a user with only SELECT', () => {
  it('shows the primary key, the PRIMARY index, the unique key and the foreign key the ER diagram shows', async () => {
    const buildings = await get(`tables/buildings/?connection_id=${id}`);
    expect(buildings.statusCode, buildings.body).toBe(200);
    expect(buildings.json().primary_key).toEqual(['id']);
    expect(buildings.json().indexes).toEqual(expect.arrayContaining([{ name: 'PRIMARY', columns: ['id'], unique: true }, { name: 'buildings_code_idx', columns: ['code'], unique: false }]));
    expect(buildings.json().constraints).toEqual([
      { name: 'buildings_region_fk', type: 'FOREIGN KEY', columns: ['region_id'], references: { table: 'regions', columns: ['id'] }, definition: null },
    ]);
    const regions = (await get(`tables/regions/?connection_id=${id}`)).json();
    expect(regions.constraints).toEqual([{ name: 'regions_name_uq', type: 'UNIQUE', columns: ['name'], references: null, definition: null }]);

    const diagram = (await get(`entity-relation/all_entity_relation/?connection_id=${id}`)).json();
    expect(diagram.edges).toEqual([expect.objectContaining({ source: 'buildings', target: 'regions', source_columns: ['region_id'], target_columns: ['id'] })]);
  });
});
