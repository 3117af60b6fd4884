import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { parseTextArray } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, SAMPLES, type TestContext, uploadFile } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const get = (path: string, token = admin) => ctx.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: authHeaders(token) });
const post = (path: string, payload: object) => ctx.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: authHeaders(admin), payload });

const upload = (name: string, content: Buffer, purpose: string) => uploadFile(ctx.app, admin, name, content, purpose);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('GET report/{id}/ (its own statement)', () => {
  it('answers each item exactly as the list shows it', async () => {
    const labels = (await ctx.app.inject({ method: 'GET', url: `${BASE}/label/?limit=100`, headers: authHeaders(admin) })).json().results as Array<{ id: number; origin: string }>;
    const reportLabels = labels.filter((label) => label.origin === '报告').map((label) => label.id);
    const pdf = (await upload('体检报告.pdf', SAMPLES.pdf, 'report')).url;
    const cover = await upload('封面.png', SAMPLES.png, 'cover');
    expect(cover.thumbnail_url).toBeTruthy();
    const report = (body: object) => post('report/report_create/', { create_user: '演示用户', file: pdf, ...body });
    const created = [
      await report({ name: '上传封面', cover: cover.url, labels: [reportLabels[3], reportLabels[0], reportLabels[9]] }),
      await report({ name: '内置封面', cover: '/covers/default-2.png' }),
    ].map((response) => response.json().data.id as number);
    const image = (await upload('照片.jpg', SAMPLES.jpeg, 'material')).url;
    const material = (await post('material/report_create/', { name: '素材', create_user: '演示用户', file: image })).json().data;

    const list = (await get('report/report_list/?pageSize=100')).json().result.data as Array<{ id: number }>;
    for (const id of created) {
      const one = await get(`report/${id}/`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual({ code: 200, message: '操作成功', data: list.find((row) => row.id === id) });
    }
    expect(list.find((row) => row.id === created[0])).toMatchObject({ thumbnail: cover.thumbnail_url, labels: [{ id: reportLabels[0] }, { id: reportLabels[3] }, { id: reportLabels[9] }] });
    expect(list.find((row) => row.id === created[1])).toMatchObject({ thumbnail: '/covers/default-2.png', labels: [] });
    const materials = (await get('material/report_list/')).json().result.data;
    expect((await get(`material/${material.id}/`)).json().data).toEqual(materials.find((row: { id: number }) => row.id === material.id));
  });

  it('answers 404 for an item of another kind, another project or none', async () => {
    const material = (await get('material/report_list/')).json().result.data[0];
    expect((await get(`report/${material.id}/`)).json()).toEqual({ code: 40400, message: '报告不存在' });
    expect((await get('report/2147483647/')).statusCode).toBe(404);
  });
});

describe('the session of every request', () => {
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  const lastSeen = async (token: string) =>
    (await ctx.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, hash(token))))[0].at.getTime();
  const setLastSeen = (token: string, at: Date) => ctx.database.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, hash(token)));

  it('is marked used at most once a minute, and ends after 7 idle days', async () => {
    const token = await login(ctx.app);
    const recent = new Date(Date.now() - 30_000);
    await setLastSeen(token, recent);
    expect((await get('report/report_list/', token)).statusCode).toBe(200);
    expect(await lastSeen(token)).toBe(recent.getTime());

    await setLastSeen(token, new Date(Date.now() - 2 * 60_000));
    expect((await get('report/report_list/', token)).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(token))).toBeLessThan(10_000);

    await setLastSeen(token, new Date(Date.now() - 8 * 24 * 3600_000));
    const idle = await get('report/report_list/', token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual({ code: 40002, message: '登录状态已过期，请重新登录' });
    expect((await get('report/report_list/', token)).json().code).toBe(40002);
  });
});

describe('text[] from PostgreSQL (permission lists)', () => {
  it('reads every array as the general parser does', () => {
    // pg's parser of varchar[] (1015) is its untouched parser of text[] (1009).
    const full = pg.types.getTypeParser(1015 as Parameters<typeof pg.types.getTypeParser>[0]);
    const literals = [
      '{}', '{report.report.view_report}', '{a.b.c,d.e.f,报告.标签}', '{NULL,x}', '{"NULL",x}', '{"a,b",c}', '{"",x}',
      '{"x y",z}', '{"q\\"q"}', '{"b\\\\s"}', '{{a,b},{c,d}}', '[0:1]={a,b}', '{"{",x}',
    ];
    for (const literal of literals) expect(parseTextArray(literal), literal).toEqual(full(literal));
  });
});
