import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationMembers, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { chunkStore } from '../../server/modules/uploads/chunk-store';
import { CHUNK_SWEEP_QUEUE } from '../../server/modules/uploads/chunked-routes';
import { authHeaders, createTestApp, DEMO, login, multipart, padded, post, SAMPLES, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const CHUNK = 1000;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

function sendChunk(taskId: string, file: Buffer, index: number, extra: Record<string, string> = {}, token = admin) {
  const chunks = Math.ceil(file.length / CHUNK);
  const body = multipart(
    { task_id: taskId, chunk: String(index), chunks: String(chunks), size: String(file.length), name: '体检报告.pdf', ...extra },
    { name: 'blob', content: file.subarray(index * CHUNK, (index + 1) * CHUNK) },
  );
  return ctx.app.inject({ method: 'POST', url: '/api/uploader/v2/index/', payload: body.payload, headers: { ...body.headers, ...authHeaders(token) } });
}

const received = async (taskId: string, token = admin) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/uploader/v2/index/?task_id=${taskId}`, headers: authHeaders(token) })).json().chunks;
const finish = (taskId: string, extra: object = {}) => post(ctx.app, '/api/uploader/v2/success/', { task_id: taskId, ...extra }, authHeaders(admin));
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

describe('chunk store', () => {
  it('sweeps tasks untouched for 24 hours', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'chunks-'));
    const store = chunkStore(root);
    const meta = { taskId: 't', userUuid: 'u', organizationUuid: 'o', projectUuid: null, name: 'a.pdf', totalChunks: 1, totalSize: 3 };
    await store.addChunk(meta, 0, Readable.from([Buffer.from('abc')]));
    expect(await store.sweep()).toBe(0);
    expect(await store.sweep(Date.now() + 25 * 3600_000)).toBe(1);
    expect(readdirSync(root)).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });

  it('sweeps as a job of the queue', async () => {
    const root = path.join(ctx.dataDir, 'chunks');
    const taskDirs = () => readdirSync(root).flatMap((user) => readdirSync(path.join(root, user)).map((task) => path.join(root, user, task)));
    const before = taskDirs();
    await sendChunk('task-abandoned', padded(SAMPLES.pdf, 2500), 0);
    const dir = taskDirs().find((task) => !before.includes(task))!;
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(dir, dayAgo, dayAgo);
    await ctx.app.jobs.send(CHUNK_SWEEP_QUEUE, {});
    await vi.waitFor(async () => expect(await received('task-abandoned')).toEqual([]), { timeout: 20_000, interval: 100 });
  });
});
