import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGION_LEVELS, type RegionNode } from '../../contract/results';
import { organizations, projects } from '../../server/db/schema';
import { indicatorsOf } from '../../server/modules/results/indicators';
import { findRegion, projectWarehouse, regionTree } from '../../server/modules/results/regions';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const treeUrl = (project: string, query = '') => `/studio/report/api/report/projects/${project}/investigation_scope/tree/${query}`;
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: authHeaders(admin) });
const tree = async (query = '', project: string = DEMO.projectUuid) => {
  const answer = await get(treeUrl(project, query));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as RegionNode[];
};
/** Nodes per level, 1 to 7. */
const counts = (nodes: RegionNode[]) => {
  const seen = [0, 0, 0, 0, 0, 0, 0];
  const walk = (list: RegionNode[]) => list.forEach((node) => (seen[node.level - 1] += 1, walk(node.children)));
  walk(nodes);
  return seen;
};
const patchProject = (uuid: string, extra_info: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/project/v1/projects/${uuid}/`, headers: authHeaders(admin), payload: { extra_info } });
const newProject = async (name: string) => {
  const made = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().uuid as string;
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
}, 60_000);
afterAll(() => ctx.close());

describe('the region tree route', () => {
  it('answers the demo tree down to each level_limit, 7 by default', async () => {
    const full = [1, 1, 4, 10, 30, 100, 1000];
    for (const limit of REGION_LEVELS) expect(counts(await tree(`?level_limit=${limit}`)), `level_limit=${limit}`).toEqual(full.map((n, i) => (i < limit ? n : 0)));
    const whole = await tree();
    expect(counts(whole)).toEqual(full);
    const [province] = whole;
    expect(province).toMatchObject({ name: '示例省', level: 1 });
    expect(province.children[0]).toMatchObject({ name: '示例市', level: 2 });
    expect(province.children[0].children.map((district) => district.name)).toEqual(expect.arrayContaining(['东湖区', '西山区', '南城区', '北岸县']));
    const xiaoqu = province.children[0].children.find((d) => d.name === '东湖区')!.children.find((s) => s.name === '东湖街道')!.children.find((c) => c.name === '幸福社区')!.children.find((x) => x.name === '锦绣花园')!;
    // Buildings in number order, not text order.
    expect(xiaoqu.children.map((building) => building.name)).toEqual(['1号楼', '2号楼', '3号楼', '4号楼', '5号楼', '6号楼', '7号楼', '8号楼']);
    expect(xiaoqu.children[0]).toEqual({ name: '1号楼', level: 7, children: [] });
  });

  it('refuses a level_limit outside 1 to 7 in Chinese', async () => {
    for (const [query, message] of [
      ['?level_limit=0', '查询参数「层级上限」不能小于 1'],
      ['?level_limit=8', '查询参数「层级上限」不能大于 7'],
      ['?level_limit=abc', '查询参数「层级上限」的类型不正确'],
      ['?level_limit=2.5', '查询参数「层级上限」的类型不正确'],
    ]) {
      const answer = await get(treeUrl(DEMO.projectUuid, query));
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toBe(message);
    }
  });

  it('asks for a data connection when the project has none, and refuses another project’s connection or a missing table', async () => {
    const bare = await newProject('没有数据的项目');
    const none = await get(treeUrl(bare));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('项目未配置数据连接，请在项目设置中配置数据连接');
    await expect(projectWarehouse(ctx.app, bare)).rejects.toThrow('项目未配置数据连接');

    // The demo project's connection is not this project's: the edit refuses it, and the tree route refuses
    // it like a missing one should it be there all the same (written before edits checked it).
    const demo = await projectWarehouse(ctx.app, DEMO.projectUuid);
    const borrowing = { connection_id: String(demo.connectionId), database_name: 'warehouse', schema_name: 'warehouse_demo' };
    const refused = await patchProject(bare, borrowing);
    expect([refused.statusCode, refused.json().message]).toEqual([400, '数据连接不存在或不属于本项目']);
    await ctx.database.db.update(projects).set({ extraInfo: borrowing }).where(eq(projects.uuid, bare));
    const borrowed = await get(treeUrl(bare));
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().message).toBe('连接不存在');

    // The project's own import schema, before any import: a schema its connection may read, without tables.
    const ownSchema = `warehouse_${DEMO.projectUuid.replace(/-/g, '')}`;
    const wrongSchema = await patchProject(DEMO.projectUuid, { connection_id: String(demo.connectionId), database_name: 'warehouse', schema_name: ownSchema });
    expect(wrongSchema.statusCode).toBe(200);
    const missing = await get(treeUrl(DEMO.projectUuid));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(`读取调查范围失败：数据表 ${ownSchema}.investigation_scope 不存在`);
    const outside = await patchProject(DEMO.projectUuid, { connection_id: String(demo.connectionId), database_name: 'warehouse', schema_name: 'public' });
    expect(outside.statusCode).toBe(200);
    expect((await get(treeUrl(DEMO.projectUuid))).json().message).toBe(`读取调查范围失败：内置数据仓库只能访问本项目的数据仓库（warehouse_demo、${ownSchema}），不能访问 public`);
    await patchProject(DEMO.projectUuid, { project_id: DEMO.projectUuid, connection_id: String(demo.connectionId), database_name: 'warehouse', schema_name: 'warehouse_demo' });
    expect(counts(await tree('?level_limit=3'))).toEqual([1, 1, 4, 0, 0, 0, 0]);
  });

  it('refuses a project the caller is not a member of, like a missing one', async () => {
    const orgUuid = '44444444-4444-4444-8444-444444444444';
    await ctx.database.db.insert(organizations).values({ uuid: orgUuid, name: '别家企业' });
    const [other] = await ctx.database.db.insert(projects).values({ organizationUuid: orgUuid, name: '别家项目', extraInfo: (await ctx.database.db.select().from(projects).where(eq(projects.uuid, DEMO.projectUuid)))[0].extraInfo }).returning();
    const answer = await get(treeUrl(other.uuid));
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('项目不存在或您不是该项目的成员');
    expect(answer.body).not.toContain('示例');
    const missing = await get(treeUrl('00000000-0000-4000-8000-000000000000'));
    expect([missing.statusCode, missing.json().message]).toEqual([404, answer.json().message]);
  });

  it('keeps the tree until the project’s extra_info changes', async () => {
    expect(counts(await tree())[2]).toBe(4);
    await ctx.database.db.execute(sql`insert into warehouse_demo.investigation_scope ("省名称", "城市名称", "区县名称", "街道名称") values ('示例省', '示例市', '新区', '新区街道')`);
    // Kept: the new district is not read yet.
    expect(counts(await tree())[2]).toBe(4);
    const extra = (await ctx.database.db.select().from(projects).where(eq(projects.uuid, DEMO.projectUuid)))[0].extraInfo;
    expect((await patchProject(DEMO.projectUuid, extra)).statusCode).toBe(200);
    const after = await tree();
    // Read again; a row whose lower levels are empty ends its branch at the street.
    expect(counts(after)).toEqual([1, 1, 5, 11, 30, 100, 1000]);
    expect(after[0].children[0].children.find((d) => d.name === '新区')!.children).toEqual([{ name: '新区街道', level: 4, children: [] }]);
    await ctx.database.db.execute(sql`delete from warehouse_demo.investigation_scope where "区县名称" = '新区'`);
    expect((await patchProject(DEMO.projectUuid, extra)).statusCode).toBe(200);
    expect(counts(await tree())[2]).toBe(4);
  });

  it('answers the kept tree once it is a minute old while reading it again', async () => {
    expect(counts(await tree())[2]).toBe(4);
    await ctx.database.db.execute(sql`insert into warehouse_demo.investigation_scope ("省名称", "城市名称", "区县名称") values ('示例省', '示例市', '新区')`);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      // This request does not wait for the read: it gets the kept tree.
      expect(counts(await tree())[2]).toBe(4);
      await vi.waitFor(async () => expect(counts(await tree())[2]).toBe(5), { timeout: 10_000, interval: 50 });
    } finally {
      vi.useRealTimers();
      await ctx.database.db.execute(sql`delete from warehouse_demo.investigation_scope where "区县名称" = '新区'`);
      await patchProject(DEMO.projectUuid, (await ctx.database.db.select().from(projects).where(eq(projects.uuid, DEMO.projectUuid)))[0].extraInfo);
    }
    expect(counts(await tree())[2]).toBe(4);
  });
});

describe('regions and indicators for generation', () => {
  it('finds a data_list entry’s region in the tree, or nothing', async () => {
    const source = await projectWarehouse(ctx.app, DEMO.projectUuid);
    expect(source).toEqual({ connectionId: expect.any(Number), databaseName: 'warehouse', schemaName: 'warehouse_demo' });
    const demo = await regionTree(ctx.app, DEMO.projectUuid, source);
    expect(counts(demo)).toEqual([1, 1, 4, 10, 30, 100, 1000]);
    expect(findRegion(demo, 3, { area: '东湖区' })).toEqual(['示例省', '示例市', '东湖区']);
    expect(findRegion(demo, 5, { area: '东湖区', street: '东湖街道', community: '幸福社区' })).toEqual(['示例省', '示例市', '东湖区', '东湖街道', '幸福社区']);
    expect(findRegion(demo, 7, { area: '东湖区', street: '东湖街道', community: '幸福社区', village: '锦绣花园', loudong: '8号楼' })).toHaveLength(7);
    expect(findRegion(demo, 3, { area: '东湖区', street: '不相干' })).toEqual(['示例省', '示例市', '东湖区']);
    expect(findRegion(demo, 2, {})).toEqual(['示例省', '示例市']);
    expect(findRegion(demo, 1, {})).toEqual(['示例省']);
    // Misses: a name not there, a street under another district, a key left out, a building past the last.
    expect(findRegion(demo, 3, { area: '不存在区' })).toBeUndefined();
    expect(findRegion(demo, 4, { area: '西山区', street: '东湖街道' })).toBeUndefined();
    expect(findRegion(demo, 5, { area: '东湖区', community: '幸福社区' })).toBeUndefined();
    expect(findRegion(demo, 7, { area: '东湖区', street: '东湖街道', community: '幸福社区', village: '锦绣花园', loudong: '9号楼' })).toBeUndefined();

    // Two cities with a district of the same name: the first city in the tree's order.
    const node = (name: string, level: number, children: RegionNode[] = []) => ({ name, level, children }) as RegionNode;
    const twoCities = [node('示例省', 1, [node('甲市', 2, [node('城东区', 3)]), node('乙市', 2, [node('城东区', 3), node('城西区', 3)])])];
    expect(findRegion(twoCities, 3, { area: '城东区' })).toEqual(['示例省', '甲市', '城东区']);
    expect(findRegion(twoCities, 3, { area: '城西区' })).toEqual(['示例省', '乙市', '城西区']);
  });

  it('reads the catalogue of a dimension at a level with the values of a demo region', async () => {
    const source = await projectWarehouse(ctx.app, DEMO.projectUuid);
    const community = ['示例省', '示例市', '东湖区', '东湖街道', '幸福社区'];
    const indicators = await indicatorsOf(ctx.app, DEMO.projectUuid, source, community, '健康舒适', 5);
    expect(indicators.map((indicator) => indicator.code)).toEqual(['JKSS-01', 'JKSS-02', 'JKSS-03', 'JKSS-04', 'JKSS-05', 'JKSS-06']);
    expect(indicators[0]).toMatchObject({ name: '社区卫生服务中心覆盖率', unit: '%', standard: 100, direction: 'higher' });
    expect(indicators[5]).toMatchObject({ name: '住房租金收入比', standard: 25, direction: 'lower' });
    const stored = (await ctx.database.db.execute(
      sql`select indicator_code as code, value from warehouse_demo.indicator_value where level = 5 and "社区名称" = '幸福社区' and indicator_code like 'JKSS-%' order by 1`,
    )) as unknown as { rows: Array<{ code: string; value: string | null }> };
    const values = stored.rows.map((row) => [row.code, row.value]);
    expect(indicators.map((indicator) => [indicator.code, indicator.value])).toEqual(values.map(([code, value]) => [code, value === null ? null : Number(value)]));
    for (const indicator of indicators) expect(indicator.value === null || typeof indicator.value === 'number').toBe(true);

    // Across the demo's communities some indicators meet their standard, some miss it, a few have no value.
    const all = await Promise.all(
      (await regionTree(ctx.app, DEMO.projectUuid, source))[0].children[0].children.flatMap((district) =>
        district.children.flatMap((street) => street.children.map((c) => indicatorsOf(ctx.app, DEMO.projectUuid, source, ['示例省', '示例市', district.name, street.name, c.name], '多元包容', 5))),
      ),
    );
    const flat = all.flat();
    const met = flat.filter((i) => i.value !== null && (i.direction === 'higher' ? i.value >= i.standard : i.value <= i.standard));
    expect(flat).toHaveLength(30 * 5);
    expect(met.length).toBeGreaterThan(20);
    expect(flat.length - met.length).toBeGreaterThan(20);
    expect(flat.some((i) => i.value === null)).toBe(true);

    await expect(indicatorsOf(ctx.app, DEMO.projectUuid, source, community, '不存在的维度', 5)).rejects.toThrow('指标目录中没有维度「不存在的维度」在第 5 级（社区名称）的指标');
    await expect(indicatorsOf(ctx.app, DEMO.projectUuid, source, community.slice(0, 3), '健康舒适', 5)).rejects.toThrow('不在第 5 级');
  });
});

describe('the connection behind the tree', () => {
  it('forgets the kept tree when the connection is deleted', async () => {
    expect(counts(await tree())[6]).toBe(1000);
    const { connectionId } = await projectWarehouse(ctx.app, DEMO.projectUuid);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/connection/projects/${DEMO.projectUuid}/connections/${connectionId}/`, headers: authHeaders(admin) });
    expect(deleted.statusCode).toBe(204);
    const answer = await get(treeUrl(DEMO.projectUuid));
    expect([answer.statusCode, answer.json().message]).toEqual([404, '连接不存在']);
  });
});
