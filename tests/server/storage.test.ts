import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, multipart, padded, SAMPLES, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const MISSING_FILE = '文件不存在或不属于本项目，请重新上传';

const uploadTo = (projectUuid: string, name: string, content: Buffer) => {
  const body = multipart({}, { name, content });
  return ctx.app.inject({ method: 'POST', url: `/api/uploader/v1/projects/${projectUuid}/file_upload/`, payload: body.payload, headers: { ...body.headers, ...authHeaders(admin) } });
};
async function upload(content: Buffer, name = '报告.pdf', projectUuid = DEMO.projectUuid) {
  const response = await uploadTo(projectUuid, name, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; url: string; thumbnail_url: string | null };
}
const createReport = (file: string, cover: string, projectUuid = DEMO.projectUuid) =>
  ctx.app.inject({
    method: 'POST',
    url: `/studio/report/api/report/projects/${projectUuid}/report/report_create/`,
    headers: authHeaders(admin),
    payload: { name: '并发报告', create_user: '演示用户', file, cover },
  });
const deleteReports = (ids: number[]) =>
  ctx.app.inject({ method: 'POST', url: `${BASE}/report/batch_delete/`, headers: authHeaders(admin), payload: { ids: ids.join(',') } });
const read = (url: string) => ctx.app.inject({ method: 'GET', url, headers: authHeaders(admin) });
const uniquePdf = () => padded(Buffer.concat([SAMPLES.pdf, randomBytes(16)]), 600);

/** Every stored object under DATA_DIR/files, as storage keys. */
function storedKeys(): string[] {
  const root = path.join(ctx.dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((name) => statSync(path.join(root, name)).isFile()).map((name) => name.split(path.sep).join('/'));
}

/** A built-in cover, so that only the report file is shared and released. */
const cover = '/covers/report-1.png';
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('sharing and releasing stored objects under concurrency', () => {
  it('keeps the content of an upload made while the only item using the same bytes is deleted', async () => {
    const lost: string[] = [];
    for (let round = 0; round < 40; round += 1) {
      const bytes = uniquePdf();
      const first = await upload(bytes);
      const item = await createReport(first.url, cover);
      expect(item.statusCode, item.body).toBe(201);
      const [removed, again] = await Promise.all([deleteReports([item.json().data.id]), uploadTo(DEMO.projectUuid, '报告.pdf', bytes)]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(again.statusCode, again.body).toBe(201);
      const content = await read(again.json().url);
      if (content.statusCode !== 200) lost.push(`${round}: ${content.statusCode} ${content.body}`);
    }
    expect(lost).toEqual([]);
  });

  it('never leaves an item pointing at a deleted file, nor answers 500, when an item is created while another using its file is deleted', async () => {
    const broken: string[] = [];
    for (let round = 0; round < 40; round += 1) {
      const file = await upload(uniquePdf());
      const item = await createReport(file.url, cover);
      const [removed, created] = await Promise.all([deleteReports([item.json().data.id]), createReport(file.url, cover)]);
      expect(removed.statusCode, removed.body).toBe(200);
      if (created.statusCode === 201) {
        const content = await read(created.json().data.file);
        if (content.statusCode !== 200) broken.push(`${round}: file ${content.statusCode}`);
      } else if (created.statusCode !== 400 || created.json().message !== MISSING_FILE) {
        broken.push(`${round}: create ${created.statusCode} ${created.body}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
