import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryBin, organizationMembers, regionKeysOf, resultReports, storedFiles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { sweepRecycleBin } from '../../server/modules/recycle-bin/sweep';
import { authHeaders, createTestApp, DEMO, login, memberWithRole, padded, rivalOrganization, SAMPLES, uploadFile, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
/** The second organization's project, made by the tenant test and reused by later ones. */
let rivalProjectBase: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object, token = admin, base = BASE) =>
  ctx.app.inject({ method, url: `${base}/${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });

const upload = (content: Buffer) => uploadFile(ctx.app, admin, '体检报告.pdf', content, 'report');
const uniquePdf = () => padded(Buffer.concat([SAMPLES.pdf, randomBytes(16)]), 600);
const addReport = async (name: string, extra: object = {}) => {
  const response = await call('POST', 'report/report_create/', { name, create_user: '演示用户', cover: '/covers/report-1.png', file: (await upload(uniquePdf())).url, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; file: string; group_id: number; labels: Array<{ id: number }> };
};
const binOf = async (origin = '报告', token = admin) => (await call('GET', `recycle_bin/?origin=${encodeURIComponent(origin)}&pageSize=100`, undefined, token)).json().result;
const entryOf = async (itemId: number) => (await binOf()).data.find((entry: { item_id: number }) => entry.item_id === itemId);
const groupNum = async (groupId: number) => {
  const list = (await call('GET', 'report_group/group_list/')).json();
  return { num: list.data.find((group: { id: number }) => group.id === groupId)?.num ?? 0, total: list.total_report_number as number };
};
const listTotal = async (query = '') => (await call('GET', `report/report_list/?pageSize=100${query}`)).json().result.total as number;
/** A report's history, newest first, as `action by name`. */
const historyOf = async (id: number) =>
  (await call('GET', `activity/?target_type=report&target_id=${id}`)).json().result.data.map((row: { action: string; user_name: string }) => `${row.action} ${row.user_name || '系统'}`);
const fileExists = async (id: number) => (await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, id))).length > 0;
const fileIdOf = (url: string) => Number(url.match(/files\/(\d+)\//)![1]);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('deleting moves to the recycle bin, restoring puts back', () => {
  it('leaves the lists and kept counts on delete and comes back into its group with its labels on restore', async () => {
    const group = (await call('POST', 'report_group/group_create/', { name: '回收站分组' })).json().data;
    const label = (await call('POST', 'label/', { name: '回收站标签', origin: '报告' })).json();
    const report = await addReport('将删除的报告', { group_id: group.id, labels: [label.id] });
    const before = { group: await groupNum(group.id), total: await listTotal(), labelled: await listTotal(`&label_ids=${label.id}`) };
    expect(before.group.num).toBe(1);
    expect(before.labelled).toBe(1);

    const deleted = await call('POST', 'report/batch_delete/', { ids: String(report.id) });
    expect(deleted.json().message).toBe('批量删除成功!');
    expect(await listTotal()).toBe(before.total - 1);
    expect(await listTotal(`&label_ids=${label.id}`)).toBe(0);
    expect(await groupNum(group.id)).toEqual({ num: 0, total: before.group.total - 1 });
    expect((await call('GET', `report/${report.id}/`)).statusCode).toBe(404);
    expect(await fileExists(fileIdOf(report.file))).toBe(true);

    const entry = await entryOf(report.id);
    expect(entry).toMatchObject({ name: '将删除的报告', origin: '报告', group_id: group.id, group_name: '回收站分组', group_exists: true, deleted_by: expect.any(String), days_left: 30, batch_size: 1 });
    expect(entry.deleted_by.length).toBeGreaterThan(0);
    expect((await binOf()).retention_days).toBe(30);
    expect((await binOf('素材')).data.find((row: { item_id: number }) => row.item_id === report.id)).toBeUndefined();

    const restored = await call('POST', 'recycle_bin/restore/', { ids: [entry.id] });
    expect(restored.json()).toMatchObject({ code: 200, message: '已还原 1 项', data: { restored: 1 } });
    const back = (await call('GET', `report/${report.id}/`)).json().data;
    expect(back).toMatchObject({ id: report.id, name: '将删除的报告', group_id: group.id, file: report.file });
    expect(back.labels.map((item: { id: number }) => item.id)).toEqual([label.id]);
    expect(await groupNum(group.id)).toEqual(before.group);
    expect(await listTotal()).toBe(before.total);
    expect(await listTotal(`&label_ids=${label.id}`)).toBe(1);
    expect(await entryOf(report.id)).toBeUndefined();
    const history = (await call('GET', `activity/?target_type=report&target_id=${report.id}`)).json().result.data;
    expect(history.map((row: { action: string }) => row.action).slice(0, 2)).toEqual(['还原', '删除']);

    const again = await call('POST', 'recycle_bin/restore/', { ids: [entry.id] });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('部分条目已不在回收站中，请刷新后重试');
  });

  it('restores a whole batch, making a deleted group again by its name', async () => {
    const group = (await call('POST', 'report_group/group_create/', { name: '将删除的分组' })).json().data;
    const [one, two] = [await addReport('同批一', { group_id: group.id }), await addReport('同批二')];
    await call('POST', 'report/batch_delete/', { ids: `${one.id},${two.id}` });
    await call('POST', 'report_group/batch_delete/', { ids: String(group.id) });
    const entry = await entryOf(one.id);
    expect(entry).toMatchObject({ group_exists: false, group_name: '将删除的分组', batch_size: 2 });
    expect((await entryOf(two.id)).batch).toBe(entry.batch);

    const restored = await call('POST', 'recycle_bin/restore/', { batch: entry.batch });
    expect(restored.json().data).toEqual({ restored: 2 });
    const groups = (await call('GET', 'report_group/group_list/')).json().data as Array<{ id: number; name: string; num: number }>;
    const remade = groups.find((row) => row.name === '将删除的分组')!;
    expect(remade.id).not.toBe(group.id);
    expect(remade.num).toBe(1);
    expect((await call('GET', `report/${one.id}/`)).json().data.group_id).toBe(remade.id);
    expect((await call('GET', `report/${two.id}/`)).json().data.group_id).toBe(-1);
    await call('POST', 'report/batch_delete/', { ids: `${one.id},${two.id}` });
    await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告' });
  });

  it('brings back a generated report\'s result row', async () => {
    const report = await addReport('生成的报告');
    const region = ['回收省', '回收市'];
    await ctx.database.db.insert(resultReports).values({ itemId: report.id, projectUuid: DEMO.projectUuid, region, regionKeys: regionKeysOf(region), level: 2, indicatorsMet: 3, indicatorsTotal: 5 });
    const resultOf = async () => (await ctx.database.db.select().from(resultReports).where(eq(resultReports.itemId, report.id)))[0];
    await call('POST', 'report/batch_delete/', { ids: String(report.id) });
    expect(await resultOf()).toBeUndefined();
    await call('POST', 'recycle_bin/restore/', { ids: [(await entryOf(report.id)).id] });
    expect(await resultOf()).toMatchObject({ region, level: 2, indicatorsMet: 3, indicatorsTotal: 5 });
  });

  it('refuses bad input in Chinese', async () => {
    expect((await call('GET', 'recycle_bin/?origin=x')).json().message).toBe('origin 只能是 报告 或 素材');
    expect((await call('GET', 'recycle_bin/?pageSize=101')).json().message).toBe('每页条数必须在 1 到 100 之间');
    expect((await call('POST', 'recycle_bin/restore/', { ids: '' })).json().message).toBe('请勾选要操作的条目');
    expect((await call('POST', 'recycle_bin/restore/', { batch: 'nope' })).json().message).toBe('批次编号不合法');
    expect((await call('POST', 'recycle_bin/purge/', { ids: 'a,b' })).json().message).toBe('编号列表中含有不合法的编号');
    expect((await call('POST', 'recycle_bin/purge/', { ids: [99999999] })).statusCode).toBe(404);
  });
});

describe('purging frees the files', () => {
  it('deletes the stored files on purge, keeps a file another item still uses', async () => {
    const shared = await upload(uniquePdf());
    const only = await addReport('独占文件');
    const first = await addReport('共用一', { file: shared.url });
    const second = await addReport('共用二', { file: shared.url });
    await call('POST', 'report/batch_delete/', { ids: `${only.id},${first.id}` });
    const ids = [(await entryOf(only.id)).id, (await entryOf(first.id)).id];
    const purged = await call('POST', 'recycle_bin/purge/', { ids: ids.join(',') });
    expect(purged.json()).toMatchObject({ message: '已彻底删除 2 项', data: { purged: 2 } });
    expect(await fileExists(fileIdOf(only.file))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: only.file, headers: authHeaders(admin) })).statusCode).toBe(404);
    expect(await fileExists(shared.id)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: second.file, headers: authHeaders(admin) })).statusCode).toBe(200);
    expect(await entryOf(only.id)).toBeUndefined();
    expect((await historyOf(only.id)).slice(0, 2)).toEqual(['彻底删除 演示用户', '删除 演示用户']);
    await call('POST', 'report/batch_delete/', { ids: String(second.id) });
    expect((await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告' })).json().data.purged).toBe(1);
    expect(await fileExists(shared.id)).toBe(false);
  });

  it('the sweep purges entries past the retention and keeps the others', async () => {
    const [old, recent] = [await addReport('过期的'), await addReport('新删的')];
    await call('POST', 'report/batch_delete/', { ids: `${old.id},${recent.id}` });
    const oldEntry = await entryOf(old.id);
    await ctx.database.db.update(libraryBin).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(libraryBin.id, oldEntry.id));
    expect(await sweepRecycleBin(ctx.app)).toBe(1);
    expect(await entryOf(old.id)).toBeUndefined();
    expect((await historyOf(old.id))[0]).toBe('彻底删除 系统');
    expect(await fileExists(fileIdOf(old.file))).toBe(false);
    expect(await entryOf(recent.id)).toMatchObject({ days_left: 30 });
    expect(await fileExists(fileIdOf(recent.file))).toBe(true);
    expect(await sweepRecycleBin(ctx.app)).toBe(0);
    await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告' });
  });

  it('empties a bin of 9,000 entries in one request, each purge in the history (more rows than one statement takes parameters for)', async () => {
    await ctx.database.db.execute(sql`insert into library_bin (project_uuid, kind, batch, item_id, name, label_ids, item, deleted_by_name)
      select ${DEMO.projectUuid}, 'report', ${randomUUID()}, 900000 + n, '大批删除' || n, '{}', '{}'::jsonb, '演示用户' from generate_series(1, 9000) as n`);
    const purged = await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告' });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json().data.purged).toBe(9000);
    const recorded = await ctx.database.db.execute(sql`select count(*)::int as n from activities where action = '彻底删除' and target_name like '大批删除%'`);
    expect((recorded as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(9000);
  });

  // On PostgreSQL only: the same code on PGlite takes twice as long (24 s) and proves nothing more.
  it.skipIf(!process.env.TEST_DATABASE_URL)('restores a batch of 66,000 entries in one request (more ids than one statement takes parameters for)', { timeout: 120_000 }, async () => {
    const batch = randomUUID();
    await ctx.database.db.execute(sql`insert into library_bin (project_uuid, kind, batch, item_id, name, label_ids, item, deleted_by_name)
      select ${DEMO.projectUuid}, 'report', ${batch}, 800000 + n, '大批还原' || n, '{}',
        jsonb_build_object('name', '大批还原' || n, 'create_user', '演示用户', 'cover', '', 'file', '', 'real_file_name', '大批还原.pdf', 'created_at', now()), '演示用户'
      from generate_series(1, 66000) as n`);
    const before = await listTotal();
    const restored = await call('POST', 'recycle_bin/restore/', { batch });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await listTotal()).toBe(before + 66000);
    expect(await listTotal(`&name=${encodeURIComponent('大批还原65999')}`)).toBe(1);
    const left = await ctx.database.db.execute(sql`select count(*)::int as n from library_bin where batch = ${batch}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
    await ctx.database.db.execute(sql`delete from library_items where id > 800000 and id <= 866000`);
  });
});

describe('who may reach the bin', () => {
  it('a second organization can neither list, restore nor purge these entries', async () => {
    const report = await addReport('别家看不到');
    await call('POST', 'report/batch_delete/', { ids: String(report.id) });
    const entry = await entryOf(report.id);

    const { token: rival, base: rivalBase } = await rivalOrganization(ctx);
    rivalProjectBase = rivalBase;

    expect((await call('GET', 'recycle_bin/?origin=报告', undefined, rival)).statusCode).toBe(404);
    expect((await call('POST', 'recycle_bin/restore/', { ids: [entry.id] }, rival)).statusCode).toBe(404);
    expect((await call('GET', `recycle_bin/?origin=${encodeURIComponent('报告')}`, undefined, rival, rivalBase)).json().result).toMatchObject({ total: 0, data: [] });
    const restore = await call('POST', 'recycle_bin/restore/', { ids: [entry.id] }, rival, rivalBase);
    expect(restore.statusCode).toBe(404);
    expect((await call('POST', 'recycle_bin/restore/', { batch: entry.batch }, rival, rivalBase)).statusCode).toBe(404);
    expect((await call('POST', 'recycle_bin/purge/', { ids: [entry.id] }, rival, rivalBase)).statusCode).toBe(404);
    expect((await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告' }, rival, rivalBase)).json().data.purged).toBe(0);
    expect(await entryOf(report.id)).toMatchObject({ id: entry.id });
    expect(await fileExists(fileIdOf(report.file))).toBe(true);
  });

  it('a member who may view but not delete lists the bin but cannot restore or purge', async () => {
    const visitor = await memberWithRole(ctx, 'bin-visitor', 'visitor');
    const report = await addReport('访客不能还原');
    await call('POST', 'report/batch_delete/', { ids: String(report.id) });
    const entry = await entryOf(report.id);
    expect((await binOf('报告', visitor)).data.map((row: { id: number }) => row.id)).toContain(entry.id);
    const restore = await call('POST', 'recycle_bin/restore/', { ids: [entry.id] }, visitor);
    expect(restore.statusCode).toBe(403);
    expect((await call('POST', 'recycle_bin/restore/', { batch: entry.batch }, visitor)).statusCode).toBe(403);
    expect((await call('POST', 'recycle_bin/purge/', { ids: [entry.id] }, visitor)).statusCode).toBe(403);
    expect((await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告' }, visitor)).statusCode).toBe(403);
    expect(await entryOf(report.id)).toMatchObject({ id: entry.id });
  });
});

describe('deleted groups go to the bin, their items stay 未分组', () => {
  const groupsBin = async (token = admin) => (await call('GET', `recycle_bin/?origin=${encodeURIComponent('报告')}&target=group&pageSize=100`, undefined, token)).json().result;
  const groupEntryOf = async (groupId: number) => (await groupsBin()).data.find((entry: { item_id: number }) => entry.item_id === groupId);
  const newGroup = async (name: string) => (await call('POST', 'report_group/group_create/', { name })).json().data as { id: number; sorted: number };
  const groupOf = async (id: number) => (await call('GET', `report/${id}/`)).json().data.group_id as number;
  const groupsNamed = async (name: string) => ((await call('GET', 'report_group/group_list/')).json().data as Array<{ id: number; name: string; num: number; sorted: number }>).filter((group) => group.name === name);

  it('records the group with its items, leaves them 未分组, and restores the group with those still 未分组', async () => {
    const group = await newGroup('分组回收');
    const other = await newGroup('分组回收-别处');
    const [a, b, c, d] = [await addReport('组内一', { group_id: group.id }), await addReport('组内二', { group_id: group.id }), await addReport('组内三', { group_id: group.id }), await addReport('组外', { group_id: other.id })];
    const deleted = await call('POST', 'report_group/batch_delete/', { ids: String(group.id) });
    expect(deleted.json()).toMatchObject({ message: '批量删除成功!', data: { deleted: 1 } });
    for (const item of [a, b, c]) expect(await groupOf(item.id)).toBe(-1);
    expect(await groupOf(d.id)).toBe(other.id);

    const entry = await groupEntryOf(group.id);
    expect(entry).toMatchObject({ target: 'group', name: '分组回收', origin: '报告', item_count: 3, name_taken: false, batch_size: 1, days_left: 30 });
    const [row] = await ctx.database.db.select().from(libraryBin).where(eq(libraryBin.id, entry.id));
    expect(row.itemIds).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
    expect((await binOf()).data.find((item: { id: number }) => item.id === entry.id)).toBeUndefined();

    // Since: one item moved to another group, one deleted; those stay where they are.
    await call('PUT', 'report/batch_remove_edit/', { ids: String(b.id), group_id: other.id });
    await call('POST', 'report/batch_delete/', { ids: String(c.id) });
    const restored = await call('POST', 'recycle_bin/restore/', { ids: [entry.id] });
    expect(restored.json()).toMatchObject({
      code: 200,
      message: '已还原分组「分组回收」，移回其中 1 项；另有 2 项已移至其他分组或已删除，未移动',
      data: { restored: 1, groups: [{ id: group.id, name: '分组回收', merged: false, items_back: 1 }] },
    });
    const [back] = await groupsNamed('分组回收');
    expect(back).toMatchObject({ id: group.id, num: 1, sorted: group.sorted });
    expect(await groupOf(a.id)).toBe(group.id);
    expect(await groupOf(b.id)).toBe(other.id);
    expect(await groupOf(d.id)).toBe(other.id);
    expect(await groupEntryOf(group.id)).toBeUndefined();

    // The item deleted after the group was 未分组 then, and comes back so.
    await call('POST', 'recycle_bin/restore/', { ids: [(await entryOf(c.id)).id] });
    expect(await groupOf(c.id)).toBe(-1);
    const history = (await call('GET', `activity/?target_type=report_group&target_id=${group.id}`)).json().result.data;
    expect(history.map((item: { action: string }) => item.action).slice(0, 2)).toEqual(['还原', '删除']);
    await call('POST', 'report_group/batch_delete/', { ids: `${group.id},${other.id}` });
  });

  it('uses the group of the same name made since, and says so', async () => {
    const group = await newGroup('同名并入');
    const item = await addReport('并入的报告', { group_id: group.id });
    await call('POST', 'report_group/batch_delete/', { ids: String(group.id) });
    const made = await newGroup('同名并入');
    const entry = await groupEntryOf(group.id);
    expect(entry.name_taken).toBe(true);
    const restored = (await call('POST', 'recycle_bin/restore/', { batch: entry.batch })).json();
    expect(restored.message).toBe('已还原分组「同名并入」，移回其中 1 项；已有同名分组，已并入该分组');
    expect(restored.data.groups).toEqual([{ id: made.id, name: '同名并入', merged: true, items_back: 1 }]);
    expect(await groupsNamed('同名并入')).toHaveLength(1);
    expect(await groupOf(item.id)).toBe(made.id);
    await call('POST', 'report_group/batch_delete/', { ids: String(made.id) });
  });

  it('racing restores of one group entry make one group; an item restored beside it joins it', async () => {
    const group = await newGroup('并发还原');
    const [kept, binned] = [await addReport('留在库里', { group_id: group.id }), await addReport('也删了', { group_id: group.id })];
    await call('POST', 'report/batch_delete/', { ids: String(binned.id) });
    await call('POST', 'report_group/batch_delete/', { ids: String(group.id) });
    const entry = await groupEntryOf(group.id);
    const itemEntry = await entryOf(binned.id);
    const answers = await Promise.all([
      call('POST', 'recycle_bin/restore/', { ids: [entry.id] }),
      call('POST', 'recycle_bin/restore/', { ids: [entry.id] }),
      call('POST', 'recycle_bin/restore/', { ids: [itemEntry.id] }),
    ]);
    expect(answers.slice(0, 2).map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(answers[2].statusCode, answers[2].body).toBe(200);
    const groups = await groupsNamed('并发还原');
    expect(groups).toHaveLength(1);
    expect(groups[0].num).toBe(2);
    expect([await groupOf(kept.id), await groupOf(binned.id)]).toEqual([groups[0].id, groups[0].id]);
    await call('POST', 'report_group/batch_delete/', { ids: String(groups[0].id) });
  });

  it('purge and the sweep drop group entries and keep the counts right', async () => {
    const [one, two] = [await newGroup('彻底删的组'), await newGroup('过期的组')];
    const item = await addReport('彻底删组里的', { group_id: one.id });
    const total = (await groupNum(one.id)).total;
    await call('POST', 'report_group/batch_delete/', { ids: `${one.id},${two.id}` });
    expect((await groupNum(0)).total).toBe(total);
    const [first, second] = [await groupEntryOf(one.id), await groupEntryOf(two.id)];
    expect(first.batch).toBe(second.batch);
    expect(first.batch_size).toBe(2);
    expect((await call('POST', 'recycle_bin/purge/', { ids: [first.id] })).json()).toMatchObject({ message: '已彻底删除 1 项', data: { purged: 1 } });
    expect(await groupOf(item.id)).toBe(-1);
    await ctx.database.db.update(libraryBin).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(libraryBin.id, second.id));
    expect(await sweepRecycleBin(ctx.app)).toBe(1);
    expect(await groupEntryOf(two.id)).toBeUndefined();
    expect((await groupNum(0)).total).toBe(total);
    expect((await call('GET', 'recycle_bin/?target=x')).json().message).toBe('target 只能是 item 或 group');
  });

  it('needs the group delete permission of the kind; another organization gets 404', async () => {
    const group = await newGroup('权限分组');
    await call('POST', 'report_group/batch_delete/', { ids: String(group.id) });
    const entry = await groupEntryOf(group.id);
    // May delete reports but not report groups.
    const role = (await call('POST', 'roles/', { name: '只删报告', permissions: ['report.report.view_report', 'report.report.delete_report'] }, admin, `/api/project/v1/projects/${DEMO.projectUuid}`)).json();
    const [user] = await ctx.database.db.insert(users).values({ username: 'bin-item-deleter', mobile: '13944445555', nickname: '只删报告', passwordHash: await hashPassword('deleter-pass1') }).returning();
    await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
    expect((await call('POST', 'members/', { user_uuid: user.uuid, role_id: role.id }, admin, `/api/project/v1/projects/${DEMO.projectUuid}`)).statusCode).toBe(201);
    const deleter = await login(ctx.app, 'bin-item-deleter', 'deleter-pass1');
    expect((await groupsBin(deleter)).data.map((row: { id: number }) => row.id)).toContain(entry.id);
    expect((await call('POST', 'recycle_bin/restore/', { ids: [entry.id] }, deleter)).statusCode).toBe(403);
    expect((await call('POST', 'recycle_bin/restore/', { batch: entry.batch }, deleter)).statusCode).toBe(403);
    expect((await call('POST', 'recycle_bin/purge/', { ids: [entry.id] }, deleter)).statusCode).toBe(403);
    expect((await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告', target: 'group' }, deleter)).statusCode).toBe(403);

    const rival = await login(ctx.app, 'rival', 'rival-pass1');
    const rivalBase = rivalProjectBase;
    expect((await call('POST', 'recycle_bin/restore/', { ids: [entry.id] }, rival, rivalBase)).statusCode).toBe(404);
    expect((await call('POST', 'recycle_bin/purge/', { ids: [entry.id] }, rival, rivalBase)).statusCode).toBe(404);
    expect((await call('POST', 'recycle_bin/restore/', { ids: [entry.id] }, rival)).statusCode).toBe(404);
    expect(await groupEntryOf(group.id)).toMatchObject({ id: entry.id });
    expect((await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告', target: 'group' })).json().data.purged).toBeGreaterThanOrEqual(1);
  });
});
