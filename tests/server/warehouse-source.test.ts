import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, projects } from '../../server/db/schema';
import { projectWarehouseSchema } from '../../server/modules/connections/drivers/builtin';
import { authHeaders, createTestApp, DEMO, LOCAL_DATABASES, login, memberWithRole, type TestContext } from './helpers';

/** 项目设置 › 成果数据: checking a candidate source of the 成果 area and saving it into the project's extra_info. */
let ctx: TestContext;
let admin: string;
let demoConnection: number;
let partial: string;
let partialConnection: number;
const partialSource = () => ({ connection_id: partialConnection, database_name: 'warehouse', schema_name: projectWarehouseSchema(partial) });
const base = (project: string) => `/studio/report/api/report/projects/${project}`;
const query = (source: Record<string, unknown>) => new URLSearchParams(Object.entries(source).map(([key, value]) => [key, String(value)])).toString();
const check = (project: string, source: Record<string, unknown>, token = admin) =>
  ctx.app.inject({ method: 'GET', url: `${base(project)}/warehouse/check/?${query(source)}`, headers: authHeaders(token) });
const save = (project: string, source: Record<string, unknown>, token = admin) =>
  ctx.app.inject({ method: 'PUT', url: `${base(project)}/warehouse/source/`, headers: authHeaders(token), payload: source });
const extraInfo = async (project: string) => (await ctx.database.db.select().from(projects).where(eq(projects.uuid, project)))[0].extraInfo;
const tree = (project: string) => ctx.app.inject({ method: 'GET', url: `${base(project)}/investigation_scope/tree/?level_limit=3`, headers: authHeaders(admin) });
const demoSource = () => ({ connection_id: demoConnection, database_name: 'warehouse', schema_name: 'warehouse_demo' });

async function newProject(name: string) {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().uuid as string;
}

/** A builtin connection of `project` onto its own warehouse schema, as only the seed and the import make them. */
async function builtinConnection(project: string) {
  const [row] = await ctx.database.db
    .insert(connections)
    .values({ projectUuid: project, name: '仓库', drivername: 'builtin', host: '内置', port: 0, username: 'readonly', passwordSealed: '', database: 'warehouse' })
    .returning();
  return row.id;
}

beforeAll(async () => {
  // 10.255.255.1 is allowed but answers nothing: a connection there is unreachable.
  ctx = await createTestApp({ env: { CONNECTION_ALLOWED_HOSTS: `${LOCAL_DATABASES.CONNECTION_ALLOWED_HOSTS},10.255.255.1` } });
  admin = await login(ctx.app);
  demoConnection = Number((await extraInfo(DEMO.projectUuid) as { connection_id: string }).connection_id);
  const { db } = ctx.database;
  // The demo project's own warehouse schema with no tables yet, and a project whose region table lacks 楼栋号 and that has no values table.
  await db.execute(sql.raw(`create schema ${projectWarehouseSchema(DEMO.projectUuid)}`));
  partial = await newProject('缺表的项目');
  partialConnection = await builtinConnection(partial);
  const schema = projectWarehouseSchema(partial);
  await db.execute(sql.raw(`create schema ${schema}`));
  await db.execute(sql.raw(`create table ${schema}.investigation_scope ("省名称" text, "城市名称" text, "区县名称" text, "街道名称" text, "社区名称" text, "小区名称" text)`));
  await db.execute(sql.raw(`create table ${schema}.indicator_catalogue as select * from warehouse_demo.indicator_catalogue`));
}, 60_000);
afterAll(() => ctx.close());

describe('checking a source', () => {
  it('finds the demo warehouse ready, with its rows counted', async () => {
    const answer = await check(DEMO.projectUuid, demoSource());
    expect(answer.statusCode, answer.body).toBe(200);
    const { data, message } = answer.json();
    expect(message).toBe('数据已就绪');
    expect(data.ready).toBe(true);
    expect(data.missing).toEqual([]);
    expect(data.tables.map((table: { name: string; label: string; present: boolean }) => [table.name, table.label, table.present])).toEqual([
      ['investigation_scope', '调查范围', true],
      ['indicator_catalogue', '指标目录', true],
      ['indicator_value', '指标值', true],
    ]);
    expect(data.tables[0].rows).toBe(1000);
    expect(data.tables[1].rows).toBeGreaterThan(0);
  });

  it('names the missing tables and columns in Chinese', async () => {
    const empty = (await check(DEMO.projectUuid, { ...demoSource(), schema_name: projectWarehouseSchema(DEMO.projectUuid) })).json();
    expect(empty.data.ready).toBe(false);
    expect(empty.data.missing).toEqual(['缺少表 investigation_scope（调查范围）', '缺少表 indicator_catalogue（指标目录）', '缺少表 indicator_value（指标值）']);
    const lacking = (await check(partial, partialSource())).json();
    expect(lacking.data.missing).toEqual(['表 investigation_scope 缺少列 楼栋号', '缺少表 indicator_value（指标值）']);
    expect(lacking.data.tables[0]).toMatchObject({ present: true, missing_columns: ['楼栋号'], rows: null });
    expect(lacking.data.tables[1]).toMatchObject({ present: true, missing_columns: [] });
  });

  it('refuses a schema or database that is not there, and an unreachable connection, in Chinese', async () => {
    for (const [source, message] of [
      [{ ...demoSource(), schema_name: 'warehouse_none' }, 'schema warehouse_none 不存在或无权访问'],
      [{ ...demoSource(), schema_name: 'public' }, 'schema public 不存在或无权访问'],
      [{ ...demoSource(), database_name: 'postgres' }, '数据库 postgres 不存在或无权访问'],
      [{ connection_id: demoConnection, schema_name: '' }, '查询参数「模式名」不能为空'],
      [{ connection_id: demoConnection, schema_name: '  ' }, '请选择 schema'],
      [{ connection_id: 'abc', schema_name: 'warehouse_demo' }, '查询参数「数据连接」的类型不正确'],
    ] as const) {
      const answer = await check(DEMO.projectUuid, source);
      expect([answer.statusCode, answer.json().message], JSON.stringify(source)).toEqual([400, message]);
    }
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/connection/projects/${DEMO.projectUuid}/connections/`,
      headers: authHeaders(admin),
      payload: { name: '不通的库', drivername: 'postgresql', host: '10.255.255.1', port: 5432, username: 'u', password: 'p', database: 'd' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const answer = await check(DEMO.projectUuid, { connection_id: made.json().id, schema_name: 'public' });
    expect([answer.statusCode, answer.json().message]).toEqual([400, '无法连接到数据库服务器，请检查主机、端口和网络设置']);
    const saved = await save(DEMO.projectUuid, { connection_id: made.json().id, schema_name: 'public' });
    expect(saved.statusCode).toBe(400);
    expect(await extraInfo(DEMO.projectUuid)).toMatchObject({ connection_id: String(demoConnection), schema_name: 'warehouse_demo' });
  }, 30_000);

  it('answers nothing about another project’s connection', async () => {
    const other = await newProject('别的项目');
    const theirs = await builtinConnection(other);
    for (const answer of [await check(DEMO.projectUuid, { ...demoSource(), connection_id: theirs }), await save(DEMO.projectUuid, { ...demoSource(), connection_id: theirs })]) {
      expect([answer.statusCode, answer.json().message]).toEqual([404, '连接不存在']);
    }
    // Nor from the other side: the demo connection through the other project.
    expect((await check(other, demoSource())).statusCode).toBe(404);
    expect((await save(other, demoSource())).statusCode).toBe(404);
    expect(await extraInfo(other)).toEqual({});
  });

  it('is for the project’s admins only', async () => {
    for (const role of ['editor', 'visitor'] as const) {
      const token = await memberWithRole(ctx, `warehouse-${role}`, role);
      for (const answer of [await check(DEMO.projectUuid, demoSource(), token), await save(DEMO.projectUuid, demoSource(), token)]) {
        expect(answer.statusCode, role).toBe(403);
        expect(answer.json().message).toMatch(/权限/);
      }
    }
  });
});

describe('saving a source', () => {
  it('saves a ready source, after which the project’s region tree is read from it', async () => {
    const project = await newProject('新客户项目');
    const connection = await builtinConnection(project);
    expect((await tree(project)).json().message).toBe('项目未配置数据连接，请在项目设置中配置数据连接');

    // The project's own warehouse, a copy of the demo's.
    const schema = projectWarehouseSchema(project);
    await ctx.database.db.execute(sql.raw(`create schema ${schema}`));
    for (const table of ['investigation_scope', 'indicator_catalogue', 'indicator_value']) {
      await ctx.database.db.execute(sql.raw(`create table ${schema}.${table} as select * from warehouse_demo.${table}`));
    }

    const saved = await save(project, { connection_id: connection, database_name: 'warehouse', schema_name: schema });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: '保存成功', data: { check: { ready: true } } });
    expect(await extraInfo(project)).toEqual({ connection_id: String(connection), database_name: 'warehouse', schema_name: schema });
    const regions = await tree(project);
    expect(regions.statusCode, regions.body).toBe(200);
    expect(regions.json().data[0]).toMatchObject({ name: '示例省', level: 1 });
    expect(regions.json().data[0].children[0].children).toHaveLength(4);
  });

  it('without a database saves the connection’s own, and keeps the other keys of extra_info', async () => {
    const before = await extraInfo(DEMO.projectUuid);
    expect(before).toMatchObject({ project_id: DEMO.projectUuid });
    const saved = await save(DEMO.projectUuid, { connection_id: demoConnection, schema_name: 'warehouse_demo' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await extraInfo(DEMO.projectUuid)).toEqual({ project_id: DEMO.projectUuid, connection_id: String(demoConnection), database_name: 'warehouse', schema_name: 'warehouse_demo' });
  });

  it('refuses a source whose check fails, and writes nothing', async () => {
    const before = await extraInfo(partial);
    const refused = await save(partial, partialSource());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('数据来源不完整，未保存：表 investigation_scope 缺少列 楼栋号；缺少表 indicator_value（指标值）');
    expect(await extraInfo(partial)).toEqual(before);
    // Nor does a builtin connection reach another project's warehouse: the demo's is not the partial project's.
    const borrowed = await check(partial, { ...partialSource(), schema_name: 'warehouse_demo' });
    expect(borrowed.statusCode).toBe(400);
  });
});

describe('the generic project edit', () => {
  const edit = (project: string, extra_info: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/project/v1/projects/${project}/`, headers: authHeaders(admin), payload: { extra_info } });

  it('refuses a connection id of another project, or of none, and writes nothing', async () => {
    const other = await newProject('借用连接的项目');
    for (const id of [String(demoConnection), '999999', 'abc', '1e3']) {
      const answer = await edit(other, { connection_id: id, database_name: 'warehouse', schema_name: 'warehouse_demo' });
      expect([answer.statusCode, answer.json().message], id).toEqual([400, '数据连接不存在或不属于本项目']);
    }
    expect(await extraInfo(other)).toEqual({});
    // Its own connection, or none, is accepted as before.
    const own = await builtinConnection(other);
    expect((await edit(other, { connection_id: String(own), schema_name: 'warehouse_demo' })).statusCode).toBe(200);
    expect((await edit(other, { connection_id: '' })).statusCode).toBe(200);
  });

  it('refuses a connection id in a new project', async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/project/v1/projects/',
      headers: authHeaders(admin),
      payload: { name: '带着连接新建', extra_info: { connection_id: String(demoConnection), schema_name: 'warehouse_demo' } },
    });
    expect([made.statusCode, made.json().message]).toEqual([400, '数据连接不存在或不属于本项目']);
  });
});
