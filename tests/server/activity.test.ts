import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, libraryItems, organizationMembers, organizations, projectMembers, projects, roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { sweepActivities } from '../../server/modules/activity/retention';
import { ensureBuiltinRoles } from '../../server/modules/projects/builtin-roles';
import { authHeaders, createTestApp, DEMO, login, memberWithRole, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
type Row = { id: number; action: string; target_type: string; target_id: string; target_name: string; user_name: string; user_uuid: string; changes: Record<string, [unknown, unknown]> };

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object, token = admin, base = BASE) =>
  ctx.app.inject({ method, url: `${base}/${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
const PROJECT_API = '/api/project/v1/projects';
const history = async (query = '', token = admin, base = BASE) => {
  const response = await call('GET', `activity/?pageSize=100&${query}`, undefined, token, base);
  expect(response.statusCode).toBe(200);
  return response.json().result as { data: Row[]; total: number; more: boolean };
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  await ctx.database.db.insert(libraryItems).values(['报告一', '报告二', '报告三'].map((name) => ({ projectUuid: DEMO.projectUuid, kind: 'report' as const, name, createUser: '张三' })));
});
afterAll(() => ctx?.close());

describe('activity history', () => {
  it('records an edit with the changed fields only, before → after, and lists a report’s own rows', async () => {
    const [report] = (await call('GET', 'report/report_list/?pageSize=1')).json().result.data as Array<{ id: number; name: string }>;
    const saved = await call('PUT', 'report/report_edit/', { id: report.id, name: '改过名的报告', create_user: undefined });
    expect(saved.statusCode).toBe(200);
    const { data } = await history(`target_type=report&target_id=${report.id}`);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ action: '修改', target_type: 'report', target_id: String(report.id), target_name: '改过名的报告', user_name: expect.any(String) });
    expect(data[0].changes).toEqual({ name: [report.name, '改过名的报告'] });
  });

  it('records one row per item of a batch move, with the group by name', async () => {
    const group = (await call('POST', 'report_group/group_create/', { name: '历史分组' })).json().data as { id: number };
    const ids = ((await call('GET', 'report/report_list/?pageSize=2')).json().result.data as Array<{ id: number }>).map((item) => item.id);
    expect((await call('PUT', 'report/batch_remove_edit/', { ids, group_id: group.id })).statusCode).toBe(200);
    const moved = (await history('target_type=report')).data.filter((row) => row.action === '移动');
    expect(moved.map((row) => Number(row.target_id)).sort()).toEqual([...ids].sort());
    expect(moved[0].changes.group[1]).toBe('历史分组');
    expect((await history('target_type=report_group')).data[0]).toMatchObject({ action: '创建', target_name: '历史分组' });
  });

  it('a write that fails after its first row leaves no activity row', async () => {
    const a = (await call('POST', 'material_group/group_create/', { name: '甲组' })).json().data as { id: number };
    const b = (await call('POST', 'material_group/group_create/', { name: '乙组' })).json().data as { id: number };
    const before = (await history('target_type=material_group')).total;
    // The first row commits its rename inside the transaction; the second then collides with it.
    const failed = await call('PUT', 'material_group/batch_edit/', { data: [{ id: a.id, name: '丙组' }, { id: b.id, name: '丙组' }] });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toBe('分组名称已存在');
    expect((await history('target_type=material_group')).total).toBe(before);
    const names = ((await call('GET', 'material_group/group_list/')).json().data as Array<{ name: string }>).map((g) => g.name);
    expect(names).toContain('甲组');
  });

  it('records members added, given another role and removed, and roles created, renamed, given permissions and deleted', async () => {
    const { db } = ctx.database;
    const [user] = await db.insert(users).values({ username: 'activity-joiner', mobile: '13922223333', nickname: '新同事', passwordHash: await hashPassword('joiner-pass1') }).returning();
    await db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
    const projectApi = `${PROJECT_API}/${DEMO.projectUuid}`;
    const created = await call('POST', 'roles/', { name: '审阅', permissions: ['report.report.view_report'] }, admin, projectApi);
    expect(created.statusCode).toBe(201);
    const role = created.json() as { id: number };
    const edited = await call('PUT', `roles/${role.id}/`, { name: '审阅人', permissions: ['report.report.view_report', 'report.material.view_material'] }, admin, PROJECT_API);
    expect(edited.statusCode).toBe(200);
    expect((await call('PUT', `roles/${role.id}/menus/`, { menus: ['report.material.view_material'] }, admin, PROJECT_API)).statusCode).toBe(200);
    const added = await call('POST', 'members/', { user_uuid: user.uuid, role_id: role.id }, admin, projectApi);
    expect(added.statusCode).toBe(201);
    const member = added.json() as { id: number };
    const [visitor] = await db.select().from(roles).where(and(eq(roles.projectUuid, DEMO.projectUuid), eq(roles.builtin, 'visitor')));
    expect((await call('PATCH', `members/${member.id}/`, { role_id: visitor.id }, admin, PROJECT_API)).statusCode).toBe(200);
    expect((await call('DELETE', `members/${member.id}/`, undefined, admin, PROJECT_API)).statusCode).toBe(204);
    expect((await call('DELETE', `roles/${role.id}/`, undefined, admin, PROJECT_API)).statusCode).toBe(204);

    const memberRows = (await history(`target_type=member&target_id=${member.id}`)).data;
    expect(memberRows.map((row) => [row.action, row.target_name, row.changes])).toEqual([
      ['删除', '新同事', { role: [visitor.name, null] }],
      ['修改', '新同事', { role: ['审阅人', visitor.name] }],
      ['创建', '新同事', { role: [null, '审阅人'] }],
    ]);
    const roleRows = (await history(`target_type=role&target_id=${role.id}`)).data;
    expect(roleRows.map((row) => [row.action, row.target_name, row.changes])).toEqual([
      ['删除', '审阅人', {}],
      ['修改', '审阅人', { permissions: [['查看报告', '查看素材'], ['查看素材']] }],
      ['修改', '审阅人', { name: ['审阅', '审阅人'], permissions: [['查看报告'], ['查看报告', '查看素材']] }],
      ['创建', '审阅', { permissions: [[], ['查看报告']] }],
    ]);
    expect(new Set([...memberRows, ...roleRows].map((row) => row.user_uuid)).size).toBe(1);
  });

  it('a member change refused for leaving no administrator leaves no activity row', async () => {
    const [own] = (await call('GET', 'members/?search=' + DEMO.username, undefined, admin, `${PROJECT_API}/${DEMO.projectUuid}`)).json().results as Array<{ id: number; role: { name: string } }>;
    const [visitor] = await ctx.database.db.select().from(roles).where(and(eq(roles.projectUuid, DEMO.projectUuid), eq(roles.builtin, 'visitor')));
    const before = (await history('target_type=member')).total;
    const refused = await call('PATCH', `members/${own.id}/`, { role_id: visitor.id }, admin, PROJECT_API);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('项目至少需要保留一名项目管理员');
    expect((await history('target_type=member')).total).toBe(before);
  });

  it('filters by person, type and date, and refuses bad filters in Chinese', async () => {
    const editor = await memberWithRole(ctx, 'activity-editor', 'editor');
    const label = await call('POST', 'label/', { name: '历史标签', origin: '报告' }, editor);
    expect(label.statusCode).toBe(201);
    const [editorUser] = (await history('target_type=label')).data.filter((row) => row.target_name === '历史标签');
    const mine = await history(`user_uuid=${editorUser.user_uuid}`);
    expect(mine.data.map((row) => row.target_name)).toEqual(['历史标签']);
    expect((await history('end_time=2020-01-01')).data).toEqual([]);
    expect((await history('start_time=2020-01-01&target_type=label')).data.length).toBeGreaterThan(0);
    const bad = async (query: string) => (await call('GET', `activity/?${query}`)).json().message;
    expect(await bad('target_type=nothing')).toBe('对象类型不存在');
    expect(await bad('target_id=3')).toBe('按对象筛选时须同时给出对象类型');
    expect(await bad('start_time=yesterday')).toBe('开始时间格式应为 yyyy-MM-dd HH:mm:ss');
    expect(await bad('pageSize=1000')).toBe('每页条数必须在 1 到 100 之间');
    expect(await bad('user_uuid=abc')).toBe('操作人不存在');
  });

  it('pages newest first with a look-ahead total', async () => {
    const first = (await call('GET', 'activity/?pageSize=2&pageNo=1')).json().result;
    const second = (await call('GET', 'activity/?pageSize=2&pageNo=2')).json().result;
    expect(first.data).toHaveLength(2);
    expect(first.data[0].id).toBeGreaterThan(first.data[1].id);
    expect(second.data[0].id).toBeLessThan(first.data[1].id);
    expect(first.total).toBeGreaterThanOrEqual(4);
    const all = await history();
    const past = (await call('GET', `activity/?pageSize=2&pageNo=${Math.ceil(all.total / 2) + 3}`)).json().result;
    expect(past).toMatchObject({ data: [], total: all.total, more: false });
    const deep = await call('GET', 'activity/?pageSize=10&pageNo=1001');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('最多翻到第 10000 条记录，更早的记录请按日期范围筛选');
    expect((await call('GET', 'activity/?pageSize=10&pageNo=1000')).statusCode).toBe(200);
  });

  it('only members with 查看操作记录 read it, and another organization sees nothing of this one', async () => {
    const visitor = await memberWithRole(ctx, 'activity-visitor', 'visitor');
    const denied = await call('GET', 'activity/', undefined, visitor);
    expect(denied.statusCode).toBe(403);
    const { db } = ctx.database;
    const [organization] = await db.insert(organizations).values({ name: '另一家企业' }).returning();
    const [project] = await db.insert(projects).values({ organizationUuid: organization.uuid, name: '另一个项目' }).returning();
    const [user] = await db.insert(users).values({ username: 'activity-other', mobile: '13911112222', nickname: '外人', passwordHash: await hashPassword('other-pass1') }).returning();
    await db.insert(organizationMembers).values({ organizationUuid: organization.uuid, userUuid: user.uuid });
    const roleId = await ensureBuiltinRoles(db, { uuid: project.uuid, organizationUuid: organization.uuid });
    await db.insert(projectMembers).values({ projectUuid: project.uuid, userUuid: user.uuid, roleId });
    const outsider = await login(ctx.app, 'activity-other', 'other-pass1');
    const theirs = `/studio/report/api/report/projects/${project.uuid}`;
    const own = await ctx.app.inject({ method: 'GET', url: `${theirs}/activity/`, headers: authHeaders(outsider, organization.uuid) });
    expect(own.statusCode).toBe(200);
    expect(own.json().result).toMatchObject({ data: [], total: 0 });
    const across = await ctx.app.inject({ method: 'GET', url: `${BASE}/activity/`, headers: authHeaders(outsider, organization.uuid) });
    expect([403, 404]).toContain(across.statusCode);
    expect(across.body).not.toContain('历史标签');
    const members = await ctx.app.inject({ method: 'GET', url: `${theirs}/activity/?target_type=member`, headers: authHeaders(outsider, organization.uuid) });
    expect(members.json().result.data).toEqual([]);
    const roleHistory = await ctx.app.inject({ method: 'GET', url: `${theirs}/activity/?target_type=role`, headers: authHeaders(outsider, organization.uuid) });
    expect(roleHistory.json().result.data).toEqual([]);
  });

  it('the sweep deletes rows older than the retention and keeps the rest', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000);
    await ctx.database.db.insert(activities).values({ projectUuid: DEMO.projectUuid, action: '删除', targetType: 'report', targetId: '999999', targetName: '很久以前', createdAt: old });
    expect((await history('target_type=report&target_id=999999')).data).toHaveLength(1);
    const total = (await history()).total;
    await sweepActivities(ctx.app);
    expect((await history('target_type=report&target_id=999999')).data).toHaveLength(0);
    expect((await history()).total).toBe(total - 1);
  });
});
