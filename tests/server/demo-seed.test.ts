import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryGroups, libraryItemLabels, libraryItems, storedFiles } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import type { Storage } from '../../server/lib/storage';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
let seedMs: number;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const DIMENSIONS = ['生态宜居', '健康舒适', '安全韧性', '交通便捷', '风貌特色', '整洁有序', '多元包容', '创新活力'];

interface Item {
  id: number;
  name: string;
  create_user: string;
  file: string;
  cover: string;
  real_file_name: string;
  group_id: number;
  thumbnail: string | null;
  created_at: string;
  labels: Array<{ name: string }>;
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: authHeaders(admin) });
const list = async (kind: 'report' | 'material'): Promise<Item[]> => (await get(`${BASE}/${kind}/report_list/?pageSize=100`)).json().result.data;
const objectsOnDisk = () => (readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true }) as string[]).filter((entry) => /[0-9a-f-]{36}$/.test(entry));

async function pdfText(bytes: Buffer, pageNumber: number) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const content = await (await pdf.getPage(pageNumber)).getTextContent();
  await pdf.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('');
}

beforeAll(async () => {
  // The test app is seeded without storage (no demo library); this seeds the library into its DATA_DIR.
  ctx = await createTestApp();
  admin = await login(ctx.app);
  const started = performance.now();
  await seed(ctx.database.db, { storage: ctx.app.storage });
  seedMs = performance.now() - started;
}, 120_000);
afterAll(() => ctx.close());

describe('demo workflow', () => {
  it('is owned by the demo user under their display name, as the reports are', async () => {
    const answer = await get(`/api/airflow/projects/${DEMO.projectUuid}/workflows/`);
    expect(answer.statusCode).toBe(200);
    const owners = answer.json().results.map((workflow: { owner: string }) => workflow.owner);
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((owner: string) => owner === '演示用户')).toBe(true);
  });
});

describe('demo reports', () => {
  it('are eight reports in two groups with labels of both demo label groups and spread dates', async () => {
    const reports = await list('report');
    expect(reports).toHaveLength(8);
    const groups = (await get(`${BASE}/report_group/group_list/`)).json();
    expect(groups.data.map((group: { name: string }) => group.name)).toEqual(['年度体检', '专项评估']);
    expect(groups.total_report_number).toBe(8);
    for (const report of reports) {
      expect(report.create_user).toBe('演示用户');
      expect(report.cover).toMatch(/^\/covers\/default-[1-5]\.png$/);
      expect(report.thumbnail).toBe(report.cover);
      expect(report.real_file_name).toBe(`${report.name}.pdf`);
      expect(report.labels.some((label) => DIMENSIONS.includes(label.name))).toBe(true);
      expect(report.labels.some((label) => label.name.endsWith('体检报告'))).toBe(true);
    }
    expect(new Set(reports.map((report) => report.created_at.slice(0, 10))).size).toBe(8);
    const filtered = (await get(`${BASE}/report/report_list/?label_names=${encodeURIComponent('安全韧性')}`)).json().result.data;
    expect(filtered.map((report: Item) => report.name)).toContain('城市安全韧性专项评估报告');
  });

  it('each have a stored PDF of several pages with Chinese text: title, contents, dimension chapters', async () => {
    const reports = await list('report');
    for (const report of reports) {
      const response = await get(report.file);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(5);
    }
    const annual = reports.find((report) => report.name.endsWith('年度城市体检报告'))!;
    const bytes = (await get(annual.file)).rawPayload;
    expect(await pdfText(bytes, 1)).toContain(annual.name);
    const contents = await pdfText(bytes, 2);
    expect(contents).toContain('目录');
    for (const dimension of DIMENSIONS) expect(contents).toContain(dimension);
    expect(await pdfText(bytes, 4)).toContain('二、生态宜居');
  });
});

describe('demo materials', () => {
  it('are twelve pictures with thumbnails, groups and 素材类型 labels', async () => {
    const materials = await list('material');
    expect(materials).toHaveLength(12);
    expect((await get(`${BASE}/material_group/group_list/`)).json().data.map((group: { name: string }) => group.name)).toEqual(['街景', '图表']);
    for (const material of materials) {
      expect(material.name.length).toBeLessThanOrEqual(20);
      expect(material.labels.map((label) => label.name)).toHaveLength(1);
      expect(['航拍影像', '街景照片', '现场调研', '示意图']).toContain(material.labels[0].name);
      const original = await get(material.file);
      expect(['image/jpeg', 'image/png']).toContain(original.headers['content-type']);
      expect(material.thumbnail).toBe(`${material.file}?format=thumbnail`);
      const preview = await get(material.thumbnail!);
      expect(preview.headers['content-type']).toBe('image/webp');
      expect(preview.rawPayload.length).toBeLessThan(original.rawPayload.length);
    }
  });
});

describe('seeding', () => {
  it('takes a few seconds at most, and running it again adds nothing', async () => {
    expect(seedMs).toBeLessThan(15_000); // about 2 s on an idle 2-core machine; generous for a busy CI
    const counts = async () => {
      const db = ctx.database.db;
      const [[items], [files], [groups], [links]] = await Promise.all([
        db.select({ n: count() }).from(libraryItems),
        db.select({ n: count() }).from(storedFiles),
        db.select({ n: count() }).from(libraryGroups),
        db.select({ n: count() }).from(libraryItemLabels),
      ]);
      return { items: items.n, files: files.n, groups: groups.n, links: links.n, objects: objectsOnDisk().length };
    };
    const before = await counts();
    // 20 library files (12 pictures with a thumbnail each: 32 objects) and the demo workflow's script.
    expect(before).toMatchObject({ items: 20, files: 21, groups: 4, objects: 33 });
    await seed(ctx.database.db, { storage: ctx.app.storage });
    expect(await counts()).toEqual(before);
  });

  it('leaves no files behind when it fails half way', async () => {
    const fresh = await createTestApp();
    try {
      let puts = 0;
      const failing: Storage = {
        ...fresh.app.storage,
        put: (key, source) => (++puts > 6 ? Promise.reject(new Error('磁盘已满')) : fresh.app.storage.put(key, source)),
      };
      await expect(seed(fresh.database.db, { storage: failing })).rejects.toThrow('磁盘已满');
      expect(await fresh.database.db.select().from(libraryItems)).toEqual([]);
      const files = path.join(fresh.dataDir, 'files');
      expect((readdirSync(files, { recursive: true }) as string[]).filter((entry) => /[0-9a-f-]{36}$/.test(entry))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
