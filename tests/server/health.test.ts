import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

const READY = '/api/healthy/ready/';
const ALL_OK = { database: 'ok', storage: 'ok', admission: 'ok' };

describe('liveness and readiness', () => {
  let ctx: TestContext;
  // Long enough for a ping on a busy test machine, short enough for the timeout case.
  beforeAll(async () => {
    ctx = await createTestApp({ env: { HEALTH_CHECK_TIMEOUT_MS: '1000' } });
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('live answers 200 without a session, even while the database is down', async () => {
    vi.spyOn(ctx.app.database, 'ping').mockRejectedValue(new Error('connection refused'));
    const live = await get('/api/healthy/live/');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(ctx.app.database.ping).not.toHaveBeenCalled();
  });

  it('ready and check answer 200 without a session when everything answers', async () => {
    const ready = await get(READY);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: ALL_OK });
    const check = await get('/api/healthy/check/');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ status: 'ok', database: ctx.database.driver });
  });

  it('answers 503 naming the database when its ping fails, on ready and on check; 200 again once it answers', async () => {
    vi.spyOn(ctx.app.database, 'ping').mockRejectedValue(new Error('connection refused'));
    const expected = { code: 50300, message: '数据库不可用', checks: { ...ALL_OK, database: 'failed' } };
    for (const url of [READY, '/api/healthy/check/']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual(expected);
    }
    vi.restoreAllMocks();
    expect((await get(READY)).statusCode).toBe(200);
  });

  it('answers 503 naming the database when its ping outlasts HEALTH_CHECK_TIMEOUT_MS', async () => {
    vi.spyOn(ctx.app.database, 'ping').mockReturnValue(new Promise(() => {}));
    const ready = await get(READY);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ code: 50300, message: '数据库响应超时', checks: { ...ALL_OK, database: 'timeout' } });
  });

  it('answers 503 naming the storage when it throws', async () => {
    vi.spyOn(ctx.app.storage, 'size').mockRejectedValue(new Error('bucket unreachable'));
    const ready = await get(READY);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ code: 50300, message: '文件存储不可用', checks: { ...ALL_OK, storage: 'failed' } });
  });

  it('names every failing check at once', async () => {
    vi.spyOn(ctx.app.database, 'ping').mockRejectedValue(new Error('connection refused'));
    vi.spyOn(ctx.app.storage, 'size').mockRejectedValue(new Error('bucket unreachable'));
    const ready = await get(READY);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ code: 50300, message: '数据库不可用；文件存储不可用', checks: { ...ALL_OK, database: 'failed', storage: 'failed' } });
  });

  it('are in the OpenAPI document', async () => {
    const document = (await get('/api/schema/')).json();
    expect(Object.keys(document.paths['/api/healthy/ready/'].get.responses)).toEqual(['200', '503']);
    expect(document.paths['/api/healthy/live/'].get.responses['200']).toBeDefined();
  });
});

describe('readiness on disk storage', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('answers 503 naming the storage when the files folder cannot be read', async () => {
    ctx = await createTestApp();
    const files = path.join(ctx.dataDir, 'files');
    rmSync(files, { recursive: true, force: true });
    writeFileSync(files, 'not a folder');
    const ready = await ctx.app.inject({ method: 'GET', url: READY });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: '文件存储不可用', checks: { database: 'ok', storage: 'failed' } });
  });
});

describe('readiness under a saturated admission queue', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('answers 503 naming admission while every slot is taken and the line is full, and 200 once a slot is free', async () => {
    ctx = await createTestApp({ env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0' } });
    const headers = authHeaders(await login(ctx.app));
    expect((await ctx.app.inject({ method: 'GET', url: READY })).statusCode).toBe(200);

    // A label create whose body has not arrived yet holds the only slot.
    const body = new PassThrough();
    const slow = ctx.app.inject({
      method: 'POST',
      url: `/studio/report/api/report/projects/${DEMO.projectUuid}/label/`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
    await vi.waitFor(async () => expect((await ctx.app.inject({ method: 'GET', url: READY })).statusCode).toBe(503));
    const ready = await ctx.app.inject({ method: 'GET', url: READY });
    expect(ready.json()).toEqual({ code: 50300, message: '服务器繁忙，请求队列已满', checks: { ...ALL_OK, admission: 'saturated' } });
    // What readiness reports is what an API request meets.
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers });
    expect(refused.statusCode).toBe(503);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/healthy/live/' })).statusCode).toBe(200);

    body.end(JSON.stringify({ name: '就绪标签' }));
    expect((await slow).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: READY })).statusCode).toBe(200);
  });
});

describe('HEALTH_CHECK_TIMEOUT_MS', () => {
  it('defaults to 2 s and is checked', () => {
    expect(loadConfig({}).healthCheckTimeoutMs).toBe(2000);
    expect(loadConfig({ HEALTH_CHECK_TIMEOUT_MS: '500' }).healthCheckTimeoutMs).toBe(500);
    expect(() => loadConfig({ HEALTH_CHECK_TIMEOUT_MS: '0' })).toThrow('配置错误：环境变量 HEALTH_CHECK_TIMEOUT_MS 必须是 1 到 60000 之间的整数，当前为 "0"');
  });
});
