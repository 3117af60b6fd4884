import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { reportFont } from '../../server/modules/results/report-font';
import { apiAs, DEMO_PROJECT, setupBrowser, signInAsDemo } from './browser';

const BASE = `/studio/report/api/report/projects/${DEMO_PROJECT}/report`;
const NAME = '湿地萤火虫专项报告';

/** Five pages of text; the searched words are only on page 4. */
async function reportPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(reportFont('regular').bytes, { subset: true });
  for (let n = 1; n <= 5; n += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`第${n}页 城市绿地现状`, { x: 60, y: 760, size: 20, font });
    if (n === 4) page.drawText('湿地公园的萤火虫观测点共计十二处', { x: 60, y: 700, size: 20, font });
  }
  return Buffer.from(await doc.save());
}

describe('content search in the browser', () => {
  const context = setupBrowser();

  it('finds a report by the text in its file and opens it at the hit’s page with the words highlighted', async () => {
    const { page, server } = context;
    const api = await apiAs(server.url);
    const file = await api.upload('report', `${NAME}.pdf`, await reportPdf(), 'application/pdf');
    const { data: report } = await api.post<{ data: { id: number } }>(`${BASE}/report_create/`, {
      name: NAME, create_user: '演示用户', cover: '/covers/default-2.png', file, real_file_name: `${NAME}.pdf`,
    });
    await expect
      .poll(async () => (await api.get<{ data: { content_state: string } }>(`${BASE}/${report.id}/`)).data.content_state, { timeout: 60_000, interval: 500 })
      .toBe('indexed');

    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList`);
    await page.getByText('全文', { exact: true }).click();
    await page.getByRole('button', { name: '搜索' }).click();
    await page.getByPlaceholder('请输入要检索的文字').fill('萤火虫 观测');
    await page.getByPlaceholder('请输入要检索的文字').press('Enter');

    const card = page.locator('.library-card', { hasText: NAME });
    await card.getByText('第 4 页').waitFor();
    expect(await card.locator('.library-hit__snippet em', { hasText: '萤火虫' }).count()).toBeGreaterThan(0);
    await page.getByText('共 1 条').waitFor();

    await card.locator('.library-card__body').click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    expect(page.url()).toContain('page=4');
    const hit = page.locator('[data-page="4"] mark.pdf-viewer__hit', { hasText: '萤火虫' });
    await hit.first().waitFor({ timeout: 30_000 });
    // The hit's page is the one in view.
    await expect.poll(() => hit.first().evaluate((node) => {
      const box = node.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
  });
});
