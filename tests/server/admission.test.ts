import { PassThrough } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

const LIST = `/studio/report/api/report/projects/${DEMO.projectUuid}/report/report_list/?pageNo=1&pageSize=10`;
const BUSY = { code: 50300, message: '服务器繁忙，请稍后重试' };

describe('admission limit', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { MAX_CONCURRENT_REQUESTS: '2', MAX_QUEUED_REQUESTS: '3' } });
    headers = authHeaders(await login(ctx.app));
  });
  afterAll(() => ctx.close());

  it('answers a burst beyond the queue at once with 503, Retry-After and a Chinese message; liveness still answers', async () => {
    const burst = Array.from({ length: 30 }, () => ctx.app.inject({ method: 'GET', url: LIST, headers }));
    // Readiness may report the full queue (health.test.ts); liveness answers whatever the load.
    const health = ctx.app.inject({ method: 'GET', url: '/api/healthy/live/' });
    const answers = await Promise.all(burst);

    expect((await health).statusCode).toBe(200);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    const served = answers.filter((answer) => answer.statusCode === 200);
    // Two in flight and three queued are served; the other 25 are turned away.
    expect(served).toHaveLength(5);
    expect(busy).toHaveLength(25);
    for (const answer of busy) {
      expect(answer.json()).toEqual(BUSY);
      expect(answer.headers['retry-after']).toBe('1');
    }
    // Once the burst is over, the server serves again.
    expect((await ctx.app.inject({ method: 'GET', url: LIST, headers })).statusCode).toBe(200);
  });
});

describe('queue wait bound', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('turns a request away with 503 once it waited QUEUE_WAIT_MS, and serves again when the slot is free', async () => {
    ctx = await createTestApp({ env: { MAX_CONCURRENT_REQUESTS: '1', QUEUE_WAIT_MS: '100' } });
    const headers = authHeaders(await login(ctx.app));
    // A label create whose body has not arrived yet holds the only slot.
    const body = new PassThrough();
    const slow = ctx.app.inject({
      method: 'POST',
      url: `/studio/report/api/report/projects/${DEMO.projectUuid}/label/`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const waited = await ctx.app.inject({ method: 'GET', url: LIST, headers });
    expect(waited.statusCode).toBe(503);
    expect(waited.json()).toEqual(BUSY);
    expect(waited.headers['retry-after']).toBe('1');

    body.end(JSON.stringify({ name: '排队标签' }));
    expect((await slow).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: LIST, headers })).statusCode).toBe(200);
  });
});

describe('default queue', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('serves 200 clients arriving at once, in turn, without turning any away', async () => {
    ctx = await createTestApp();
    const headers = authHeaders(await login(ctx.app));
    const answers = await Promise.all(Array.from({ length: 200 }, () => ctx.app.inject({ method: 'GET', url: LIST, headers })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(200).fill(200));
  });
});

describe('admission settings', () => {
  it('are read from the environment and checked', () => {
    expect(loadConfig({}).admission).toEqual({ maxConcurrent: undefined, maxQueued: 1000, queueWaitMs: 5000 });
    expect(loadConfig({ MAX_CONCURRENT_REQUESTS: '0', MAX_QUEUED_REQUESTS: '5', QUEUE_WAIT_MS: '500' }).admission).toEqual({
      maxConcurrent: 0,
      maxQueued: 5,
      queueWaitMs: 500,
    });
    expect(() => loadConfig({ MAX_QUEUED_REQUESTS: '-1' })).toThrow('MAX_QUEUED_REQUESTS');
  });
});

describe('default limit', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('limits the embedded PGlite and leaves PostgreSQL unlimited', async () => {
    ctx = await createTestApp({ env: { MAX_QUEUED_REQUESTS: '0' } });
    const headers = authHeaders(await login(ctx.app));
    const answers = await Promise.all(Array.from({ length: 30 }, () => ctx.app.inject({ method: 'GET', url: LIST, headers })));
    const busy = answers.filter((answer) => answer.statusCode === 503).length;
    expect(busy).toBe(ctx.database.driver === 'pglite' ? 22 : 0);
  });
});

/** Sends a request and hangs up after `abortAfterMs`, as a client with a short timeout does. */
function abortedRequest(port: number, path: string, body: string, abortAfterMs: number) {
  return new Promise<void>((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } });
    request.on('error', () => resolve());
    request.on('response', (response) => response.resume().on('end', resolve));
    request.on('close', () => resolve());
    setTimeout(() => request.destroy(), abortAfterMs);
    // Half the clients hang up before their body is complete, half while waiting for the answer.
    if (abortAfterMs % 2) request.write(body.slice(0, 5));
    else request.end(body);
  });
}

describe('aborted requests', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('give back every slot: after bursts of clients that hang up, every API call is served again', async () => {
    ctx = await createTestApp({ env: { MAX_CONCURRENT_REQUESTS: '8' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const headers = authHeaders(await login(ctx.app));
    const body = JSON.stringify({ username: DEMO.username, password: 'wrong-password' });
    for (let burst = 0; burst < 3; burst++) {
      await Promise.all(Array.from({ length: 200 }, (_, i) => abortedRequest(port, '/api/v1/user/account/login/', body, 20 + ((i * 37) % 2000))));
    }
    // Let the handlers of the hung-up requests finish.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.app.inject({ method: 'GET', url: LIST, headers })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
  });
});
