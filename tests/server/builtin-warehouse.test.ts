import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGION_LEVEL_NAMES } from '../../contract/results';
import { seed } from '../../server/db/seed';
import { connections, projects } from '../../server/db/schema';
import { withProjectConnection } from '../../server/modules/connections/reader';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

/** The demo project's builtin connection (示例数据仓库): the seed's warehouse, and nothing else of the server's database. */
let ctx: TestContext;
let admin: string;
let id: number;
const BASE = `/api/connection/projects/${DEMO.projectUuid}`;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: object) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(admin), ...(payload ? { payload } : {}) });
const names = (body: Array<{ name: string }>) => body.map((row) => row.name);
/** The schema the demo project's own imports go to, beside the seeded warehouse_demo. */
const ownSchema = `warehouse_${DEMO.projectUuid.replace(/-/g, '')}`;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  const listed = (await call('GET', 'connections/?drivername=builtin')).json();
  expect(listed.results).toHaveLength(1);
  expect(listed.results[0]).toMatchObject({ name: '示例数据仓库', drivername: 'builtin', database: 'warehouse' });
  id = listed.results[0].id;
}, 60_000);
afterAll(() => ctx.close());

describe('the builtin connection', () => {
  it('browses the warehouse schema through the browse routes', async () => {
    expect((await call('GET', `databases/?connection_id=${id}`)).json()).toEqual([{ name: 'warehouse' }]);
    expect(names((await call('GET', `schemas/?connection_id=${id}`)).json())).toEqual(['warehouse_demo']);
    // Without schema_name it starts in the first warehouse schema.
    const tables = (await call('GET', `tables/?connection_id=${id}`)).json();
    expect(names(tables)).toEqual(['indicator_catalogue', 'indicator_value', 'investigation_scope']);
    const scope = (await call('GET', `tables/investigation_scope/?connection_id=${id}&schema_name=warehouse_demo`)).json();
    expect(scope.columns.map((column: { name: string }) => column.name)).toEqual(['id', ...Object.values(REGION_LEVEL_NAMES)]);
    const page = (await call('GET', `records/?connection_id=${id}&table_name=investigation_scope&limit=2&order_by=id`)).json();
    expect(page.count).toBe(1000);
    expect(page.results[0]).toMatchObject({ 省名称: '示例省', 城市名称: '示例市', 楼栋号: '1号楼' });
    const diagram = (await call('GET', `entity-relation/all_entity_relation/?connection_id=${id}`)).json();
    expect(diagram.nodes).toHaveLength(3);
    // Filters and the CSV export run on the server's own database too (a cursor in the read-only transaction).
    const filters = encodeURIComponent(JSON.stringify([{ column: 'id', op: 'lte', value: 600 }]));
    expect((await call('GET', `records/?connection_id=${id}&table_name=investigation_scope&filters=${filters}`)).json().count).toBe(600);
    const csv = await call('GET', `records/export/?connection_id=${id}&table_name=investigation_scope&order_by=id&filters=${filters}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(['id', ...Object.values(REGION_LEVEL_NAMES)].join(','));
    expect(lines).toHaveLength(602);
    expect((await call('POST', 'connections/test_connection/', { id })).json()).toMatchObject({ success: true });
  });

  it('never reaches the server’s own tables, by any route or parameter', async () => {
    const refused = `内置数据仓库只能访问本项目的数据仓库（warehouse_demo、${ownSchema}），不能访问 public`;
    for (const path of [
      `tables/?connection_id=${id}&schema_name=public`,
      `tables/users/?connection_id=${id}&schema_name=public`,
      `records/?connection_id=${id}&schema_name=public&table_name=users`,
      `records/export/?connection_id=${id}&schema_name=public&table_name=users`,
      `entity-relation/all_entity_relation/?connection_id=${id}&schema_name=public`,
      `entity-relation/users/entity_relation/?connection_id=${id}&schema_name=public`,
    ]) {
      const answer = await call('GET', path);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().message, path).toBe(refused);
    }
    for (const schema of ['pg_catalog', 'information_schema', 'warehouse', 'Warehouse_demo']) {
      expect((await call('GET', `tables/?connection_id=${id}&schema_name=${schema}`)).statusCode, schema).toBe(400);
    }
    // Names are quoted, never spliced: a table "name" reaching into public is just a missing table.
    for (const table of ['users', 'investigation_scope" union select * from public.users --', '../public.users']) {
      expect((await call('GET', `records/?connection_id=${id}&table_name=${encodeURIComponent(table)}`)).statusCode, table).toBe(404);
    }
    const database = await call('GET', `schemas/?connection_id=${id}&database_name=postgres`);
    expect(database.statusCode).toBe(400);
    expect(database.json().message).toBe('数据库 postgres 不存在或无权访问');
    await expect(withProjectConnection(ctx.app, DEMO.projectUuid, id, undefined, (session) => session.select('public', 'users', ['username'], {}, 10))).rejects.toThrow(refused);
  });

  it("of another project sees neither the demo's warehouse nor another project's", async () => {
    const [other] = await ctx.database.db.insert(projects).values({ organizationUuid: DEMO.organizationUuid, name: '第二个项目' }).returning();
    const [connection] = await ctx.database.db
      .insert(connections)
      .values({ projectUuid: other.uuid, name: '第二个仓库', drivername: 'builtin', host: '内置', port: 0, username: 'readonly', passwordSealed: '', database: 'warehouse' })
      .returning();
    const otherSchema = `warehouse_${other.uuid.replace(/-/g, '')}`;
    const otherBase = `/api/connection/projects/${other.uuid}`;
    const browse = (path: string) => ctx.app.inject({ method: 'GET', url: `${otherBase}/${path}`, headers: authHeaders(admin) });
    expect((await browse(`schemas/?connection_id=${connection.id}`)).json()).toEqual([]);
    // Before any import it starts in its own (empty) schema.
    expect((await browse(`tables/?connection_id=${connection.id}`)).json()).toEqual([]);
    for (const statement of [`create schema ${otherSchema}`, `create table ${otherSchema}.secret (x int)`, `insert into ${otherSchema}.secret values (7)`]) {
      await ctx.database.db.execute(sql.raw(statement));
    }
    expect(names((await browse(`tables/?connection_id=${connection.id}`)).json())).toEqual(['secret']);
    for (const schema of ['warehouse_demo', ownSchema]) {
      const answer = await browse(`records/?connection_id=${connection.id}&schema_name=${schema}&table_name=investigation_scope`);
      expect(answer.statusCode, schema).toBe(400);
      expect(answer.json().message).toBe(`内置数据仓库只能访问本项目的数据仓库（${otherSchema}），不能访问 ${schema}`);
    }
    // Nor does the demo's connection see the other project's schema.
    expect((await call('GET', `records/?connection_id=${id}&schema_name=${otherSchema}&table_name=secret`)).statusCode).toBe(400);
    expect(names((await call('GET', `schemas/?connection_id=${id}`)).json())).toEqual(['warehouse_demo']);
    await ctx.database.db.execute(sql.raw(`drop schema ${otherSchema} cascade`));
    await ctx.database.db.delete(projects).where(eq(projects.uuid, other.uuid));
  });

  it('runs its sessions in a read-only transaction', async () => {
    await ctx.database.db.execute(sql`create view warehouse_demo.transaction_mode as select current_setting('transaction_read_only') as read_only`);
    const [row] = await withProjectConnection(ctx.app, DEMO.projectUuid, id, undefined, (session) => session.select('warehouse_demo', 'transaction_mode', ['read_only'], {}, 1));
    expect(row).toEqual({ read_only: 'on' });
    await ctx.database.db.execute(sql`drop view warehouse_demo.transaction_mode`);
  });

  it('cannot be made or edited through the routes', async () => {
    const made = await call('POST', 'connections/', { name: '我的仓库', drivername: 'builtin', host: 'x', username: 'x', database: 'warehouse' });
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe('内置数据仓库连接由系统创建，不能新建或改为该类型');
    const edited = await call('PATCH', `connections/${id}/`, { name: '改名' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toBe('内置数据仓库连接由系统维护，不能修改');
    const other = await call('POST', 'connections/', { name: '外部库', drivername: 'postgresql', host: '127.0.0.1', username: 'postgres', password: '', database: 'postgres' });
    expect(other.statusCode, other.body).toBe(201);
    const turned = await call('PATCH', `connections/${other.json().id}/`, { drivername: 'builtin' });
    expect(turned.json().message).toBe('内置数据仓库连接由系统创建，不能新建或改为该类型');
    const unknown = await call('POST', 'connections/', { name: '未知', drivername: 'oracle', host: 'x', username: 'x', database: 'x' });
    expect(unknown.json().message).toBe('不支持的数据库类型：oracle（可选 postgresql、mysql）');
  });
});

describe('the demo warehouse seed', () => {
  it('adds nothing when run again, and gives the dimension labels their region levels', async () => {
    const counts = async () =>
      ((await ctx.database.db.execute(sql`select (select count(*) from warehouse_demo.investigation_scope)::int as buildings,
        (select count(*) from warehouse_demo.indicator_catalogue)::int as indicators, (select count(*) from warehouse_demo.indicator_value)::int as "values",
        (select count(*) from connections where drivername = 'builtin')::int as connections`)) as unknown as { rows: Array<Record<string, number>> }).rows[0];
    const before = await counts();
    expect(before).toMatchObject({ buildings: 1000, indicators: 44 * 5, connections: 1 });
    await seed(ctx.database.db);
    expect(await counts()).toEqual(before);
    const dimensions = (await ctx.app.inject({ method: 'GET', url: `/studio/report/api/report/projects/${DEMO.projectUuid}/label/?origin=报告&limit=100`, headers: authHeaders(admin) })).json();
    const levels = Object.fromEntries(
      (dimensions.results as Array<{ name: string; extra_info: { level: number } }>).filter((label) => ['生态宜居', '交通便捷', '健康舒适', '整洁有序'].includes(label.name)).map((label) => [label.name, label.extra_info.level]),
    );
    expect(levels).toEqual({ 生态宜居: 3, 交通便捷: 4, 健康舒适: 5, 整洁有序: 6 });
  });
});

describe('select on the builtin driver', () => {
  it('reads chosen columns with filters, checks names in the catalogue, and caps the rows', async () => {
    const read = (columns: string[], where: Record<string, string | number>, limit = 100) =>
      withProjectConnection(ctx.app, DEMO.projectUuid, id, undefined, (session) => session.select('warehouse_demo', 'investigation_scope', columns, where, limit));
    const rows = await read(['小区名称', '楼栋号'], { 社区名称: '幸福社区', 小区名称: '锦绣花园' });
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({ 小区名称: '锦绣花园', 楼栋号: '1号楼' });
    expect(await read(['楼栋号'], {}, 5)).toHaveLength(5);
    expect(await read(['楼栋号'], { 小区名称: "锦绣花园' or '1'='1" })).toEqual([]);
    await expect(read(['楼栋号', 'password_hash'], {})).rejects.toThrow('数据表 warehouse_demo.investigation_scope 缺少列：password_hash');
    await expect(read(['楼栋号'], { 'id" = id or "1': 1 })).rejects.toThrow('缺少列');
    await expect(
      withProjectConnection(ctx.app, DEMO.projectUuid, id, undefined, (session) => session.select('warehouse_demo', 'nothing', ['x'], {}, 1)),
    ).rejects.toThrow('数据表 warehouse_demo.nothing 不存在');
  });
});
