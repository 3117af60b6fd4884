import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DagRun, TaskInstance } from '../../contract/workflows';
import { storedFiles } from '../../server/db/schema';
import { newStorageKey } from '../../server/lib/storage';
import { sweepOrphans } from '../../server/modules/uploads/storage-gc';
import { authHeaders, createTestApp, DEMO, login, multipart, padded, SAMPLES, uploadFile, type TestContext } from './helpers';
import { startObjectStore, type ObjectStore } from '../support/object-store';

let store: ObjectStore;
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  store = await startObjectStore();
  ctx = await createTestApp({ env: store.env, app: { jobs: { pollSeconds: 0.2 }, workflows: { schedulerSeconds: 0.3, heartbeatSeconds: 0.3, zombieSeconds: 60 } } });
  admin = await login(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  await store?.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...authHeaders(admin), ...headers } });
const rowOf = async (id: number) => (await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

describe('files in an S3-compatible bucket', () => {
  const report = padded(SAMPLES.pdf, 50_000);
  let reportUrl: string;

  it('stores a report in the bucket, not on disk, and serves it back byte for byte', async () => {
    const file = await uploadFile(ctx.app, admin, '年度报告.pdf', report, 'report');
    reportUrl = file.url;
    const row = await rowOf(file.id);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: row.storageKey }));
    expect(head.ContentLength).toBe(report.length);
    expect(existsSync(path.join(ctx.dataDir, 'files'))).toBe(false);

    const download = await get(file.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(report.length));
    expect(download.rawPayload.equals(report)).toBe(true);
  });

  it('answers a byte range with 206, and a range past the end with 416', async () => {
    const part = await get(reportUrl, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${report.length}`);
    expect(part.rawPayload.equals(report.subarray(0, 100))).toBe(true);

    const past = await get(reportUrl, { range: `bytes=${report.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${report.length}`);
  });

  it('answers 304 to a cached copy, by ETag or by date', async () => {
    const first = await get(reportUrl);
    expect((await get(reportUrl, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await get(reportUrl, { 'if-modified-since': first.headers['last-modified'] as string })).statusCode).toBe(304);
  });

  it('checks a Word file by reading ranges of the stored object', async () => {
    const file = await uploadFile(ctx.app, admin, '说明.docx', SAMPLES.docx, 'report');
    expect((await get(file.url)).rawPayload.equals(SAMPLES.docx)).toBe(true);
    const kept = await store.keys();
    const body = multipart({}, { name: '假的.docx', content: padded(Buffer.from('PK\x03\x04'), 2000) });
    const fake = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=report`,
      payload: body.payload,
      headers: { ...body.headers, ...authHeaders(admin) },
    });
    expect(fake.json()).toMatchObject({ message: '文件内容与扩展名 .docx 不符' });
    expect(await store.keys()).toEqual(kept);
  });

  it.each([
    ['a cover, within one part', 'cover', 3 * 1024 * 1024, '上传图片大小不能超过 2MB!'],
    ['a material image, after parts of a multipart upload', 'material', 12 * 1024 * 1024, '上传图片大小不能超过 10MB!'],
  ])('refuses %s over its limit while it streams, and keeps nothing of it', async (_what, purpose, size, message) => {
    const kept = await store.keys();
    const body = multipart({}, { name: '大图.png', content: padded(SAMPLES.png, size) });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=${purpose}`,
      payload: body.payload,
      headers: { ...body.headers, ...authHeaders(admin) },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(message);
    expect(await store.keys()).toEqual(kept);
  });

  it('makes a material image’s thumbnail in the bucket and serves it', async () => {
    const file = await uploadFile(ctx.app, admin, '现场照片.png', SAMPLES.png, 'material');
    expect(file.thumbnail_url).toBeTruthy();
    const thumbnail = await get(file.thumbnail_url!);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(await store.keys()).toContain((await rowOf(file.id)).thumbKey);
  });

  it('joins a chunked upload whose chunks are objects in the bucket, and removes the chunks', async () => {
    const file = padded(SAMPLES.pdf, 2500);
    const kept = await store.keys();
    for (const index of [1, 0, 2]) {
      const body = multipart(
        { task_id: 's3-task', chunk: String(index), chunks: '3', size: String(file.length), name: '分片报告.pdf' },
        { name: 'blob', content: file.subarray(index * 1000, (index + 1) * 1000) },
      );
      const sent = await ctx.app.inject({ method: 'POST', url: '/api/uploader/v2/index/', payload: body.payload, headers: { ...body.headers, ...authHeaders(admin) } });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect((await store.keys()).length).toBe(kept.length + 3);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/uploader/v2/success/', payload: { task_id: 's3-task' }, headers: authHeaders(admin) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(done.json().url)).rawPayload.equals(file)).toBe(true);
    // The chunks are gone; the joined file stays.
    expect((await store.keys()).length).toBe(kept.length + 1);
  });

  it('sweeps an object no row names from the bucket, and keeps the files', async () => {
    const orphan = 'f2020/01/00000000-0000-4000-8000-000000000000';
    await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: orphan, Body: 'left by a killed upload' }));
    const before = await store.keys();
    // An hour from now, everything written so far is old enough to be an orphan.
    expect(await sweepOrphans(ctx.app, Date.now() + 2 * 3600_000)).toBe(1);
    expect(await store.keys()).toEqual(before.filter((key) => key !== orphan));
    expect((await get(reportUrl)).rawPayload.equals(report)).toBe(true);
  });

  it('keeps an object written by a process killed before its row committed for the grace period, then sweeps it', async () => {
    // What a kill between the two steps of an upload leaves: an object under a server-made key, no row.
    const orphan = newStorageKey();
    await ctx.app.storage.put(orphan, Readable.from([padded(SAMPLES.pdf, 3000)]));
    // An open chunked upload's chunk is named by its row, not by a file.
    const chunk = multipart(
      { task_id: 's3-open-task', chunk: '0', chunks: '2', size: '2000', name: '未完成.pdf' },
      { name: 'blob', content: padded(SAMPLES.pdf, 2000).subarray(0, 1000) },
    );
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/uploader/v2/index/', payload: chunk.payload, headers: { ...chunk.headers, ...authHeaders(admin) } });
    expect(sent.statusCode, sent.body).toBe(200);
    const before = await store.keys();
    expect(before).toContain(orphan);

    // Younger than the hour's grace: it may be an upload between its write and its commit.
    expect(await sweepOrphans(ctx.app)).toBe(0);
    expect(await store.keys()).toEqual(before);
    expect(await sweepOrphans(ctx.app, Date.now() + 61 * 60_000)).toBe(1);
    expect(await store.keys()).toEqual(before.filter((key) => key !== orphan));
    expect((await get(reportUrl)).rawPayload.equals(report)).toBe(true);
  });

  it('runs a workflow script kept in the bucket, copied into the sandbox for the run', async () => {
    const project = `/api/script/projects/${DEMO.projectUuid}/scripts`;
    const workflows = `/api/airflow/projects/${DEMO.projectUuid}/workflows`;
    const send = async (url: string, payload?: object, status = 201) => {
      const response = await ctx.app.inject({ method: payload ? 'POST' : 'GET', url, headers: authHeaders(admin), ...(payload && { payload }) });
      expect(response.statusCode, response.body).toBe(status);
      return response.json();
    };
    const source = 'import json, sys\nn = json.load(sys.stdin)["n"]\nprint(json.dumps({"tripled": n * 3}))\n';
    const uploaded = await uploadFile(ctx.app, admin, 'triple.py', Buffer.from(source), 'script');
    const stored = await rowOf(uploaded.id);
    expect((await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: stored.storageKey }))).ContentLength).toBe(source.length);
    expect(existsSync(path.join(ctx.dataDir, 'files', stored.storageKey))).toBe(false);
    const script = await send(`${project}/`, { name: '三倍', file_path: uploaded.url });
    await send(`${project}/${script.id}/script_params/`, { direction: 'input', field_name: 'n', type: 'integer', required: true });
    await send(`${project}/${script.id}/script_params/`, { direction: 'output', field_name: 'tripled', type: 'integer' });
    const workflow = await send(`${workflows}/`, { name: '桶里的脚本' });
    await send(`${workflows}/${workflow.id}/tasks/`, { name: 'triple', operator: 'ScriptOperator', script_id: script.id, params: { n: 14 } });
    await send(`${workflows}/${workflow.id}/update_airflow_dag/`, {}, 200);
    const run = (await send(`${workflows}/${workflow.id}/dag_runs/`, {})) as DagRun;

    const runState = async () => ((await send(`${workflows}/${workflow.id}/dag_runs/${run.id}/`, undefined, 200)) as DagRun).state;
    await expect.poll(runState, { timeout: 60_000, interval: 300 }).toMatch(/^(success|failed)$/);
    const task = (await send(`${workflows}/${workflow.id}/dag_runs/${run.id}/task_instances/triple/`, undefined, 200)) as TaskInstance & { log: string };
    expect(task.state, task.log).toBe('success');
    expect(task.outputs).toEqual({ tripled: 42 });
  }, 90_000);

  it('answers 503 with a Chinese message while the store is down, and records nothing', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(storedFiles);
    await store.stop();
    const body = multipart({}, { name: '新报告.pdf', content: padded(SAMPLES.pdf, 20_000) });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=report`,
      payload: body.payload,
      headers: { ...body.headers, ...authHeaders(admin) },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 50300, message: '文件存储暂时无法访问，请稍后重试' });
    expect(await ctx.database.db.select({ n: count() }).from(storedFiles)).toEqual(before);

    const download = await get(reportUrl);
    expect(download.statusCode).toBe(503);
    expect(download.json().message).toBe('文件存储暂时无法访问，请稍后重试');
  });
});
