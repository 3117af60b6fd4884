/**
 * A process reads CONTENT_EXTRACT_PARALLEL queued reports at a time, so a backlog uses every core
 * (docs/design/content-search.md). Two scanned reports of one page each, with a stand-in
 * tesseract: its runs overlap only if the two reports are read side by side.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, uploadFile, type TestContext } from './helpers';
import { scannedPdf, standInTesseract } from './scanned-pdf';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/report`;
const stand = standInTesseract(2);
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  vi.stubEnv('PATH', `${stand.folder}:${process.env.PATH}`);
  ctx = await createTestApp({
    env: { CONTENT_OCR: 'on', CONTENT_OCR_PARALLEL: '2', CONTENT_EXTRACT_PARALLEL: '2' },
    app: { jobs: { pollSeconds: 0.2, retryDelaySeconds: 0 } },
  });
  token = await login(ctx.app);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  vi.unstubAllEnvs();
  stand.remove();
});

describe('reading queued reports side by side', () => {
  it('reads CONTENT_EXTRACT_PARALLEL reports at once, each to its own text', async () => {
    const file = await uploadFile(ctx.app, token, '扫描件.pdf', Buffer.from(await scannedPdf(['第一页'])), 'report');
    // One request queues both, so the run's two readers find one each.
    const made = await ctx.app.inject({
      method: 'POST', url: `${BASE}/bulk_create/`, headers: authHeaders(token),
      payload: ['扫描报告甲', '扫描报告乙'].map((name) => ({ name, create_user: '演示用户', cover: '/covers/default-2.png', file: file.url, real_file_name: '扫描件.pdf' })),
    });
    expect(made.statusCode, made.body).toBe(201);
    const ids = (made.json().data as Array<{ id: number }>).map((report) => report.id);
    await vi.waitFor(async () => {
      for (const id of ids) {
        const detail = (await ctx.app.inject({ method: 'GET', url: `${BASE}/${id}/`, headers: authHeaders(token) })).json().data;
        expect(detail.content_state).toBe('indexed');
      }
    }, { timeout: 30_000, interval: 200 });
    expect(stand.mostAtOnce()).toBe(2);
  }, 60_000);
});
