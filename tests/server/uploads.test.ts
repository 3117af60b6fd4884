import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, organizations, projectMembers, storedFiles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { authHeaders, createTestApp, DEMO, login, multipart, padded, SAMPLES, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const OTHER_ORG = '33333333-3333-4333-8333-333333333333';

async function upload(token: string, name: string, content: Buffer, url = '/api/uploader/v1/file_upload/') {
  const body = multipart({}, { name, content });
  return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...authHeaders(token) } });
}

async function userIn(username: string, organizationUuid: string) {
  const [user] = await ctx.database.db.insert(users).values({ username, passwordHash: await hashPassword('member-pass1') }).returning();
  await ctx.database.db.insert(organizationMembers).values({ organizationUuid, userUuid: user.uuid });
  return { user, token: await login(ctx.app, username, 'member-pass1') };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  await ctx.database.db.insert(organizations).values({ uuid: OTHER_ORG, name: '别家企业' });
});
afterAll(() => ctx.close());

describe('single upload and serving', () => {
  it('stores a PNG and serves it back byte for byte with its Chinese name', async () => {
    const response = await upload(admin, '封面图.png', SAMPLES.png);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({ name: '封面图.png', size: SAMPLES.png.length, mime: 'image/png', transcode: 'none', status: null });
    expect(file.url).toBe(`/api/uploader/v1/files/${file.id}/${encodeURIComponent('封面图.png')}`);

    const content = await ctx.app.inject({ method: 'GET', url: file.url, headers: authHeaders(admin) });
    expect(content.statusCode).toBe(200);
    // The platform's /api/v1 path is the same upload, with the same checks.
    const again = await upload(admin, '封面图.png', SAMPLES.png, '/api/v1/file-upload/');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ name: '封面图.png', mime: 'image/png' });
    expect((await upload(admin, '伪装.png', Buffer.from('not a png'), '/api/v1/file-upload/')).json().message).toBe('请上传正确的文件格式！');
    expect(content.rawPayload.equals(SAMPLES.png)).toBe(true);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['content-disposition']).toBe(`inline; filename="___.png"; filename*=UTF-8''${encodeURIComponent('封面图.png')}`);
    expect(content.headers['cache-control']).toContain('private');

    const info = await ctx.app.inject({ method: 'GET', url: `/api/uploader/v1/file_upload/${file.id}/`, headers: authHeaders(admin) });
    expect(info.json().url).toBe(file.url);
  });

  it('reads the session from the token cookie for <img src>, and refuses without one', async () => {
    const file = (await upload(admin, 'a.png', SAMPLES.png)).json();
    expect((await ctx.app.inject({ method: 'GET', url: file.url, headers: { cookie: `theme=dark; token=${admin}` } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);
    // Under a host shell the app's cookie is ezreport_token, and it wins over the host's own token.
    const embedded = { cookie: `token=the-hosts-own-token; ezreport_token=${admin}` };
    expect((await ctx.app.inject({ method: 'GET', url: file.url, headers: embedded })).statusCode).toBe(200);
    // The cookie is never enough for a route that writes.
    const body = multipart({}, { name: 'b.png', content: SAMPLES.png });
    const write = await ctx.app.inject({ method: 'POST', url: '/api/uploader/v1/file_upload/', payload: body.payload, headers: { ...body.headers, cookie: `token=${admin}` } });
    expect(write.statusCode).toBe(401);
  });

  it('answers byte ranges, and 416 for a range past the end', async () => {
    const file = (await upload(admin, 'report.pdf', SAMPLES.pdf)).json();
    const part = await ctx.app.inject({ method: 'GET', url: file.url, headers: { ...authHeaders(admin), range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    expect(part.headers['content-range']).toBe(`bytes 0-4/${SAMPLES.pdf.length}`);
    const tail = await ctx.app.inject({ method: 'GET', url: file.url, headers: { ...authHeaders(admin), range: 'bytes=-6' } });
    expect(tail.body).toBe('%%EOF\n');
    const past = await ctx.app.inject({ method: 'GET', url: file.url, headers: { ...authHeaders(admin), range: 'bytes=99999-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${SAMPLES.pdf.length}`);
  });

  it('dates a file by its upload and answers 304 to a copy that is as new', async () => {
    const file = (await upload(admin, 'dated.pdf', SAMPLES.pdf)).json();
    const first = await ctx.app.inject({ method: 'GET', url: file.url, headers: authHeaders(admin) });
    const lastModified = first.headers['last-modified'] as string;
    const [row] = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    expect(lastModified).toBe(row.createdAt.toUTCString());
    const since = (date: string) => ctx.app.inject({ method: 'GET', url: file.url, headers: { ...authHeaders(admin), 'if-modified-since': date } });
    expect((await since(lastModified)).statusCode).toBe(304);
    const older = await since(new Date(row.createdAt.getTime() - 3600_000).toUTCString());
    expect(older.statusCode).toBe(200);
    expect(older.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    // An ETag that no longer matches wins over a date that does.
    const changed = await ctx.app.inject({ method: 'GET', url: file.url, headers: { ...authHeaders(admin), 'if-modified-since': lastModified, 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
  });

  it('keeps files to their organization and project', async () => {
    const file = (await upload(admin, 'secret.png', SAMPLES.png)).json();
    const { token: outsider } = await userIn('outsider', OTHER_ORG);
    expect((await ctx.app.inject({ method: 'GET', url: file.url, headers: authHeaders(outsider) })).statusCode).toBe(404);
    const projectFile = (await upload(admin, 'p.pdf', SAMPLES.pdf, `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/`)).json();
    expect(projectFile.project_uuid).toBe(DEMO.projectUuid);
    const { token: colleague } = await userIn('colleague', DEMO.organizationUuid);
    expect((await ctx.app.inject({ method: 'GET', url: projectFile.url, headers: authHeaders(colleague) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: file.url, headers: authHeaders(colleague) })).statusCode).toBe(200);
    const denied = await upload(outsider, 'x.pdf', SAMPLES.pdf, `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/`);
    expect(denied.statusCode).toBe(404);
  });

  it('refuses a project upload without a report or material write permission', async () => {
    const { user, token } = await userIn('looker', DEMO.organizationUuid);
    const visitorRole = (await ctx.app.inject({ method: 'GET', url: `/api/project/v1/projects/${DEMO.projectUuid}/roles/?search=访客`, headers: authHeaders(admin) })).json().results[0];
    await ctx.database.db.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid: user.uuid, roleId: visitorRole.id });
    const response = await upload(token, 'x.pdf', SAMPLES.pdf, `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(40301);
  });
});

describe('checks', () => {
  it('judges the content, not the name: a PNG renamed .pdf is refused', async () => {
    const response = await upload(admin, 'report.pdf', SAMPLES.png);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('请上传正确的文件格式!');
    const image = await upload(admin, 'cover.jpg', SAMPLES.pdf);
    expect(image.json().message).toBe('请上传正确的文件格式！');
    expect((await upload(admin, 'notes.txt', Buffer.from('hello world'))).json().message).toBe('请上传正确的文件格式!');
    expect((await upload(admin, 'empty.pdf', Buffer.alloc(0))).json().message).toBe('文件内容为空');
  });

  it('applies each limit while streaming, and keeps nothing of a refused file', async () => {
    const before = (await ctx.database.db.select().from(storedFiles)).length;
    const cover = await upload(admin, 'big.png', padded(SAMPLES.png, 2 * 1024 * 1024 + 1));
    expect(cover.statusCode).toBe(413);
    expect(cover.json().message).toBe('上传图片大小不能超过 2MB!');
    const material = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploader/v1/file_upload/?purpose=material',
      ...(() => {
        const body = multipart({}, { name: 'm.png', content: padded(SAMPLES.png, 3 * 1024 * 1024) });
        return { payload: body.payload, headers: { ...body.headers, ...authHeaders(admin) } };
      })(),
    });
    expect(material.statusCode).toBe(201);
    const pdfOnly = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploader/v1/file_upload/?purpose=report_pdf',
      ...(() => {
        const body = multipart({}, { name: 'r.docx', content: SAMPLES.docx });
        return { payload: body.payload, headers: { ...body.headers, ...authHeaders(admin) } };
      })(),
    });
    expect(pdfOnly.json().message).toBe('请上传正确的文件格式!');
    expect((await ctx.database.db.select().from(storedFiles)).length).toBe(before + 1);
    const onDisk = readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true }) as string[];
    expect(onDisk.filter((entry) => entry.endsWith('.part'))).toEqual([]);
    const keys = new Set((await ctx.database.db.select().from(storedFiles)).flatMap((row) => [row.storageKey, row.thumbKey].filter(Boolean)));
    const objects = onDisk.filter((entry) => /[0-9a-f-]{36}$/.test(entry));
    expect(objects.length).toBe(keys.size);
  });

  it('never takes a path from the client name', async () => {
    const response = await upload(admin, '../../etc/passwd.png', SAMPLES.png);
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('passwd.png');
    const [row] = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, response.json().id));
    expect(row.storageKey).toMatch(/^f\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
  });

  it('refuses a request that is not multipart or has no file part', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/uploader/v1/file_upload/', headers: authHeaders(admin), payload: { file: 'x' } });
    expect(json.json().message).toBe('请使用 multipart/form-data 上传文件');
    const body = multipart({}, { name: 'a.png', content: SAMPLES.png, field: 'image' });
    const wrongField = await ctx.app.inject({ method: 'POST', url: '/api/uploader/v1/file_upload/', payload: body.payload, headers: { ...body.headers, ...authHeaders(admin) } });
    expect(wrongField.json().message).toBe('请上传文件');
  });
});

describe('storage', () => {
  it('stores the same content of one project once', async () => {
    const url = `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/`;
    const first = (await upload(admin, '一.pdf', SAMPLES.pdf, url)).json();
    const second = (await upload(admin, '二.pdf', SAMPLES.pdf, url)).json();
    expect(second.id).not.toBe(first.id);
    const rows = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.sha256, first.sha256));
    const keys = new Set(rows.filter((r) => r.projectUuid === DEMO.projectUuid).map((r) => r.storageKey));
    expect(keys.size).toBe(1);
    const content = await ctx.app.inject({ method: 'GET', url: second.url, headers: authHeaders(admin) });
    expect(content.headers['content-disposition']).toContain(encodeURIComponent('二.pdf'));
  });

  it('records what became of a Word file', async () => {
    const file = (await upload(admin, '方案.docx', SAMPLES.docx)).json();
    expect(file.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(['unavailable', 'pending']).toContain(file.transcode);
    const doc = (await upload(admin, '旧方案.doc', SAMPLES.doc)).json();
    expect(doc.mime).toBe('application/msword');
  });
});
