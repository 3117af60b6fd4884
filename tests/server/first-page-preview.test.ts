import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, SAMPLES, uploadFile, type TestContext } from './helpers';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/report`;
const BUILTIN = '/covers/default-2.png';

// A stand-in soffice on the PATH that "converts" a Word file into the blue-page PDF.
const bin = mkdtempSync(path.join(os.tmpdir(), 'first-page-soffice-'));
const searchPath = process.env.PATH;

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  writeFileSync(path.join(bin, 'converted.pdf'), await bluePagePdf());
  writeFileSync(path.join(bin, 'soffice'), `#!/bin/sh\nname=$(basename "$6")\ncp '${bin}/converted.pdf' "$5/\${name%.*}.pdf"\n`);
  chmodSync(path.join(bin, 'soffice'), 0o755);
  process.env.PATH = `${bin}:${searchPath}`;
  ctx = await createTestApp({ app: { jobs: { pollSeconds: 0.2, retryDelaySeconds: 0 } } });
  token = await login(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  process.env.PATH = searchPath;
  rmSync(bin, { recursive: true, force: true });
});

/** An A4 page, white but for a blue block over its upper half. */
async function bluePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawRectangle({ x: 0, y: 421, width: 595, height: 421, color: rgb(0.1, 0.3, 0.9) });
  return Buffer.from(await doc.save());
}

async function createReport(name: string, file: string, cover: string) {
  const response = await ctx.app.inject({ method: 'POST', url: `${BASE}/report_create/`, headers: authHeaders(token), payload: { name, create_user: '演示用户', file, cover } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

const thumbnailOf = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `${BASE}/${id}/`, headers: authHeaders(token) })).json().data.thumbnail as string | null;

describe('a report without a cover of its own', () => {
  it('shows its PDF’s first page on its card once drawn; a PDF that cannot be drawn keeps the built-in cover', async () => {
    // Sent first, so its job has run once the second file's preview is there (one worker, jobs in order).
    const broken = await uploadFile(ctx.app, token, '损坏.pdf', SAMPLES.pdf, 'report');
    const brokenReport = await createReport('无法读取的报告', broken.url, BUILTIN);
    const pdf = await uploadFile(ctx.app, token, '体检报告.pdf', await bluePagePdf(), 'report');
    const report = await createReport('有首页的报告', pdf.url, BUILTIN);
    const own = await uploadFile(ctx.app, token, '封面.png', SAMPLES.png, 'cover');
    const covered = await createReport('自带封面的报告', pdf.url, own.url);

    await vi.waitFor(async () => expect(await thumbnailOf(report.id)).toBe(`${pdf.url}?format=thumbnail`), { timeout: 20_000, interval: 100 });
    const preview = await ctx.app.inject({ method: 'GET', url: `${pdf.url}?format=thumbnail`, headers: authHeaders(token) });
    expect(preview.headers['content-type']).toBe('image/webp');
    const image = sharp(preview.rawPayload);
    // A4 within the 320-pixel box.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    expect(info.height).toBe(320);
    expect(Math.abs(info.width - 226)).toBeLessThanOrEqual(1);
    // The upper half is the blue block, the lower half white paper.
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(113, 60)[2]).toBeGreaterThan(180);
    expect(pixel(113, 60)[0]).toBeLessThan(80);
    expect(Math.min(...pixel(113, 260))).toBeGreaterThan(245);

    expect(await thumbnailOf(brokenReport.id)).toBe(BUILTIN);
    expect(await thumbnailOf(covered.id)).toBe(`${own.url}?format=thumbnail`);
    // The list answers the same card as the detail.
    const list = (await ctx.app.inject({ method: 'GET', url: `${BASE}/report_list/?pageNo=1&pageSize=50`, headers: authHeaders(token) })).json().result.data;
    expect(list.find((item: { id: number }) => item.id === report.id).thumbnail).toBe(`${pdf.url}?format=thumbnail`);
  });

  it('shows a Word file’s first page once it is converted', async () => {
    const word = await uploadFile(ctx.app, token, '方案.docx', SAMPLES.docx, 'report');
    expect(word.transcode).toBe('pending');
    const report = await createReport('Word 报告', word.url, BUILTIN);
    await vi.waitFor(async () => expect(await thumbnailOf(report.id)).toBe(`${word.url}?format=thumbnail`), { timeout: 20_000, interval: 100 });
    const preview = await ctx.app.inject({ method: 'GET', url: `${word.url}?format=thumbnail`, headers: authHeaders(token) });
    expect(preview.headers['content-type']).toBe('image/webp');
    expect((await sharp(preview.rawPayload).metadata()).height).toBe(320);
  });
});
