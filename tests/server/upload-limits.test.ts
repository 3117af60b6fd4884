import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, projectMembers, roles, storedFiles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { CHUNK_MAX_BYTES, USER_OPEN_TASKS } from '../../server/modules/uploads/chunk-store';
import { authHeaders, createTestApp, DEMO, login, multipart, padded, post, SAMPLES, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const CHUNKED_LIMIT = 8 * 1024 * 1024;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CHUNKED_FILE_MAX_BYTES: String(CHUNKED_LIMIT) } });
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

/** A member of the demo organization with no organization role, in the demo project as `projectRole` if given. */
async function member(username: string, projectRole?: string) {
  const [user] = await ctx.database.db.insert(users).values({ username, passwordHash: await hashPassword('member-pass1') }).returning();
  await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
  if (projectRole) {
    const [role] = await ctx.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.projectUuid, DEMO.projectUuid), eq(roles.name, projectRole)));
    await ctx.database.db.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid: user.uuid, roleId: role.id });
  }
  return { user, token: await login(ctx.app, username, 'member-pass1') };
}

const upload = (token: string, body: { payload: Buffer; headers: Record<string, string> }, url = '/api/uploader/v1/file_upload/') =>
  ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...authHeaders(token) } });

function sendChunk(token: string, taskId: string, content: Buffer, fields: { chunk: number; chunks: number; size: number; project_uuid?: string }) {
  const body = multipart(
    { task_id: taskId, chunk: String(fields.chunk), chunks: String(fields.chunks), size: String(fields.size), name: '报告.pdf', ...(fields.project_uuid ? { project_uuid: fields.project_uuid } : {}) },
    { name: 'blob', content },
  );
  return upload(token, body, '/api/uploader/v2/index/');
}

const received = async (token: string, taskId: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/uploader/v2/index/?task_id=${taskId}`, headers: authHeaders(token) })).json().chunks;
/** Every object in storage, chunks of unfinished uploads included. */
const storedObjects = async () => (await ctx.app.storage.staleKeys(Date.now() + 60_000)).sort();
const storedCount = async () => (await ctx.database.db.select({ n: count() }).from(storedFiles))[0].n;

describe('who may upload', () => {
  it('refuses organization-level uploads, single and chunked, to a member without an organization write permission', async () => {
    const { token } = await member('viewer');
    const single = await upload(token, multipart({}, { name: 'a.pdf', content: SAMPLES.pdf }));
    expect(single.statusCode).toBe(403);
    expect(single.json().message).toBe('您暂无上传文件的权限');
    const chunk = await sendChunk(token, 'viewer-task', SAMPLES.pdf, { chunk: 0, chunks: 1, size: SAMPLES.pdf.length });
    expect(chunk.statusCode).toBe(403);
    expect(await received(token, 'viewer-task')).toEqual([]);
    expect((await upload(admin, multipart({}, { name: 'a.pdf', content: SAMPLES.pdf }))).statusCode).toBe(201);
  });

  it('refuses a chunked project upload to a 访客 of the project', async () => {
    const { token } = await member('project-visitor', '访客');
    const chunk = await sendChunk(token, 'visitor-task', SAMPLES.pdf, { chunk: 0, chunks: 1, size: SAMPLES.pdf.length, project_uuid: DEMO.projectUuid });
    expect(chunk.statusCode).toBe(403);
  });

  it('refuses to finish, or add to, a chunked upload once its author has left the project', async () => {
    const { user, token } = await member('leaver', '报告管理员');
    const file = padded(SAMPLES.pdf, 2048);
    const project = { chunks: 2, size: file.length, project_uuid: DEMO.projectUuid };
    expect((await sendChunk(token, 'leaver-task', file.subarray(0, 1024), { ...project, chunk: 0 })).statusCode).toBe(200);
    await ctx.database.db.delete(projectMembers).where(and(eq(projectMembers.projectUuid, DEMO.projectUuid), eq(projectMembers.userUuid, user.uuid)));
    expect((await sendChunk(token, 'leaver-task', file.subarray(1024), { ...project, chunk: 1 })).statusCode).toBe(404);

    const { user: other, token: otherToken } = await member('leaver-two', '报告管理员');
    await sendChunk(otherToken, 'late-task', file.subarray(0, 1024), { ...project, chunk: 0 });
    await sendChunk(otherToken, 'late-task', file.subarray(1024), { ...project, chunk: 1 });
    await ctx.database.db.delete(projectMembers).where(and(eq(projectMembers.projectUuid, DEMO.projectUuid), eq(projectMembers.userUuid, other.uuid)));
    const before = await storedCount();
    const finish = await post(ctx.app, '/api/uploader/v2/success/', { task_id: 'late-task' }, authHeaders(otherToken));
    expect(finish.statusCode).toBe(404);
    expect(await storedCount()).toBe(before);
    expect(await received(otherToken, 'late-task')).toEqual([]);
  });
});

describe('one file per request', () => {
  it('refuses a body with two file parts and stores nothing', async () => {
    const boundary = `----two${randomBytes(6).toString('hex')}`;
    const part = (name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([part('one.pdf', SAMPLES.pdf), part('two.pdf', padded(SAMPLES.pdf, 300)), Buffer.from(`--${boundary}--\r\n`)]);
    const before = await storedCount();
    const response = await upload(admin, { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('一次只能上传一个文件');
    expect(await storedCount()).toBe(before);
  });
});

describe('chunked upload bounds', () => {
  it('refuses a chunk over the chunk size, and removes its task', async () => {
    const file = padded(SAMPLES.pdf, CHUNK_MAX_BYTES + 1);
    expect((await sendChunk(admin, 'big-chunk', SAMPLES.pdf, { chunk: 1, chunks: 2, size: file.length })).statusCode).toBe(200);
    const response = await sendChunk(admin, 'big-chunk', file, { chunk: 0, chunks: 2, size: file.length });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('分片大小超过限制');
    expect(await received(admin, 'big-chunk')).toEqual([]);
  });

  it("refuses chunks beyond the task's declared size, and removes the task", async () => {
    const task = { chunks: 3, size: 3000 };
    const objectsBefore = await storedObjects();
    expect((await sendChunk(admin, 'overfull', padded(SAMPLES.pdf, 1500), { ...task, chunk: 0 })).statusCode).toBe(200);
    expect((await sendChunk(admin, 'overfull', padded(SAMPLES.pdf, 1500), { ...task, chunk: 1 })).statusCode).toBe(200);
    const response = await sendChunk(admin, 'overfull', padded(SAMPLES.pdf, 1500), { ...task, chunk: 2 });
    expect(response.statusCode).toBe(413);
    expect(await received(admin, 'overfull')).toEqual([]);
    expect(await storedObjects()).toEqual(objectsBefore);
  });

  it('refuses a declared size over the limit and more chunks than the size allows', async () => {
    const tooBig = await sendChunk(admin, 'declared', SAMPLES.pdf, { chunk: 0, chunks: 1, size: CHUNKED_LIMIT + 1 });
    expect(tooBig.statusCode).toBe(413);
    const tiny = await sendChunk(admin, 'tiny', SAMPLES.pdf, { chunk: 0, chunks: 10_000, size: 100_000 });
    expect(tiny.json().message).toBe('分片序号超出范围');
  });

  it(`limits a user to ${USER_OPEN_TASKS} open tasks`, async () => {
    const { token } = await member('busy', '报告管理员');
    const open = (i: number) => sendChunk(token, `open-${i}`, SAMPLES.pdf, { chunk: 0, chunks: 2, size: 2048, project_uuid: DEMO.projectUuid });
    for (let i = 0; i < USER_OPEN_TASKS; i += 1) expect((await open(i)).statusCode).toBe(200);
    const refused = await open(USER_OPEN_TASKS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(`未完成的上传任务过多（最多 ${USER_OPEN_TASKS} 个），请先完成或稍后再试`);
    expect((await open(0)).statusCode).toBe(200);
  });
});
