import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, projectMembers, roles, storedFiles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { authHeaders, createTestApp, DEMO, login, multipart, padded, SAMPLES, type TestContext, uploadFile } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, payload?: unknown, token = admin, base = BASE) =>
  ctx.app.inject({ method, url: `${base}/${path}`, headers: authHeaders(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

const upload = (name: string, content: Buffer, purpose = 'material') => uploadFile(ctx.app, admin, name, content, purpose);

const picture = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#4a90c2', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })[format]().toBuffer();

/** A member of the demo project whose role grants exactly `permissions`. */
async function memberWith(username: string, permissions: string[]) {
  const [role] = await ctx.database.db
    .insert(roles)
    .values({ organizationUuid: DEMO.organizationUuid, projectUuid: DEMO.projectUuid, name: username, permissions })
    .returning();
  const [user] = await ctx.database.db.insert(users).values({ username, passwordHash: await hashPassword('member-pass1'), currentOrganizationUuid: DEMO.organizationUuid }).returning();
  await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
  await ctx.database.db.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid: user.uuid, roleId: role.id });
  return login(ctx.app, username, 'member-pass1');
}

let jpegUrl: string;
let pngUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  jpegUrl = (await upload('街景.jpg', await picture(1200, 800, 'jpeg'))).url;
  pngUrl = (await upload('图表.png', await picture(900, 600, 'png'))).url;
});
afterAll(() => ctx.close());

describe('material rules', () => {
  it('takes names of 1 to 20 characters and only JPEG or PNG files', async () => {
    const create = (body: object) => call('POST', 'material/report_create/', { create_user: '演示用户', file: jpegUrl, ...body });
    const twenty = '一二三四五六七八九十一二三四五六七八九十';
    expect((await create({ name: twenty })).statusCode).toBe(201);
    const long = await create({ name: `${twenty}一` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('长度在 1 到 20 个字符');
    expect((await create({ name: '  ' })).json().message).toBe('请输入素材名称');
    expect((await create({ name: '图', create_user: '' })).json().message).toBe('请输入创建人');
    const pdf = await upload('报告.pdf', padded(SAMPLES.pdf, 300), 'report');
    expect((await create({ name: '文档', file: pdf.url })).json().message).toBe('请上传正确的文件格式！');
    expect((await create({ name: 'PNG 图', file: pngUrl })).statusCode).toBe(201);
    // The material upload itself refuses other types with the spec's message.
    const body = multipart({}, { name: '报告.pdf', content: SAMPLES.pdf });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=material`,
      payload: body.payload,
      headers: { ...body.headers, ...authHeaders(admin) },
    });
    expect(refused.json().message).toBe('请上传正确的文件格式！');
  });
});

describe('thumbnails in list and item answers', () => {
  it('gives each material the thumbnail of its image', async () => {
    const made = (await call('POST', 'material/report_create/', { name: '滨河街景', create_user: '演示用户', file: jpegUrl })).json().data;
    expect(made.thumbnail).toBe(`${jpegUrl}?format=thumbnail`);
    const listed = (await call('GET', `material/report_list/?name=${encodeURIComponent('滨河街景')}`)).json().result.data[0];
    expect(listed.thumbnail).toBe(made.thumbnail);
    expect((await call('GET', `material/${made.id}/`)).json().data.thumbnail).toBe(made.thumbnail);
    const preview = await ctx.app.inject({ method: 'GET', url: listed.thumbnail, headers: authHeaders(admin) });
    expect(preview.headers['content-type']).toBe('image/webp');
    const { width, height } = await sharp(preview.rawPayload).metadata();
    expect([width, height]).toEqual([320, 213]);
  });

  it('gives a report the thumbnail of its cover, a built-in cover itself, and null for files from before thumbnails', async () => {
    const pdf = (await upload('体检.pdf', padded(SAMPLES.pdf, 400), 'report')).url;
    const cover = (await upload('封面.png', await picture(640, 400, 'png'), 'cover')).url;
    const report = async (name: string, coverUrl: string) =>
      (await call('POST', 'report/report_create/', { name, create_user: '演示用户', cover: coverUrl, file: pdf })).json().data;
    expect((await report('上传封面', cover)).thumbnail).toBe(`${cover}?format=thumbnail`);
    expect((await report('默认封面', '/covers/default-2.png')).thumbnail).toBe('/covers/default-2.png');

    const older = (await upload('旧封面.png', await picture(300, 200, 'png'), 'cover')).url;
    await ctx.database.db.update(storedFiles).set({ thumbKey: null, thumbSize: null }).where(eq(storedFiles.id, Number(older.split('/')[5])));
    const made = await report('旧封面', older);
    expect(made.thumbnail).toBeNull();
    const listed = (await call('GET', 'report/report_list/?pageSize=100')).json().result.data;
    expect(Object.fromEntries(listed.map((r: { name: string; thumbnail: string | null }) => [r.name, r.thumbnail]))).toEqual({
      上传封面: `${cover}?format=thumbnail`,
      默认封面: '/covers/default-2.png',
      旧封面: null,
    });
  });
});

describe('batch move of materials', () => {
  it('accepts the material edit or the material group edit permission, as the spec gates the buttons', async () => {
    const group = (await call('POST', 'material_group/group_create/', { name: '街景' })).json().data;
    const [item] = (await call('GET', 'material/report_list/')).json().result.data;
    const move = (token: string, groupId: number) => call('PUT', 'material/batch_remove_edit/', { ids: String(item.id), group_id: groupId }, token);

    const groupEditor = await memberWith('group-editor', ['report.material.view_material', 'report.materialgroup.edit_materialgroup']);
    const moved = await move(groupEditor, group.id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe('批量移动成功');
    expect((await call('GET', `material/${item.id}/`)).json().data.group_id).toBe(group.id);
    expect((await move(groupEditor, -1)).json().message).toBe('批量移出成功');

    const itemEditor = await memberWith('item-editor', ['report.material.view_material', 'report.material.edit_material']);
    expect((await move(itemEditor, group.id)).statusCode).toBe(200);

    const viewer = await memberWith('viewer', ['report.material.view_material', 'report.materialgroup.view_materialgroup']);
    const denied = await move(viewer, -1);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(40301);
    expect((await call('GET', `material/${item.id}/`)).json().data.group_id).toBe(group.id);
  });
});

describe('ids of another project', () => {
  it('are not found on material routes, and its files and groups cannot be borrowed', async () => {
    const other = (await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name: '别的项目' } })).json();
    const otherBase = `/studio/report/api/report/projects/${other.uuid}`;
    const [item] = (await call('GET', 'material/report_list/')).json().result.data;

    expect((await call('GET', `material/${item.id}/`, undefined, admin, otherBase)).statusCode).toBe(404);
    expect((await call('PUT', 'material/material_edit/', { id: item.id, name: '改名' }, admin, otherBase)).statusCode).toBe(404);
    const moved = await call('PUT', 'material/batch_remove_edit/', { ids: String(item.id), group_id: -1 }, admin, otherBase);
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe('部分素材不存在');
    expect((await call('POST', 'material/batch_delete/', { ids: String(item.id) }, admin, otherBase)).statusCode).toBe(404);
    const borrowed = await call('POST', 'material/report_create/', { name: '借用', create_user: 'u', file: jpegUrl }, admin, otherBase);
    expect(borrowed.json().message).toBe('文件不存在或不属于本项目，请重新上传');
    expect((await call('GET', 'material/report_list/', undefined, admin, otherBase)).json().result.total).toBe(0);

    const otherGroup = (await call('POST', 'material_group/group_create/', { name: '外部分组' }, admin, otherBase)).json().data;
    const intoOther = await call('PUT', 'material/batch_remove_edit/', { ids: String(item.id), group_id: otherGroup.id });
    expect(intoOther.json().message).toBe('分组不存在');
    // A material is not a report either.
    expect((await call('GET', `report/${item.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `material/${item.id}/`)).json().data.name).toBe(item.name);
  });
});
