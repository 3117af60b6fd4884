import { execFileSync } from 'node:child_process';
import fontkit from '@pdf-lib/fontkit';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportFont } from '../../server/modules/results/report-font';
import { CONTENT_QUEUE } from '../../server/modules/contents/job';
import { authHeaders, createTestApp, DEMO, login, rivalOrganization, uploadFile, type TestContext } from './helpers';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const hasTesseract = (() => {
  try {
    return execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes('chi_sim');
  } catch {
    return false;
  }
})();

let ctx: TestContext;
let token: string;
let label: Record<string, number>;

/** A PDF whose pages carry these texts in a text layer; a page given as { scan } is an image of the text (with `caption` as its only text layer). */
async function pdfOf(pages: Array<string | { scan: string; caption?: string }>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(reportFont('regular').bytes, { subset: true });
  for (const content of pages) {
    const page = doc.addPage([595, 842]);
    if (typeof content === 'string') {
      content.split('\n').forEach((line, i) => page.drawText(line, { x: 40, y: 780 - i * 24, size: 14, font }));
    } else {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="400"><rect width="100%" height="100%" fill="#fff"/>
        <text x="60" y="200" font-family="WenQuanYi Micro Hei" font-size="64" fill="#000">${content.scan}</text></svg>`;
      const png = await doc.embedPng(await sharp(Buffer.from(svg)).png().toBuffer());
      page.drawImage(png, { x: 0, y: 600, width: 595, height: 192 });
      if (content.caption) page.drawText(content.caption, { x: 40, y: 560, size: 14, font });
    }
  }
  return Buffer.from(await doc.save());
}

async function reportWith(name: string, pages: Array<string | { scan: string; caption?: string }>, labels: number[] = []) {
  const file = await uploadFile(ctx.app, token, `${name}.pdf`, await pdfOf(pages), 'report');
  const response = await ctx.app.inject({
    method: 'POST', url: `${BASE}/report/report_create/`, headers: authHeaders(token),
    payload: { name, create_user: '演示用户', cover: '/covers/default-2.png', file: file.url, real_file_name: `${name}.pdf`, labels },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; content_state: string };
}

const detail = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `${BASE}/report/${id}/`, headers: authHeaders(token) })).json().data;
const indexed = (id: number, state = 'indexed') =>
  vi.waitFor(async () => expect((await detail(id)).content_state).toBe(state), { timeout: 60_000, interval: 200 });
const search = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `${BASE}/report/report_list/?${query}`, headers: authHeaders(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { data: Array<{ id: number; name: string; snippet: string; page: number; content_state: string }>; total: number };
};

beforeAll(async () => {
  ctx = await createTestApp({ app: { jobs: { pollSeconds: 0.2, retryDelaySeconds: 0 } } });
  token = await login(ctx.app);
  const all = (await ctx.app.inject({ method: 'GET', url: `${BASE}/label/?limit=100`, headers: authHeaders(token) })).json().results;
  label = Object.fromEntries(all.map((l: { name: string; id: number }) => [l.name, l.id]));
}, 60_000);
afterAll(() => ctx.close());

describe('content search of reports', () => {
  let many: { id: number };
  let once: { id: number };
  let labelled: { id: number };
  let other: { id: number };

  beforeAll(async () => {
    many = await reportWith('萤火虫多次', ['封面页', '萤火虫栖息地调查：萤火虫数量逐年下降。\n湿地公园的萤火虫观测点共计十二处，萤火虫保护刻不容缓。']);
    once = await reportWith('萤火虫一次', ['湿地公园年度报告，提到萤火虫一次。<b>标记</b>']);
    labelled = await reportWith('带标签的湿地报告', ['第一页没有', '第二页：湿地公园里的萤火虫'], [label['生态宜居']]);
    other = await reportWith('无关报告', ['道路交通拥堵指数分析']);
    for (const report of [many, once, labelled, other]) await indexed(report.id);
  }, 120_000);

  it('ranks every report holding all the words, with an exact total, a snippet and the page of the best hit', async () => {
    const found = await search('content=萤火虫&pageSize=10');
    expect(found.total).toBe(3);
    expect(found.data.map((item) => item.id)).toEqual(expect.arrayContaining([many.id, once.id, labelled.id]));
    // Five hits on its page rank it above the reports with one.
    expect(found.data[0].id).toBe(many.id);
    const onPageTwo = found.data.find((item) => item.id === labelled.id)!;
    expect(onPageTwo.page).toBe(2);
    expect(onPageTwo.snippet).toContain('<em>萤火虫</em>');
    // The file's text is escaped: only the hits' <em> is markup.
    const escaped = found.data.find((item) => item.id === once.id)!;
    expect(escaped.snippet).toContain('&lt;b&gt;标记&lt;/b&gt;');
    expect(escaped.content_state).toBe('indexed');

    // Two words: both must be in the report.
    expect((await search('content=萤火虫 湿地公园')).total).toBe(3);
    expect((await search('content=萤火虫 交通')).total).toBe(0);
    // Pages: the total stays exact past the first page.
    const second = await search('content=萤火虫&pageSize=2&pageNo=2');
    expect(second.total).toBe(3);
    expect(second.data).toHaveLength(1);
    expect((await search('content=萤火虫&pageSize=2&pageNo=5')).total).toBe(3);
  });

  it('combines with the list’s other filters', async () => {
    const withLabel = await search(`content=萤火虫&label_ids=${label['生态宜居']}`);
    expect(withLabel.total).toBe(1);
    expect(withLabel.data.map((item) => item.id)).toEqual([labelled.id]);
    expect((await search('content=萤火虫&name=一次')).data.map((item) => item.id)).toEqual([once.id]);
    expect((await search('content=萤火虫&start_time=2000-01-01 00:00:00&end_time=2000-01-02 00:00:00')).total).toBe(0);
    expect((await search('content=萤火虫&group_id=0')).total).toBe(3);
  });

  it('finds the words on different pages of a report, at the page holding most of them', async () => {
    const spread = await reportWith('候鸟跨页', ['候鸟迁徙路线的年度观测记录', '滩涂面积统计与变化分析', '候鸟栖息的滩涂与候鸟数量变化']);
    const half = await reportWith('只有候鸟', ['候鸟迁徙路线的年度观测记录']);
    await indexed(spread.id);
    await indexed(half.id);
    const found = await search('content=候鸟 滩涂');
    expect(found.total).toBe(1);
    expect(found.data.map((item) => item.id)).toEqual([spread.id]);
    expect(found.data[0].page).toBe(3);
    expect(found.data[0].snippet).toContain('<em>滩涂</em>');
    expect((await search('content=候鸟')).total).toBe(2);
  }, 120_000);

  it('finds a report deleted and restored by its text at once, at the same page, without reading it again', async () => {
    const report = await reportWith('回收再现报告', ['第一页的概述', '第二页：穿山甲的栖息地调查']);
    await indexed(report.id);
    const call = (path: string, payload?: object) => ctx.app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
    expect((await call('report/batch_delete/', { ids: String(report.id) })).statusCode).toBe(200);
    expect((await search('content=穿山甲')).total).toBe(0);
    const bin = await ctx.app.inject({ method: 'GET', url: `${BASE}/recycle_bin/?origin=${encodeURIComponent('报告')}&pageSize=100`, headers: authHeaders(token) });
    const entry = bin.json().result.data.find((one: { item_id: number }) => one.item_id === report.id);
    expect((await call('recycle_bin/restore/', { ids: [entry.id] })).statusCode).toBe(200);

    expect((await detail(report.id)).content_state).toBe('indexed');
    const found = await search('content=穿山甲');
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ id: report.id, page: 2, snippet: expect.stringContaining('<em>穿山甲</em>') });
    const kept = await ctx.database.db.execute(sql`select count(*)::int as n from library_bin_pages`);
    expect((kept as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });

  it('answers bad searches in Chinese', async () => {
    const punctuation = await ctx.app.inject({ method: 'GET', url: `${BASE}/report/report_list/?content=${encodeURIComponent('，。！')}`, headers: authHeaders(token) });
    expect(punctuation.statusCode).toBe(400);
    expect(punctuation.json().message).toBe('请输入要全文检索的文字');
    const long = await ctx.app.inject({ method: 'GET', url: `${BASE}/report/report_list/?content=${encodeURIComponent('萤'.repeat(101))}`, headers: authHeaders(token) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('全文检索的内容不能超过 100 个字');
  });

  it('re-runs an extraction on request, and a report of another kind or none is not found', async () => {
    const rerun = await ctx.app.inject({ method: 'POST', url: `${BASE}/report/${other.id}/content/reindex/`, headers: authHeaders(token) });
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json().data.content_state).toBe('queued');
    await indexed(other.id);
    expect((await search('content=交通拥堵')).data.map((item) => item.id)).toEqual([other.id]);
    const missing = await ctx.app.inject({ method: 'POST', url: `${BASE}/material/${other.id}/content/reindex/`, headers: authHeaders(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('素材不存在');
  });

  it('tells another organization nothing: its searches find none of these reports, and it cannot re-run their extraction', async () => {
    const rival = await rivalOrganization(ctx, 'content-rival');
    const inRival = await ctx.app.inject({ method: 'GET', url: `${rival.base}/report/report_list/?content=${encodeURIComponent('萤火虫')}`, headers: authHeaders(rival.token) });
    expect(inRival.statusCode, inRival.body).toBe(200);
    expect(inRival.json().result).toMatchObject({ total: 0, data: [] });
    const inOurs = await ctx.app.inject({ method: 'GET', url: `${BASE}/report/report_list/?content=${encodeURIComponent('萤火虫')}`, headers: authHeaders(rival.token) });
    expect(inOurs.statusCode).toBe(404);
    for (const base of [rival.base, BASE]) {
      const rerun = await ctx.app.inject({ method: 'POST', url: `${base}/report/${many.id}/content/reindex/`, headers: authHeaders(rival.token) });
      expect(rerun.statusCode, base).toBe(404);
      expect(rerun.body).not.toContain('萤火虫');
    }
    expect((await detail(many.id)).content_state).toBe('indexed');
  });

  it('marks a scan 未识别 when OCR is off, and nothing fails', async () => {
    ctx.app.config.contentOcr = 'off';
    try {
      const scan = await reportWith('扫描件无识别', [{ scan: '猕猴桃种植面积' }]);
      await indexed(scan.id, 'unreadable');
      expect((await detail(scan.id)).content_reason).toBe('扫描页未识别：未开启文字识别（OCR）');
      const materials = await ctx.app.inject({ method: 'GET', url: `${BASE}/material/report_list/?content=猕猴桃`, headers: authHeaders(token) });
      expect(materials.statusCode).toBe(400);
      expect(materials.json().message).toBe('未开启文字识别（OCR），素材不支持全文检索');
    } finally {
      ctx.app.config.contentOcr = 'auto';
    }
  }, 90_000);

  it.skipIf(!hasTesseract)('reads a scanned page by OCR and finds it at its page', async () => {
    const scan = await reportWith('扫描件', ['目录', { scan: '猕猴桃种植面积统计' }]);
    await indexed(scan.id);
    const found = await search('content=种植面积');
    expect(found.data.map((item) => item.id)).toContain(scan.id);
    expect(found.data.find((item) => item.id === scan.id)!.page).toBe(2);
  }, 120_000);

  it.skipIf(!hasTesseract)('keeps the few characters of a page read again by OCR', async () => {
    // Under eight characters in its text layer, a page is taken for a scan.
    const captioned = await reportWith('附图页', [{ scan: '猕猴桃种植面积统计', caption: '附图七' }]);
    await indexed(captioned.id);
    for (const words of ['附图七', '种植面积']) expect((await search(`content=${encodeURIComponent(words)}`)).data.map((item) => item.id), words).toContain(captioned.id);
  }, 120_000);
  it('answers requests while the extraction works through a backlog, not only once it is done', async () => {
    // Items made by SQL have no file: each is marked 未识别 without a file read, so nothing but the
    // job's own statements would make the server turn to a request.
    await ctx.database.db.execute(sql`insert into library_items (project_uuid, kind, name, create_user, created_at, updated_at)
      select ${DEMO.projectUuid}, 'material', '积压素材' || g, 'u', now(), now() from generate_series(1, 1000) g`);
    const queued = async () => {
      const result = await ctx.database.db.execute(sql`select count(*)::int as n from library_item_contents c join library_items i on i.id = c.item_id
        where i.name like '积压素材%' and c.state = 'queued'`);
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0].n;
    };
    await ctx.app.jobs.send(CONTENT_QUEUE, {});
    await vi.waitFor(async () => expect(await queued()).toBeLessThan(1000), { timeout: 30_000, interval: 20 });
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: authHeaders(token) });
    expect(answer.statusCode).toBe(200);
    expect(await queued()).toBeGreaterThan(0);
  }, 60_000);
});
