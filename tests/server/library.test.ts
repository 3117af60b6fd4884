import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryItems, storedFiles } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, padded, SAMPLES, uploadFile, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: unknown, token = admin) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

const upload = (name: string, content: Buffer, purpose = name.endsWith('.png') ? 'cover' : 'report') => uploadFile(ctx.app, admin, name, content, purpose);

let label: Record<string, number>;
let pdfUrl: string;
let coverUrl: string;

async function addReport(name: string, labelIds: number[], extra: object = {}) {
  const response = await call('POST', 'report/report_create/', { name, create_user: '演示用户', cover: coverUrl, file: pdfUrl, real_file_name: `${name}.pdf`, labels: labelIds, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  const all = (await ctx.app.inject({ method: 'GET', url: `${BASE}/label/?limit=100`, headers: authHeaders(admin) })).json().results;
  label = Object.fromEntries(all.map((l: { name: string; id: number }) => [l.name, l.id]));
  pdfUrl = (await upload('体检报告.pdf', padded(SAMPLES.pdf, 500))).url;
  coverUrl = (await upload('封面.png', SAMPLES.png)).url;
});
afterAll(() => ctx.close());

describe('reports', () => {
  it('creates a report with its labels and shows it', async () => {
    const report = await addReport('生态报告', [label['生态宜居'], label['年度体检报告']]);
    expect(report).toMatchObject({ name: '生态报告', create_user: '演示用户', file: pdfUrl, cover: coverUrl, group_id: -1 });
    expect(report.labels.map((l: { name: string }) => l.name)).toEqual(['生态宜居', '年度体检报告']);
    expect((await call('GET', `report/${report.id}/`)).json().data.name).toBe('生态报告');
  });

  it('checks the form with the spec messages', async () => {
    const base = { name: 'x', create_user: 'y', cover: coverUrl, file: pdfUrl };
    const message = async (body: object) => (await call('POST', 'report/report_create/', body)).json().message;
    expect(await message({ ...base, name: ' ' })).toBe('请输入报告名称');
    expect(await message({ ...base, create_user: '' })).toBe('请输入创建人');
    expect(await message({ ...base, cover: '' })).toBe('请上传报告封面');
    expect(await message({ ...base, file: '' })).toBe('请上传报告文件');
    expect(await message({ ...base, file: coverUrl })).toBe('请上传正确的文件格式!');
    expect(await message({ ...base, file: '/api/uploader/v1/files/999999/x.pdf' })).toBe('文件不存在或不属于本项目，请重新上传');
    expect(await message({ ...base, labels: [label['航拍影像']] })).toBe('所选标签不存在或不属于本项目');
    // A built-in default cover needs no upload.
    const withDefault = (await call('POST', 'report/report_create/', { ...base, cover: '/covers/default-1.png' })).json();
    expect(withDefault.message).toBe('新增报告成功');
    await call('POST', 'report/batch_delete/', { ids: String(withDefault.data.id) });
  });

  it('filters: labels of one group are alternatives, of different groups all must hold', async () => {
    await addReport('安全报告', [label['安全韧性'], label['专项体检报告']]);
    await addReport('交通报告', [label['交通便捷'], label['年度体检报告']]);
    const names = async (query: string) =>
      (await call('GET', `report/report_list/?pageSize=100&${query}`)).json().result.data.map((r: { name: string }) => r.name).sort();
    expect(await names(`label_ids=${label['生态宜居']},${label['安全韧性']}`)).toEqual(['安全报告', '生态报告']);
    expect(await names(`label_ids=${label['生态宜居']},${label['安全韧性']},${label['年度体检报告']}`)).toEqual(['生态报告']);
    expect(await names(`label_names=${encodeURIComponent('交通便捷,年度体检报告')}`)).toEqual(['交通报告']);
    expect(await names(`label_names=${encodeURIComponent('不存在的标签')}`)).toEqual([]);
    expect(await names(`name=${encodeURIComponent('安全')}`)).toEqual(['安全报告']);
    // A name with quotes, a backslash and braces is a name like any other.
    const odd = 'A"B\\{C}';
    const made = (await call('POST', 'label/', { name: odd, origin: '报告' })).json();
    const report = await addReport('引号报告', [made.id]);
    expect(await names(`label_names=${encodeURIComponent(odd)}`)).toEqual(['引号报告']);
    await call('POST', 'report/batch_delete/', { ids: String(report.id) });
    await call('DELETE', `label/${made.id}/`);
  });

  it('filters by level: items with a label whose extra_info.level is it, also with other filters', async () => {
    const made = async (name: string, level: number) =>
      (await ctx.app.inject({ method: 'POST', url: `${BASE}/label/`, headers: authHeaders(admin), payload: { name, origin: '报告', type: '原子标签', extra_info: { level } } })).json().id as number;
    const [street, anotherStreet, district] = [await made('层级楼栋甲', 7), await made('层级楼栋乙', 7), await made('层级区县', 3)];
    const inStreet = await addReport('层级报告一', [street]);
    const inOther = await addReport('层级报告二', [anotherStreet, label['年度体检报告']]);
    const inDistrict = await addReport('层级报告三', [district]);
    const plain = await addReport('层级报告四', []);
    const ids = async (query: string) => (await call('GET', `report/report_list/?pageSize=100&name=层级报告&${query}`)).json().result.data.map((item: { id: number }) => item.id).sort();
    expect(await ids('level=7')).toEqual([inStreet.id, inOther.id].sort());
    expect(await ids('level=3')).toEqual([inDistrict.id]);
    expect(await ids(`level=7&label_ids=${label['年度体检报告']}`)).toEqual([inOther.id]);
    expect(await ids('level=6')).toEqual([]);
    expect((await call('GET', 'report/report_list/?level=8')).json().message).toBe('层级必须是 1 到 7 的整数');
    expect((await call('GET', 'report/report_list/?level=x')).json().message).toBe('层级必须是 1 到 7 的整数');
    await call('POST', 'report/batch_delete/', { ids: [inStreet, inOther, inDistrict, plain].map((item) => item.id).join(',') });
  });

  it('pages, sorts and filters by time, and refuses bad values in Chinese', async () => {
    const page = (await call('GET', 'report/report_list/?pageNo=2&pageSize=2&created_at=-created_at')).json().result;
    expect(page).toMatchObject({ pageNo: 2, pageSize: 2, total: 3 });
    expect(page.data.map((r: { name: string }) => r.name)).toEqual(['生态报告']);
    const future = (await call('GET', `report/report_list/?start_time=${encodeURIComponent('2099-01-01 00:00:00')}`)).json().result;
    expect(future.total).toBe(0);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await call('GET', `report/report_list/?start_time=${today}%2000:00:00&end_time=${today}%2023:59:59`)).json().result.total).toBe(3);
    for (const [query, message] of [
      ['pageNo=0', '页码必须是大于 0 的整数'],
      ['pageSize=-1', '每页条数必须在 1 到 100 之间'],
      ['pageSize=100000', '每页条数必须在 1 到 100 之间'],
      ['label_ids=1,a', '标签编号不合法'],
      ['group_id=abc', '分组编号不合法'],
      ['created_at=name', '排序只能按创建时间升序或降序'],
      ['start_time=2026-13-01', '开始时间格式应为 yyyy-MM-dd HH:mm:ss'],
      [`start_time=2026-02-01&end_time=2026-01-01`, '结束时间不能早于开始时间'],
    ]) {
      const response = await call('GET', `report/report_list/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
  });

  it('moves into and out of groups, with counts', async () => {
    const group = (await call('POST', 'report_group/group_create/', { name: '2026 年度', user_uuid: 'x' })).json().data;
    expect((await call('POST', 'report_group/group_create/', { name: '' })).json().message).toBe('分组名称必填！');
    const ids = (await call('GET', 'report/report_list/?pageSize=100')).json().result.data.map((r: { id: number }) => r.id);
    expect((await call('PUT', 'report/batch_remove_edit/', { ids: ids.slice(0, 2).join(','), group_id: group.id })).json().message).toBe('批量移动成功');
    let groups = (await call('GET', 'report_group/group_list/')).json();
    expect(groups.data[0]).toMatchObject({ name: '2026 年度', num: 2 });
    expect(groups.total_report_number).toBe(3);
    expect((await call('GET', `report/report_list/?group_id=${group.id}`)).json().result.total).toBe(2);
    expect((await call('GET', 'report/report_list/?group_id=0')).json().result.total).toBe(1);
    expect((await call('PUT', 'report/batch_remove_edit/', { ids: String(ids[0]), group_id: -1 })).json().message).toBe('批量移出成功');
    expect((await call('PUT', 'report/batch_remove_edit/', { ids: '', group_id: group.id })).json().message).toBe('请勾选批量移动数据!');
    expect((await call('PUT', 'report/batch_remove_edit/', { ids: String(ids[0]), group_id: '' })).json().message).toBe('请选择要移动的分组');
    expect((await call('PUT', `report_group/${group.id}/`, { name: '' })).json().message).toBe('组名不能为空');
    expect((await call('PUT', `report_group/${group.id}/`, { name: '改名' })).json().message).toBe('修改分组名称成功');
    expect((await call('POST', 'report_group/batch_delete/', { ids: String(group.id) })).json().message).toBe('批量删除成功!');
    groups = (await call('GET', 'report_group/group_list/')).json();
    expect(groups.data).toEqual([]);
    expect((await call('GET', 'report/report_list/?group_id=0')).json().result.total).toBe(3);
  });

  it('bulk creates all or nothing', async () => {
    const good = { name: '批量甲', create_user: 'u', cover: coverUrl, file: pdfUrl };
    const bad = await call('POST', 'report/bulk_create/', [good, { ...good, name: '' }]);
    expect(bad.json().message).toBe('第 2 个报告：请输入报告名称');
    expect((await call('GET', `report/report_list/?name=${encodeURIComponent('批量甲')}`)).json().result.total).toBe(0);
    const made = await call('POST', 'report/bulk_create/', [good, { ...good, name: '批量乙' }]);
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toHaveLength(2);
  });

  it('sets labels by name from the spreadsheet, naming what does not match', async () => {
    const [report] = (await call('GET', `report/report_list/?name=${encodeURIComponent('批量甲')}`)).json().result.data;
    const result = await call('POST', 'report/export_report/', {
      reports: [
        { id: report.id, name: '批量甲', cover: '', origin: '报告', labels: '生态宜居，健康舒适,没有这个' },
        { id: 999999, name: '不存在', labels: '生态宜居' },
        { id: '不是编号', name: '无编号', labels: '生态宜居' },
      ],
    });
    expect(result.json().message).toBe('导入成功');
    expect(result.json().data).toEqual([
      { row: 1, id: report.id, updated: true, unmatched: ['没有这个'] },
      { row: 2, id: 999999, updated: false, unmatched: [], reason: '报告不存在' },
      // A sheet id that is not a number answers null (as JSON has always written NaN).
      { row: 3, id: null, updated: false, unmatched: [], reason: '报告不存在' },
    ]);
    const after = (await call('GET', `report/${report.id}/`)).json().data;
    expect(after.labels.map((l: { name: string }) => l.name)).toEqual(['生态宜居', '健康舒适']);
  });

  it('deletes reports to the recycle bin, and their files when it is emptied and nothing else refers to them', async () => {
    const ownPdf = (await upload('独有.pdf', padded(SAMPLES.pdf, 777))).url;
    const report = await addReport('待删除', [], { file: ownPdf });
    const shared = (await call('GET', `report/report_list/?name=${encodeURIComponent('生态报告')}`)).json().result.data[0];
    expect((await call('POST', 'report/batch_delete/', { ids: '' })).json().message).toBe('请勾选批量删除数据!');
    expect((await call('POST', 'report/batch_delete/', { ids: String(report.id) })).json().message).toBe('批量删除成功!');
    const fileId = Number(ownPdf.split('/')[5]);
    expect(await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId))).toHaveLength(1);
    expect((await call('POST', 'recycle_bin/purge/', { all: true, origin: '报告' })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: shared.file, headers: authHeaders(admin) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: shared.cover, headers: authHeaders(admin) })).statusCode).toBe(200);
  });

  it('edits a report and its labels', async () => {
    const [report] = (await call('GET', `report/report_list/?name=${encodeURIComponent('交通报告')}`)).json().result.data;
    const edited = await call('PUT', 'report/report_edit/', { id: report.id, name: '交通报告（修订）', tags: [[1, label['交通便捷']]] });
    expect(edited.json().data).toMatchObject({ name: '交通报告（修订）', file: pdfUrl });
    expect(edited.json().data.labels.map((l: { name: string }) => l.name)).toEqual(['交通便捷']);
  });
});

describe('materials from the same code', () => {
  it('apply the material rules and live apart from reports', async () => {
    const image = (await upload('航拍.png', SAMPLES.png)).url;
    const message = async (body: object) => (await call('POST', 'material/report_create/', body)).json().message;
    expect(await message({ name: '', create_user: 'u', file: image })).toBe('请输入素材名称');
    expect(await message({ name: '一二三四五六七八九十一二三四五六七八九十一', create_user: 'u', file: image })).toBe('长度在 1 到 20 个字符');
    expect(await message({ name: '图', create_user: 'u', file: '' })).toBe('请上传素材文件');
    expect(await message({ name: '图', create_user: 'u', file: pdfUrl })).toBe('请上传正确的文件格式！');
    const made = await call('POST', 'material/report_create/', { name: '航拍图', create_user: 'u', file: image, labels: [label['航拍影像']] });
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toBe('新增素材成功');
    expect((await call('GET', 'material/report_list/')).json().result.total).toBe(1);
    expect((await call('GET', 'report/report_list/?pageSize=100')).json().result.data.some((r: { name: string }) => r.name === '航拍图')).toBe(false);
    const edited = await call('PUT', 'material/material_edit/', { id: made.json().data.id, name: '航拍图二' });
    expect(edited.json().data.name).toBe('航拍图二');
    expect((await call('PUT', 'report/report_edit/', { id: made.json().data.id, name: 'x' })).statusCode).toBe(404);
  });
});

describe('another project', () => {
  it('cannot see or touch these items', async () => {
    const other = (await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name: '别的项目' } })).json();
    const otherBase = `/studio/report/api/report/projects/${other.uuid}`;
    const [report] = (await call('GET', 'report/report_list/')).json().result.data;
    const get = await ctx.app.inject({ method: 'GET', url: `${otherBase}/report/${report.id}/`, headers: authHeaders(admin) });
    expect(get.statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'POST', url: `${otherBase}/report/batch_delete/`, headers: authHeaders(admin), payload: { ids: String(report.id) } });
    expect(del.statusCode).toBe(404);
    const create = await ctx.app.inject({
      method: 'POST',
      url: `${otherBase}/report/report_create/`,
      headers: authHeaders(admin),
      payload: { name: '借用文件', create_user: 'u', cover: coverUrl, file: pdfUrl },
    });
    expect(create.json().message).toBe('文件不存在或不属于本项目，请重新上传');
    expect(await ctx.database.db.select().from(libraryItems).where(eq(libraryItems.projectUuid, other.uuid))).toEqual([]);
  });
});
