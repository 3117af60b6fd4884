import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels, libraryGroups, libraryItems, organizations, projects } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const OTHER_ORG = '44444444-4444-4444-8444-444444444444';
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, payload?: object) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(admin), ...(payload ? { payload } : {}) });

/** Reports written straight into a project (the triggers keep terms and counts as for any write). */
async function addReports(prefix: string, count: number, projectUuid: string = DEMO.projectUuid) {
  const rows = await ctx.database.db
    .insert(libraryItems)
    .values(Array.from({ length: count }, (_, i) => ({ projectUuid, kind: 'report' as const, name: `${prefix}${i + 1}`, createUser: '演示用户' })))
    .returning({ id: libraryItems.id });
  return rows.map((row) => row.id);
}
const list = async (query: Record<string, string | number>) => {
  const search = new URLSearchParams(Object.entries({ pageSize: 100, ...query }).map(([k, v]) => [k, String(v)]));
  const answer = (await call('GET', `report/report_list/?${search}`)).json();
  return { total: answer.result.total as number, names: answer.result.data.map((r: { name: string }) => r.name) as string[], items: answer.result.data };
};
let labelOf: Record<string, number>;
let otherProject: string;
let otherLabel: number;
let otherGroup: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  const all = (await ctx.app.inject({ method: 'GET', url: `${BASE}/label/?limit=100`, headers: authHeaders(admin) })).json().results;
  labelOf = Object.fromEntries(all.map((l: { name: string; id: number }) => [l.name, l.id]));
  // Another organization's project with reports of the same names, a label and a group.
  await ctx.database.db.insert(organizations).values({ uuid: OTHER_ORG, name: '别家企业' });
  [{ uuid: otherProject }] = await ctx.database.db.insert(projects).values({ organizationUuid: OTHER_ORG, name: '别家项目' }).returning();
  [{ id: otherLabel }] = await ctx.database.db.insert(labels).values({ projectUuid: otherProject, name: '别家标签', origin: '报告' }).returning();
  [{ id: otherGroup }] = await ctx.database.db.insert(libraryGroups).values({ projectUuid: otherProject, kind: 'report', name: '别家分组' }).returning();
  await addReports('筛选批量', 4, otherProject);
});
afterAll(() => ctx.close());

describe('a batch over a filter', () => {
  it('is refused with the new count when a report was added after the count was confirmed, and nothing moves', async () => {
    await addReports('并发插入', 3);
    const { total } = await list({ name: '并发插入' });
    expect(total).toBe(3);
    await addReports('并发插入新', 1);
    const group = (await call('POST', 'report_group/group_create/', { name: '并发分组' })).json().data;
    const refused = await call('PUT', 'report/batch_remove_edit/', { filter: { name: '并发插入' }, expected_total: total, group_id: group.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('符合条件的报告已变为 4 条，请确认后重试');
    expect((await list({ group_id: group.id })).total).toBe(0);
    const accepted = await call('PUT', 'report/batch_remove_edit/', { filter: { name: '并发插入' }, expected_total: 4, group_id: group.id });
    expect(accepted.json()).toMatchObject({ code: 200, message: '批量移动成功', data: { updated: 4, total: 4 } });
    expect((await list({ group_id: group.id })).total).toBe(4);
  });

  it('of two deletes racing over one filter, one deletes and the other hears that nothing matches any more', async () => {
    await addReports('竞速删除', 3);
    const answers = await Promise.all([1, 2].map(() => call('POST', 'report/batch_delete/', { filter: { name: '竞速删除' }, expected_total: 3 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('符合条件的报告已变为 0 条，请确认后重试');
    expect((await list({ name: '竞速删除' })).total).toBe(0);
  });

  it('moves, moves out, labels, lists, and deletes exactly what the list shows', async () => {
    await addReports('筛选批量', 5);
    const filter = { name: '筛选批量', created_at: '-created_at' };
    const group = (await call('POST', 'report_group/group_create/', { name: '筛选分组' })).json().data;
    expect((await call('PUT', 'report/batch_remove_edit/', { filter, expected_total: 5, group_id: group.id })).json().data.updated).toBe(5);
    expect((await list({ group_id: group.id })).names.sort()).toEqual(['筛选批量1', '筛选批量2', '筛选批量3', '筛选批量4', '筛选批量5']);

    const out = await call('PUT', 'report/batch_remove_edit/', { filter: { group_id: String(group.id) }, expected_total: 5, group_id: -1 });
    expect(out.json().message).toBe('批量移出成功');
    expect((await list({ group_id: 0, name: '筛选批量' })).total).toBe(5);

    const tagged = await call('POST', 'report/batch_label/', { filter, expected_total: 5, add: [labelOf['生态宜居'], labelOf['安全韧性']] });
    expect(tagged.json()).toMatchObject({ message: '批量打标签成功', data: { updated: 5 } });
    expect((await list({ name: '筛选批量', label_ids: labelOf['生态宜居'] })).total).toBe(5);
    const untagged = await call('POST', 'report/batch_label/', { filter: { name: '筛选批量', label_ids: String(labelOf['生态宜居']) }, expected_total: 5, remove: [labelOf['生态宜居']] });
    expect(untagged.statusCode, untagged.body).toBe(200);
    const after = await list({ name: '筛选批量' });
    expect(after.items.every((item: { labels: Array<{ name: string }> }) => item.labels.map((l) => l.name).join() === '安全韧性')).toBe(true);

    const items = (await call('POST', 'report/filter_items/', { filter, expected_total: 5 })).json().data;
    expect(items.map((item: { name: string }) => item.name).sort()).toEqual(after.names.sort());

    const deleted = await call('POST', 'report/batch_delete/', { filter, expected_total: 5 });
    expect(deleted.json()).toMatchObject({ message: '批量删除成功!', data: { deleted: 5 } });
    expect((await list({ name: '筛选批量' })).total).toBe(0);

    // The 操作记录 has each item of each batch, under the user who asked.
    const history = (await call('GET', 'activity/?target_type=report&pageSize=100')).json().result.data as Array<{ action: string; target_name: string; user_name: string }>;
    const of = (action: string) => history.filter((row) => row.action === action && row.target_name.startsWith('筛选批量'));
    expect(of('删除')).toHaveLength(5);
    expect(of('打标签').length).toBeGreaterThanOrEqual(5);
    expect(of('移动').length).toBeGreaterThanOrEqual(5);
    expect(history.every((row) => row.user_name !== '')).toBe(true);
  });

  it('never reaches another project or organization', async () => {
    await addReports('隔离', 2);
    // The other organization's label and group match nothing here.
    for (const filter of [{ label_ids: String(otherLabel) }, { group_id: String(otherGroup) }]) {
      const refused = await call('POST', 'report/batch_delete/', { filter, expected_total: 4 });
      expect(refused.json().message).toBe('符合条件的报告已变为 0 条，请确认后重试');
    }
    expect((await call('POST', 'report/batch_label/', { filter: { name: '隔离' }, expected_total: 2, add: [otherLabel] })).json().message).toBe('所选标签不存在或不属于本项目');
    // The name matches the other project's reports too: only this project's are counted and deleted.
    await addReports('筛选批量', 1);
    expect((await call('POST', 'report/batch_delete/', { filter: { name: '筛选批量' }, expected_total: 1 })).json().data.deleted).toBe(1);
    const theirs = await ctx.database.db.$count(libraryItems, (await import('drizzle-orm')).eq(libraryItems.projectUuid, otherProject));
    expect(theirs).toBe(4);
    // Another organization's project is not the caller's.
    const foreign = await ctx.app.inject({ method: 'POST', url: `/studio/report/api/report/projects/${otherProject}/report/batch_delete/`, headers: authHeaders(admin), payload: { filter: {}, expected_total: 4 } });
    expect(foreign.statusCode).toBe(404);
    expect((await list({ name: '隔离' })).total).toBe(2);
  });

  it('refuses bad filters in Chinese', async () => {
    const message = async (body: object) => (await call('POST', 'report/batch_delete/', body)).json().message;
    expect(await message({ filter: { created_at: 'name' }, expected_total: 1 })).toBe('排序只能按创建时间升序或降序');
    expect(await message({ filter: { start_time: '昨天' }, expected_total: 1 })).toBe('开始时间格式应为 yyyy-MM-dd HH:mm:ss');
    expect(await message({ filter: { label_ids: 'a' }, expected_total: 1 })).toBe('标签编号不合法');
    expect(await message({ filter: { level: '9' }, expected_total: 1 })).toBe('层级必须是 1 到 7 的整数');
    expect(await message({ filter: { name: '隔离' } })).toBe('按筛选条件批量操作时请提供确认的条数 expected_total');
    expect(await message({ ids: '1', filter: { name: '隔离' }, expected_total: 2 })).toBe('请在勾选的编号 ids 与筛选条件 filter 中只提供一种');
    expect(await message({})).toBe('请勾选批量删除数据!');
    expect(await message({ filter: { name: '没有这样的报告' }, expected_total: 0 })).toBe('请勾选批量删除数据!');
    const unknown = await call('POST', 'report/batch_delete/', { filter: { owner: 'x' }, expected_total: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await call('POST', 'report/batch_label/', { filter: { name: '隔离' }, expected_total: 2 })).json().message).toBe('请选择要添加或移除的标签');
    expect((await call('POST', 'report/filter_items/', { filter: {}, expected_total: 5000 })).json().message).toBe('一次最多处理 2000 条报告，请缩小筛选范围');
  });

  it('labels more than 1,000 reports as a job whose progress the screen reads, acting on the confirmed ids only', async () => {
    await addReports('大批量', 1100);
    const started = await call('POST', 'report/batch_label/', { filter: { name: '大批量' }, expected_total: 1100, add: [labelOf['创新活力']] });
    expect(started.json()).toMatchObject({ message: '已开始批量打标签，共 1,100 条', data: { total: 1100 } });
    const batchId = started.json().data.batch_id;
    // Added after the confirmation: not in the batch.
    await addReports('大批量后加', 1);
    let progress;
    for (let i = 0; i < 200; i++) {
      progress = (await call('GET', `report/batch_job/${batchId}/`)).json().data;
      if (progress.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(progress).toMatchObject({ state: 'done', total: 1100, done: 1100, skipped: 0 });
    expect((await list({ name: '大批量', label_ids: labelOf['创新活力'] })).total).toBe(1100);
    const foreign = await ctx.app.inject({ method: 'GET', url: `/studio/report/api/report/projects/${DEMO.projectUuid}/material/batch_job/${batchId}/`, headers: authHeaders(admin) });
    expect(foreign.json().message).toBe('批量操作不存在');

    // Deleting them all as a job puts them in the 回收站 as one batch, which restores them together.
    const removing = (await call('POST', 'report/batch_delete/', { filter: { name: '大批量' }, expected_total: 1101 })).json().data;
    for (let i = 0; i < 200 && (await call('GET', `report/batch_job/${removing.batch_id}/`)).json().data.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await list({ name: '大批量' })).total).toBe(0);
    const bin = (await call('GET', `recycle_bin/?origin=${encodeURIComponent('报告')}&pageSize=1`)).json().result;
    expect(bin.data).toMatchObject([{ batch_size: 1101 }]);
    expect((await call('POST', 'recycle_bin/restore/', { batch: bin.data[0].batch })).json().data).toEqual({ restored: 1101 });
    expect((await list({ name: '大批量' })).total).toBe(1101);
  });
});
