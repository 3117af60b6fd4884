import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationMembers, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { chunkStore } from '../../server/modules/uploads/chunk-store';
import { STORAGE_SWEEP_QUEUE, sweepOrphans } from '../../server/modules/uploads/storage-gc';
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
const binReports = (ids: number[]) =>
  ctx.app.inject({ method: 'POST', url: `${BASE}/report/batch_delete/`, headers: authHeaders(admin), payload: { ids: ids.join(',') } });
const emptyBin = () => ctx.app.inject({ method: 'POST', url: `${BASE}/recycle_bin/purge/`, headers: authHeaders(admin), payload: { all: true, origin: '报告' } });
/** Deleted for good: moved to the recycle bin, which is then emptied (what frees files). */
async function deleteReports(ids: number[]) {
  const binned = await binReports(ids);
  return binned.statusCode === 200 ? emptyBin() : binned;
}
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

// Forty rounds of upload, create, delete and purge each: past the default 30 s on a busy machine.
describe('sharing and releasing stored objects under concurrency', { timeout: 90_000 }, () => {
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

describe('deleting removes what only the deleted referenced, from storage too', () => {
  it('deletes the stored objects of a deleted item once the recycle bin is emptied', async () => {
    const before = storedKeys();
    const file = await upload(uniquePdf());
    const item = await createReport(file.url, cover);
    expect(storedKeys()).toHaveLength(before.length + 1);
    expect((await binReports([item.json().data.id])).statusCode).toBe(200);
    expect(storedKeys()).toHaveLength(before.length + 1);
    const emptied = await emptyBin();
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(storedKeys()).toEqual(before);
  });

  it('deletes the stored objects of a deleted project, and only those', async () => {
    const before = storedKeys();
    const project = (await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name: '将删除的项目' } })).json();
    const pdf = await upload(uniquePdf(), '报告.pdf', project.uuid);
    const image = await upload(SAMPLES.png, '封面.png', project.uuid);
    expect(image.thumbnail_url).not.toBeNull();
    await upload(SAMPLES.png, '封面副本.png', project.uuid);
    expect((await createReport(pdf.url, image.url, project.uuid)).statusCode).toBe(201);
    expect(storedKeys()).toHaveLength(before.length + 3);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/project/v1/projects/${project.uuid}/`, headers: authHeaders(admin) });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(storedKeys()).toEqual(before);
  });

  it("removes a removed organization member's unfinished chunked uploads", async () => {
    const [user] = await ctx.database.db.insert(users).values({ username: 'leaver', passwordHash: await hashPassword('leaver-pass1') }).returning();
    await ctx.database.db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid });
    const chunks = chunkStore(ctx.app);
    const meta = { taskId: 'left-behind', userUuid: user.uuid, organizationUuid: DEMO.organizationUuid, projectUuid: null, name: '报告.pdf', totalChunks: 2, totalSize: 2000 };
    const before = storedKeys();
    await chunks.addChunk(meta, 0, Readable.from([padded(SAMPLES.pdf, 1000)]));
    expect(await chunks.receivedChunks((await chunks.readMeta(user.uuid, 'left-behind'))!)).toEqual([0]);
    expect(storedKeys()).toHaveLength(before.length + 1);
    const removed = await ctx.app.inject({ method: 'POST', url: '/api/v1/organization/members/batch_delete/', headers: authHeaders(admin), payload: { ids: [user.uuid] } });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await chunks.readMeta(user.uuid, 'left-behind')).toBeUndefined();
    expect(storedKeys()).toEqual(before);
  });
});

describe('the orphan sweep', () => {
  it('removes stored objects no row names and partial writes, once they are an hour old', async () => {
    const root = path.join(ctx.dataDir, 'files', 'f2020', '01');
    mkdirSync(root, { recursive: true });
    const age = (file: string, hoursOld: number) => {
      const when = new Date(Date.now() - hoursOld * 3600_000);
      utimesSync(file, when, when);
    };
    const plant = (name: string, hoursOld: number) => {
      writeFileSync(path.join(root, name), 'left by a killed upload');
      age(path.join(root, name), hoursOld);
      return `f2020/01/${name}`;
    };
    const existing = storedKeys();
    const kept = await upload(uniquePdf());
    const keptKey = storedKeys().find((key) => !existing.includes(key))!;
    age(path.join(ctx.dataDir, 'files', ...keptKey.split('/')), 2);
    plant('00000000-0000-4000-8000-000000000001', 2);
    const freshOrphan = plant('00000000-0000-4000-8000-000000000002', 0);
    plant('00000000-0000-4000-8000-000000000003.1a2b.part', 2);
    const freshPart = plant('00000000-0000-4000-8000-000000000004.1a2b.part', 0);
    expect(await sweepOrphans(ctx.app)).toBe(1);
    expect(storedKeys().sort()).toEqual([...existing, keptKey, freshOrphan, freshPart].sort());
    expect((await read(kept.url)).statusCode).toBe(200);
  });

  it('runs as a job of the queue', async () => {
    const orphan = path.join(ctx.dataDir, 'files', 'f2020', '02', '00000000-0000-4000-8000-000000000005');
    mkdirSync(path.dirname(orphan), { recursive: true });
    writeFileSync(orphan, 'left by a killed upload');
    const when = new Date(Date.now() - 2 * 3600_000);
    utimesSync(orphan, when, when);
    await ctx.app.jobs.send(STORAGE_SWEEP_QUEUE, {});
    await vi.waitFor(() => expect(existsSync(orphan)).toBe(false), { timeout: 20_000, interval: 100 });
  });
});

describe('Word files are checked beyond their first bytes', () => {
  const zip = async (names: string[]) => {
    const archive = new JSZip();
    for (const name of names) archive.file(name, '<x/>');
    return archive.generateAsync({ type: 'nodebuffer' });
  };

  it('refuses a .docx that is some other zip, and leaves nothing behind', async () => {
    const before = storedKeys();
    for (const content of [await zip(['[Content_Types].xml', 'xl/workbook.xml']), await zip(['word/document.xml']), padded(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 200)]) {
      const response = await uploadTo(DEMO.projectUuid, '方案.docx', content);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('文件内容与扩展名 .docx 不符');
    }
    expect(storedKeys()).toEqual(before);
  });

  it('accepts a Word document and refuses a .doc that is not an OLE file', async () => {
    expect((await uploadTo(DEMO.projectUuid, '方案.docx', await zip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']))).statusCode).toBe(201);
    expect((await uploadTo(DEMO.projectUuid, '旧方案.doc', SAMPLES.docx)).statusCode).toBe(400);
    expect((await uploadTo(DEMO.projectUuid, '旧方案.doc', SAMPLES.doc)).statusCode).toBe(201);
  });
});
