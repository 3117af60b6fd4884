import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, projectMembers, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: unknown, token = admin) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('label groups', () => {
  it('lists the seeded groups with label_num and total_label', async () => {
    const body = (await call('GET', 'label_group/')).json();
    expect(body.results.map((g: { name: string }) => g.name)).toEqual(['体检维度', '报告类型', '素材类型']);
    expect(body.results[0].label_num).toBe(8);
    expect(body.total_label).toBe(15);
  });

  it('adds, renames, sorts and deletes groups with the spec messages', async () => {
    expect((await call('POST', 'label_group/', { name: ' ' })).json().message).toBe('分组名称必填！');
    const group = (await call('POST', 'label_group/', { name: '临时分组' })).json();
    expect((await call('POST', 'label_group/', { name: '临时分组' })).json().message).toBe('标签分组名称已存在');
    expect((await call('PATCH', `label_group/${group.id}/`, { name: '' })).json().message).toBe('组名不能为空');
    expect((await call('PATCH', `label_group/${group.id}/`, { name: '改名分组' })).json().name).toBe('改名分组');
    const ids = (await call('GET', 'label_group/')).json().results.map((g: { id: number }) => g.id);
    expect((await call('POST', 'label_group/sort_data/', [...ids].reverse())).json().message).toBe('排序成功');
    expect((await call('GET', 'label_group/')).json().results[0].name).toBe('改名分组');
    expect((await call('POST', 'label_group/sort_data/', ids.slice(1))).statusCode).toBe(400);
    await call('POST', 'label_group/sort_data/', ids);
    await call('POST', 'label/', { name: '组内标签', origin: '报告', label_group: group.id });
    expect((await call('DELETE', `label_group/${group.id}/`)).statusCode).toBe(204);
    expect((await call('GET', 'label/?name=组内标签')).json().count).toBe(0);
  });

  it('bulk deletes all or nothing', async () => {
    const a = (await call('POST', 'label_group/', { name: '甲' })).json();
    const b = (await call('POST', 'label_group/', { name: '乙' })).json();
    expect((await call('POST', 'label_group/bulk_delete/', { ids: [a.id, 999999] })).statusCode).toBe(404);
    expect((await call('GET', 'label_group/')).json().results.some((g: { id: number }) => g.id === a.id)).toBe(true);
    expect((await call('POST', 'label_group/bulk_delete/', { ids: `${a.id},${b.id}` })).json().message).toBe('批量删除成功!');
    expect((await call('POST', 'label_group/bulk_delete/', { ids: [] })).json().message).toBe('请选择删除分组');
  });
});

describe('labels', () => {
  it('filters by origin, group and name, in DRF pages', async () => {
    const groups = (await call('GET', 'label_group/')).json().results;
    const dimensions = groups.find((g: { name: string }) => g.name === '体检维度');
    const page = (await call('GET', `label/?origin=报告&label_group_id=${dimensions.id}&limit=3`)).json();
    expect(page.count).toBe(8);
    expect(page.results).toHaveLength(3);
    expect(page.results[0]).toMatchObject({ name: '生态宜居', origin: '报告', type: '原子标签', label_group: dimensions.id, label_group_name: '体检维度' });
    expect((await call('GET', 'label/?origin=素材')).json().count).toBe(4);
    expect((await call('GET', 'label/?name=宜居')).json().results.map((l: { name: string }) => l.name)).toEqual(['生态宜居']);
  });

  it('creates labels, with code 400 for a duplicate in the same group and entity', async () => {
    const group = (await call('GET', 'label_group/')).json().results[1];
    expect((await call('POST', 'label/', { name: '' })).json().message).toBe('请输入标签名称');
    const created = await call('POST', 'label/', { name: '新标签', origin: '报告', type: '原子标签', label_group: group.id, extra_info: '{"level":2}' });
    expect(created.statusCode).toBe(201);
    expect(created.json().extra_info).toEqual({ level: 2 });
    const twin = await call('POST', 'label/', { name: '新标签', origin: '报告', label_group: group.id });
    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toEqual({ code: 400, message: '标签「新标签」在该分组中已存在' });
    expect((await call('POST', 'label/', { name: '新标签', origin: '素材', label_group: group.id })).statusCode).toBe(201);
    expect((await call('POST', 'label/', { name: '无组标签' })).statusCode).toBe(201);
    expect((await call('POST', 'label/', { name: '无组标签' })).json().code).toBe(400);
    expect((await call('POST', 'label/', { name: 'x', label_group: 999999 })).json().message).toBe('标签分组不存在');
  });

  it('edits, moves many, bulk creates and deletes', async () => {
    const groups = (await call('GET', 'label_group/')).json().results;
    const made = await call('POST', 'label/bulk_create/', [
      { name: '批量一', origin: '报告', type: '原子标签', label_group: groups[0].id },
      { name: '批量二', origin: '报告', type: '原子标签', label_group: groups[0].id },
    ]);
    expect(made.statusCode).toBe(201);
    const ids = made.json().data.map((l: { id: number }) => l.id);
    const clash = await call('POST', 'label/bulk_create/', [{ name: '批量三', label_group: groups[0].id }, { name: '批量一', label_group: groups[0].id }]);
    expect(clash.statusCode).toBe(400);
    expect((await call('GET', 'label/?name=批量三')).json().count).toBe(0);
    expect((await call('POST', 'label/bulk_create/', [{ name: '重复' }, { name: '重复' }])).json().message).toBe('第 2 条：标签「重复」重复');

    expect((await call('PATCH', `label/${ids[0]}/`, { name: '批量改' })).json().name).toBe('批量改');
    const moved = await call('POST', 'label/batch_update/', { ids, label_group: groups[1].id });
    expect(moved.json().message).toBe('标签更新成功');
    expect((await call('GET', `label/?label_group_id=${groups[1].id}&name=批量`)).json().count).toBe(2);
    expect((await call('POST', 'label/batch_update/', { ids: [...ids, 999999], label_group: groups[0].id })).json().message).toBe('部分标签不存在');
    expect((await call('POST', 'label/bulk_delete/', { ids })).statusCode).toBe(204);
    expect((await call('GET', 'label/?name=批量')).json().count).toBe(0);
  });
});

describe('label spreadsheet import', () => {
  it('previews row by row, then writes the valid rows in one go', async () => {
    const rows = [
      { id: 1, name: '生态宜居', group: '体检维度', origin: '报告' },
      { id: 2, name: '年度体检报告', group: '体检维度', origin: '报告' },
      { id: 3, name: '导入新标签', group: '导入分组', origin: '报告' },
      { id: 4, name: '', group: '体检维度', origin: '报告' },
      { id: 5, name: '坏实体', group: '', origin: '文件' },
      { id: 6, name: '导入新标签', group: '别的', origin: '报告' },
      { id: 7, name: '=cmd()', group: '', origin: '素材' },
    ];
    const preview = (await call('POST', 'label/import/', { dry_run: true, rows })).json();
    expect(preview.data.rows.map((r: { action: string }) => r.action)).toEqual(['unchanged', 'change', 'create', 'reject', 'reject', 'reject', 'create']);
    expect(preview.data.rows[1].reason).toBe('标签类别由「报告类型」改为「体检维度」');
    expect(preview.data.rows.slice(3, 6).map((r: { reason: string }) => r.reason)).toEqual(['标签名称为空', '实体只能是报告或素材', '与第 3 行重复']);
    expect((await call('GET', 'label/?name=导入新标签')).json().count).toBe(0);

    const done = (await call('POST', 'label/import/', { rows })).json();
    expect(done.message).toBe('导入成功');
    expect(done.data).toMatchObject({ created: 2, changed: 1, unchanged: 1, rejected: 3 });
    const imported = (await call('GET', 'label/?name=导入新标签')).json().results[0];
    expect(imported.label_group_name).toBe('导入分组');
    expect((await call('GET', 'label/?name=年度体检报告')).json().results[0].label_group_name).toBe('体检维度');
    expect((await call('GET', 'label/?name==cmd()')).json().results[0].name).toBe('=cmd()');
    expect((await call('POST', 'label/import/', { rows: [] })).json().message).toBe('当前excel无数据');
  });

  it('imports 10,000 rows', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ name: `万行标签${i}`, group: `万行分组${i % 10}`, origin: '素材' }));
    const done = (await call('POST', 'label/import/', { rows })).json();
    expect(done.data.created).toBe(10_000);
    expect((await call('GET', 'label/?name=万行标签&limit=1')).json().count).toBe(10_000);
  });
});

describe('filter groups', () => {
  it('hold labels of their entity, expanded, and follow the report group', async () => {
    const seeded = (await call('GET', 'filter_label_setting/?origin=报告')).json().results;
    expect(seeded[0]).toMatchObject({ name: '体检维度', origin: '报告' });
    expect(seeded[0].labels.map((l: { name: string }) => l.name)).toContain('生态宜居');
    const reportLabels = (await call('GET', 'label/?origin=报告&limit=2')).json().results.map((l: { id: number }) => l.id);
    const materialLabel = (await call('GET', 'label/?origin=素材&limit=1')).json().results[0].id;
    expect((await call('POST', 'filter_label_setting/', { name: '混合', origin: '报告', tags: [materialLabel] })).json().message).toBe(
      '筛选中包含不存在或实体不符的标签',
    );
    const created = (await call('POST', 'filter_label_setting/', { name: '分组专用', origin: '报告', group_id: 7, tags: reportLabels })).json();
    expect(created.tags).toEqual(reportLabels);
    expect((await call('GET', 'filter_label_setting/?origin=报告&group_id=7')).json().count).toBe(2);
    expect((await call('GET', 'filter_label_setting/?origin=报告&group_id=8')).json().count).toBe(1);
    expect((await call('PATCH', `filter_label_setting/${created.id}/`, { name: '改名筛选', tags: [reportLabels[0]] })).json()).toMatchObject({ name: '改名筛选', tags: [reportLabels[0]] });
    await call('DELETE', `label/${reportLabels[0]}/`);
    expect((await call('GET', 'filter_label_setting/?origin=报告&group_id=7')).json().results.find((f: { id: number }) => f.id === created.id).labels).toEqual([]);
    expect((await call('POST', 'filter_label_setting/bulk_delete/', { ids: [created.id] })).json().message).toBe('批量删除成功!');
  });
});

describe('permissions and other projects', () => {
  it('gives a 访客 read access and refuses writes with 40301', async () => {
    const [user] = await ctx.database.db.insert(users).values({ username: 'viewer', passwordHash: await hashPassword('viewer-pass1') }).returning();
    await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
    const visitorRole = (await ctx.app.inject({ method: 'GET', url: `/api/project/v1/projects/${DEMO.projectUuid}/roles/?search=访客`, headers: authHeaders(admin) })).json().results[0];
    await ctx.database.db.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid: user.uuid, roleId: visitorRole.id });
    const viewer = await login(ctx.app, 'viewer', 'viewer-pass1');
    expect((await call('GET', 'label/', undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', 'label_group/', undefined, viewer)).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', 'label/', { name: 'x' }],
      ['POST', 'label_group/', { name: 'x' }],
      ['POST', 'filter_label_setting/', { name: 'x' }],
      ['POST', 'label/import/', { rows: [{ name: 'x', origin: '报告' }] }],
    ] as const) {
      const response = await call(method, path, body, viewer);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().code).toBe(40301);
    }
  });

  it('answers 404 for another project and never touches its labels', async () => {
    const other = (await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name: '另一个项目' } })).json();
    const otherBase = `/studio/report/api/report/projects/${other.uuid}`;
    const foreign = (await ctx.app.inject({ method: 'POST', url: `${otherBase}/label/`, headers: authHeaders(admin), payload: { name: '外部标签' } })).json();
    const foreignGroup = (await ctx.app.inject({ method: 'POST', url: `${otherBase}/label_group/`, headers: authHeaders(admin), payload: { name: '外部分组' } })).json();
    expect((await call('PATCH', `label/${foreign.id}/`, { name: '偷改' })).statusCode).toBe(404);
    expect((await call('DELETE', `label/${foreign.id}/`)).statusCode).toBe(404);
    expect((await call('POST', 'label/bulk_delete/', { ids: [foreign.id] })).statusCode).toBe(400);
    expect((await call('POST', 'label/', { name: 'y', label_group: foreignGroup.id })).json().message).toBe('标签分组不存在');
    expect((await call('DELETE', `label_group/${foreignGroup.id}/`)).statusCode).toBe(404);
    expect((await call('POST', 'filter_label_setting/', { name: 'z', tags: [foreign.id] })).statusCode).toBe(400);
    const list = await ctx.app.inject({ method: 'GET', url: `${otherBase}/label/`, headers: authHeaders(admin) });
    expect(list.json().results.map((l: { name: string }) => l.name)).toEqual(['外部标签']);
    const stranger = await ctx.app.inject({ method: 'GET', url: '/studio/report/api/report/projects/00000000-0000-4000-8000-000000000000/label/', headers: authHeaders(admin) });
    expect(stranger.statusCode).toBe(404);
  });
});
