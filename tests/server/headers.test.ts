import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, multipart, SAMPLES, type TestContext } from './helpers';

let webRoot: string;
let ctx: TestContext | undefined;
/** A built stylesheet, large enough to be worth compressing. */
const STYLES = `.report-card { color: #1f4e9c; }\n`.repeat(2000);

beforeAll(() => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'report-workspace-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="ezreport"></div><script type="module" src="/assets/index-abc.js"></script>');
  writeFileSync(path.join(webRoot, 'assets', 'index-abc.js'), 'console.log(1)');
  // As the build leaves a file: its .br and .gz beside it.
  writeFileSync(path.join(webRoot, 'assets', 'antd-abc.css'), STYLES);
  writeFileSync(path.join(webRoot, 'assets', 'antd-abc.css.br'), brotliCompressSync(STYLES));
  writeFileSync(path.join(webRoot, 'assets', 'antd-abc.css.gz'), gzipSync(STYLES));
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
afterEach(() => ctx?.close());

const policyOf = (header: unknown) =>
  Object.fromEntries(String(header).split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

describe('headers of the app page', () => {
  it('carry a Content-Security-Policy that allows only this origin, and refuse framing by others', async () => {
    ctx = await createTestApp({ webRoot });
    for (const url of ['/', '/index.html', '/some/page', '/assets/index-abc.js']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('let the host shell named in FRAME_ANCESTORS embed the app', async () => {
    ctx = await createTestApp({ webRoot, env: { FRAME_ANCESTORS: "'self' https://shell.example.com" } });
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(policyOf(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'", 'https://shell.example.com']);
    // X-Frame-Options cannot name another origin; frame-ancestors decides.
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});

describe('the built files on the wire', () => {
  it('are sent compressed to a browser that accepts it, whole to one that does not, cached for a year', async () => {
    ctx = await createTestApp({ webRoot });
    const url = '/assets/antd-abc.css';
    const brotli = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/css/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(STYLES.length / 10);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(STYLES);
    const gzip = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(STYLES);
  });
});

describe('caching of API answers', () => {
  it('forbids storing answers that carry tokens or personal data, and keeps file caching', async () => {
    ctx = await createTestApp();
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/account/login/', payload: { username: DEMO.username, password: DEMO.password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const token = await login(ctx.app);
    for (const url of ['/api/v1/user/info/', `/api/project/v1/projects/${DEMO.projectUuid}/members/`, '/api/v1/organization/members/']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: authHeaders(token) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/' })).headers['cache-control']).toBe('no-store');

    const body = multipart({}, { name: '封面.png', content: SAMPLES.png });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/`,
      payload: body.payload,
      headers: { ...body.headers, ...authHeaders(token) },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = await ctx.app.inject({ method: 'GET', url: upload.json().url, headers: authHeaders(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });
});
