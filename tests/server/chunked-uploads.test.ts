import { createHash } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationMembers, storedFiles, uploadChunks, uploadTasks, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { chunkStore, USER_OPEN_TASKS } from '../../server/modules/uploads/chunk-store';
import { CHUNK_SWEEP_QUEUE } from '../../server/modules/uploads/chunked-routes';
import { sweepOrphans } from '../../server/modules/uploads/storage-gc';
import {
  authHeaders,
  createSiblingApp,
  createTestApp,
  DEMO,
  login,
  memberWithRole,
  multipart,
  padded,
  post,
  SAMPLES,
  type TestContext,
} from './helpers';

let ctx: TestContext;
/** Another server process on the same database and storage. */
let sibling: Awaited<ReturnType<typeof createSiblingApp>>;
let admin: string;
const CHUNK = 1000;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  ctx = await createTestApp();
  sibling = await createSiblingApp(ctx);
  admin = await login(ctx.app);
});
afterAll(async () => {
  await sibling.close();
  await ctx.close();
});

function sendChunk(taskId: string, file: Buffer, index: number, extra: Record<string, string> = {}, token = admin, app: FastifyInstance = ctx.app) {
  const chunks = Math.ceil(file.length / CHUNK);
  const body = multipart(
    { task_id: taskId, chunk: String(index), chunks: String(chunks), size: String(file.length), name: '体检报告.pdf', ...extra },
    { name: 'blob', content: file.subarray(index * CHUNK, (index + 1) * CHUNK) },
  );
  return app.inject({ method: 'POST', url: '/api/uploader/v2/index/', payload: body.payload, headers: { ...body.headers, ...authHeaders(token) } });
}

const received = async (taskId: string, token = admin, app: FastifyInstance = ctx.app) =>
  (await app.inject({ method: 'GET', url: `/api/uploader/v2/index/?task_id=${taskId}`, headers: authHeaders(token) })).json().chunks;
const finish = (taskId: string, extra: object = {}, app: FastifyInstance = ctx.app) =>
  post(app, '/api/uploader/v2/success/', { task_id: taskId, ...extra }, authHeaders(admin));
const download = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers: authHeaders(admin) })).rawPayload;

describe('chunked upload', () => {
  it('joins the chunks in order into a file equal to the original', async () => {
    const file = padded(SAMPLES.pdf, 2500);
    for (const index of [2, 0, 1]) expect((await sendChunk('task-a', file, index)).json()).toEqual({ tmp_file_name: `task-a/${index}`, chunk: index });
    expect(await received('task-a')).toEqual([0, 1, 2]);
    const done = await finish('task-a', { sha256: sha(file), id: 'WU_FILE_0', name: '体检报告.pdf' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ name: '体检报告.pdf', size: 2500, upload_id: 'WU_FILE_0' });
    expect(done.json().tmp_file_name).toBe(done.json().url);
    expect((await download(done.json().url)).equals(file)).toBe(true);
    expect(await received('task-a')).toEqual([]);
  });

  it('resumes: the task lists what arrived, and the rest completes it', async () => {
    const file = padded(SAMPLES.pdf, 3500);
    await sendChunk('task-resume', file, 0);
    await sendChunk('task-resume', file, 2);
    expect(await received('task-resume')).toEqual([0, 2]);
    const early = await finish('task-resume');
    expect(early.json().message).toBe('分片不完整，缺少第 2、4 片');
    await sendChunk('task-resume', file, 1);
    await sendChunk('task-resume', file, 3);
    expect((await download((await finish('task-resume')).json().url)).equals(file)).toBe(true);
  });

  it('keeps two interleaved tasks apart', async () => {
    const one = padded(SAMPLES.pdf, 2000);
    const two = Buffer.concat([SAMPLES.pdf, Buffer.alloc(2000 - SAMPLES.pdf.length, 9)]);
    await sendChunk('task-one', one, 0);
    await sendChunk('task-two', two, 0);
    await sendChunk('task-one', one, 1);
    await sendChunk('task-two', two, 1);
    expect((await download((await finish('task-two')).json().url)).equals(two)).toBe(true);
    expect((await download((await finish('task-one')).json().url)).equals(one)).toBe(true);
  });

  it('refuses a file over the per-file limit, wrong content, a wrong checksum and a chunk that disagrees', async () => {
    const tooBig = await sendChunk('task-big', padded(SAMPLES.pdf, 2_048_001), 0);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('上传文件不能超过 2M!');

    const image = padded(SAMPLES.png, 1500);
    await sendChunk('task-png', image, 0);
    await sendChunk('task-png', image, 1);
    expect((await finish('task-png')).json().message).toBe('请上传正确的文件格式!');

    const file = padded(SAMPLES.pdf, 1200);
    await sendChunk('task-sha', file, 0);
    await sendChunk('task-sha', file, 1);
    expect((await finish('task-sha', { sha256: 'a'.repeat(64) })).json().message).toBe('文件校验失败（SHA-256 不一致），请重新上传');

    expect(await received('task-sha')).toEqual([]);

    await sendChunk('task-other', file, 0);
    const other = await sendChunk('task-other', padded(SAMPLES.pdf, 5000), 1);
    expect(other.json().message).toBe('分片信息与上传任务不一致，请重新上传');
    expect((await sendChunk('bad/id', file, 0)).json().message).toBe('上传任务编号不合法');
    expect((await sendChunk('task-range', file, 7)).json().message).toBe('分片序号超出范围');
    expect((await finish('no-such-task')).json().message).toBe('上传任务不存在或已过期，请重新上传');
  });

  it("keeps one user's task from another user, and a project upload to members who may write", async () => {
    const file = padded(SAMPLES.pdf, 1500);
    await sendChunk('shared-name', file, 0);
    const stranger = await createStranger();
    expect(await received('shared-name', stranger)).toEqual([]);
    const denied = await sendChunk('task-project', file, 0, { project_uuid: DEMO.projectUuid }, stranger);
    expect(denied.statusCode).toBe(404);
    await sendChunk('task-project', file, 0, { project_uuid: DEMO.projectUuid });
    await sendChunk('task-project', file, 1, { project_uuid: DEMO.projectUuid });
    expect((await finish('task-project')).json().project_uuid).toBe(DEMO.projectUuid);
  });
});

/** A member of the demo organization who is not in the demo project. */
async function createStranger() {
  const [user] = await ctx.database.db.insert(users).values({ username: 'stranger', passwordHash: await hashPassword('stranger-1') }).returning();
  await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
  return login(ctx.app, 'stranger', 'stranger-1');
}

/** The stored objects of a task's chunks, in chunk order. */
const chunkKeys = async (taskId: string) =>
  (
    await ctx.database.db
      .select({ key: uploadChunks.storageKey })
      .from(uploadChunks)
      .innerJoin(uploadTasks, eq(uploadTasks.id, uploadChunks.taskId))
      .where(eq(uploadTasks.taskId, taskId))
      .orderBy(uploadChunks.chunk)
  ).map((row) => row.key);
const isStored = async (key: string) => (await ctx.app.storage.size(key)) !== null;
const fileRows = async () => (await ctx.database.db.select({ n: count() }).from(storedFiles))[0].n;
const ageTask = (taskId: string, hours: number) =>
  ctx.database.db.update(uploadTasks).set({ touchedAt: sql`now() - make_interval(hours => ${hours})` }).where(eq(uploadTasks.taskId, taskId));

describe('chunked upload across server processes', () => {
  it('joins chunks sent to two processes byte for byte, a chunk sent to both counting once', async () => {
    const file = padded(SAMPLES.pdf, 4500);
    const apps = [ctx.app, sibling.app];
    for (const index of [3, 0, 4, 1, 2]) expect((await sendChunk('task-two-apps', file, index, {}, admin, apps[index % 2])).statusCode).toBe(200);
    expect((await sendChunk('task-two-apps', file, 0, {}, admin, sibling.app)).statusCode).toBe(200);
    expect(await received('task-two-apps', admin, sibling.app)).toEqual([0, 1, 2, 3, 4]);
    const keys = await chunkKeys('task-two-apps');
    expect(keys).toHaveLength(5);
    const done = await finish('task-two-apps', { sha256: sha(file) }, sibling.app);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().size).toBe(4500);
    expect((await download(done.json().url)).equals(file)).toBe(true);
    expect(await received('task-two-apps')).toEqual([]);
    for (const key of keys) expect(await isStored(key)).toBe(false);
  });

  it('makes one file of two racing completes', async () => {
    const file = padded(SAMPLES.pdf, 3000);
    for (const index of [0, 1, 2]) await sendChunk('task-race', file, index);
    const keys = await chunkKeys('task-race');
    const before = await fileRows();
    const answers = await Promise.all([finish('task-race', {}, ctx.app), finish('task-race', {}, sibling.app)]);
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = answers.find((answer) => answer.statusCode !== 200)!;
    expect(['上传任务正在合并，请稍后再试', '上传任务不存在或已过期，请重新上传']).toContain(lost.json().message);
    expect(await fileRows()).toBe(before + 1);
    expect((await download(won[0].json().url)).equals(file)).toBe(true);
    for (const key of keys) expect(await isStored(key)).toBe(false);
  });

  it('refuses to join a task whose stored chunk has gone, and ends the task', async () => {
    const file = padded(SAMPLES.pdf, 2000);
    await sendChunk('task-lost', file, 0);
    await sendChunk('task-lost', file, 1, {}, admin, sibling.app);
    const [first, second] = await chunkKeys('task-lost');
    await ctx.app.storage.delete(second);
    const before = await fileRows();
    const answer = await finish('task-lost');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('上传的分片已丢失，请重新上传');
    expect(await fileRows()).toBe(before);
    expect(await received('task-lost')).toEqual([]);
    expect(await isStored(first)).toBe(false);
  });

  it(`holds a user to ${USER_OPEN_TASKS} open tasks when two processes open the last ones at once`, async () => {
    const token = await memberWithRole(ctx, 'chunk-racer', 'editor');
    const open = (i: number, app: FastifyInstance) => sendChunk(`racer-${i}`, padded(SAMPLES.pdf, 2000), 0, { project_uuid: DEMO.projectUuid }, token, app);
    for (let i = 0; i < USER_OPEN_TASKS - 1; i += 1) expect((await open(i, ctx.app)).statusCode).toBe(200);
    const answers = await Promise.all([open(USER_OPEN_TASKS - 1, ctx.app), open(USER_OPEN_TASKS, sibling.app)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
  });
});

describe('chunk sweeps', () => {
  it('removes a task untouched for 24 hours, its rows and its stored chunks, and keeps the rest', async () => {
    const [me] = await ctx.database.db.select().from(users).where(eq(users.username, DEMO.username));
    const store = chunkStore(ctx.app);
    const meta = { taskId: 'old-task', userUuid: me.uuid, organizationUuid: DEMO.organizationUuid, projectUuid: null, name: 'a.pdf', totalChunks: 2, totalSize: 2000 };
    await store.addChunk(meta, 0, Readable.from([padded(SAMPLES.pdf, 1000)]));
    await sendChunk('fresh-task', padded(SAMPLES.pdf, 2000), 0);
    const [oldKey] = await chunkKeys('old-task');
    await ageTask('old-task', 23);
    expect(await store.sweep()).toBe(0);
    await ageTask('old-task', 25);
    expect(await store.sweep()).toBe(1);
    expect(await store.readMeta(me.uuid, 'old-task')).toBeUndefined();
    expect(await chunkKeys('old-task')).toEqual([]);
    expect(await isStored(oldKey)).toBe(false);
    expect(await received('fresh-task')).toEqual([0]);
  });

  it('sweeps as a job of the queue', async () => {
    await sendChunk('task-abandoned', padded(SAMPLES.pdf, 2500), 0);
    const [key] = await chunkKeys('task-abandoned');
    await ageTask('task-abandoned', 25);
    await ctx.app.jobs.send(CHUNK_SWEEP_QUEUE, {});
    // The rows go in one transaction, the stored chunks just after it.
    await vi.waitFor(async () => expect(await isStored(key)).toBe(false), { timeout: 20_000, interval: 100 });
    expect(await received('task-abandoned')).toEqual([]);
  });

  it("keeps an open task's chunks from the orphan sweep, however old", async () => {
    const file = padded(SAMPLES.pdf, 2000);
    await sendChunk('task-slow', file, 0);
    const [key] = await chunkKeys('task-slow');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(path.join(ctx.dataDir, 'files', ...key.split('/')), twoHoursAgo, twoHoursAgo);
    await sweepOrphans(ctx.app);
    expect(await isStored(key)).toBe(true);
    await sendChunk('task-slow', file, 1);
    expect((await download((await finish('task-slow')).json().url)).equals(file)).toBe(true);
  });
});
