import { mkdirSync } from 'node:fs';
import { PDFDocument, PDFHexString, StandardFonts, beginText, endText, moveText, setFontAndSize, showText } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT, openColumn, setupBrowser, signInAsDemo } from './browser';

const PAGES = 30;
const NAME = '城市体检多页报告';

const ucs2Hex = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');

/**
 * A PDF of `pages` pages, each with a Latin line in Helvetica and a Chinese line in the
 * non-embedded STSong-Light (Adobe-GB1, UniGB-UCS2-H): the viewer needs its bundled
 * standard fonts and CJK character maps to draw them.
 */
async function multiPagePdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const helvetica = await pdf.embedFont(StandardFonts.Helvetica);
  const descriptor = pdf.context.obj({
    Type: 'FontDescriptor', FontName: 'STSong-Light', Flags: 6, FontBBox: [0, -200, 1000, 900],
    ItalicAngle: 0, Ascent: 880, Descent: -120, CapHeight: 700, StemV: 80,
  });
  const song = pdf.context.register(
    pdf.context.obj({
      Type: 'Font', Subtype: 'Type0', BaseFont: 'STSong-Light', Encoding: 'UniGB-UCS2-H',
      DescendantFonts: [
        pdf.context.obj({
          Type: 'Font', Subtype: 'CIDFontType0', BaseFont: 'STSong-Light', FontDescriptor: descriptor,
          CIDSystemInfo: { Registry: PDFHexString.fromText('Adobe'), Ordering: PDFHexString.fromText('GB1'), Supplement: 4 },
        }),
      ],
    }),
  );
  for (let n = 1; n <= pages; n += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Page ${n} of ${pages}`, { x: 60, y: 740, size: 28, font: helvetica });
    const font = page.node.newFontDictionary('Song', song);
    page.pushOperators(beginText(), setFontAndSize(font, 32), moveText(60, 680), showText(PDFHexString.of(ucs2Hex(`城市体检报告 第${n}页`))), endText());
  }
  return Buffer.from(await pdf.save());
}

/** Dark pixels in the canvas of a page placeholder (0 when the page is not drawn). */
function inkOnPage(page: Page, pageNumber: number): Promise<number> {
  return page.evaluate((n) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-page="${n}"] canvas`);
    if (!canvas || canvas.width === 0) return 0;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 300) dark += 1;
    return dark;
  }, pageNumber);
}

/** The report named `name`, read through the list API with the page's session. */
function findReport(page: Page, name: string) {
  return page.evaluate(
    async ({ project, name }) => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('token='))!.slice(6);
      const response = await fetch(`/studio/report/api/report/projects/${project}/report/report_list/?name=${encodeURIComponent(name)}`, {
        headers: { Authorization: `Token ${decodeURIComponent(token)}` },
      });
      const body = (await response.json()) as { result: { data: Array<Record<string, unknown> & { labels: { name: string }[] }> } };
      return body.result.data[0];
    },
    { project: DEMO_PROJECT, name },
  );
}

describe('report detail in the browser', () => {
  const context = setupBrowser();

  it('adds a multi-page PDF report with a tag through the dialog and draws its pages as they scroll into view', async () => {
    const { page, server } = context;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList`);

    await page.getByRole('button', { name: '新增报告' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByPlaceholder('请输入创建人').inputValue()).toBe('演示用户');
    await dialog.getByPlaceholder('请输入报告名称').fill(NAME);
    const fileItem = dialog.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: '报告文件' }) });
    await fileItem.locator('input[type="file"]').setInputFiles({ name: '多页报告.pdf', mimeType: 'application/pdf', buffer: await multiPagePdf(PAGES) });
    await fileItem.getByText('上传成功').waitFor();
    const tagItem = dialog.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: '标签' }) });
    await tagItem.locator('.ant-select-selector').click();
    const labelEntry = page.locator('.ant-cascader-menu-item', { hasText: '生态宜居' });
    await openColumn(page.locator('.ant-cascader-menu-item', { hasText: '体检维度' }), labelEntry);
    await labelEntry.click();
    // The tag is in the field before the dialog is confirmed.
    await tagItem.locator('.ant-select-selection-item', { hasText: '生态宜居' }).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增报告成功').waitFor();

    const report = await findReport(page, NAME);
    expect(report.labels.map((label) => label.name)).toEqual(['生态宜居']);
    const search = new URLSearchParams({
      id: String(report.id), name: NAME, create_user: String(report.create_user), file: String(report.file),
      cover: String(report.cover), real_file_name: String(report.real_file_name), labels: '生态宜居',
    });
    const started = Date.now();
    await page.goto(`${server.url}/#/report/${DEMO_PROJECT}/reportDetail?${search}`);

    await page.getByRole('heading', { name: NAME }).waitFor();
    await expect.poll(() => inkOnPage(page, 1), { timeout: 20_000 }).toBeGreaterThan(500);
    const firstPageMs = Date.now() - started;
    const info = page.locator('.library-detail__info');
    await info.getByText('生态宜居').waitFor();
    await expect.poll(() => info.locator('tr', { hasText: '创建时间' }).innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(await page.locator('[data-page]').count()).toBe(PAGES);
    // Far pages are placeholders until they scroll into view.
    expect(await page.locator(`[data-page="${PAGES}"] canvas`).count()).toBe(0);
    const download = page.getByRole('link', { name: /下\s*载/ });
    expect(await download.getAttribute('download')).toBe('多页报告.pdf');
    expect(await download.getAttribute('href')).toMatch(/\/api\/uploader\/v1\/files\/\d+\/.+\?download=1$/);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/report-detail.png' });

    await page.getByRole('button', { name: '滚动到底部' }).click();
    await expect.poll(() => inkOnPage(page, PAGES), { timeout: 20_000 }).toBeGreaterThan(500);
    expect(await page.locator('[data-page="1"] canvas').count()).toBe(0);
    await page.screenshot({ path: 'test-results/report-detail-last-page.png' });
    expect(firstPageMs).toBeLessThan(15_000);
  });
});
