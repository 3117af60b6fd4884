import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, apiAs, openColumn, setupBrowser, signInAsDemo, type DemoApi } from './browser';
import { REPORT_COVER, onePagePdf } from './files';

const ctx = setupBrowser();
const REPORTS = `/studio/report/api/report/projects/${DEMO_PROJECT}`;
// A name no demo report carries, so a name search shows only what this file made.
const MARK = '整批打标签测试';
const COUNT = 12;
let api: DemoApi;
let label: { id: number; name: string; groupName: string };

beforeAll(async () => {
  api = await apiAs(ctx.server.url);
  const file = await api.upload('report', `${MARK}.pdf`, await onePagePdf('batch'), 'application/pdf');
  const reports = Array.from({ length: COUNT }, (_, i) => ({ name: `${MARK}${i + 1}`, create_user: 'demo', cover: REPORT_COVER, file, real_file_name: `${MARK}.pdf` }));
  await api.post(`${REPORTS}/report/bulk_create/`, reports);
  const groups = await api.get<{ results: { id: number; name: string }[] }>(`${REPORTS}/label_group/`);
  const pool = await api.get<{ results: { id: number; name: string; label_group: number | null }[] }>(`${REPORTS}/label/?origin=${encodeURIComponent('报告')}&limit=1000`);
  const grouped = pool.results.find((candidate) => groups.results.some((group) => group.id === candidate.label_group))!;
  label = { id: grouped.id, name: grouped.name, groupName: groups.results.find((group) => group.id === grouped.label_group)!.name };
});

describe('批量打标签 over a filter (browser)', () => {
  it('selects every match beyond the page and labels all of them', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList?name=${encodeURIComponent(MARK)}&pageSize=10`);
    await page.locator('.library-card').first().waitFor();
    await page.getByRole('button', { name: '批量操作' }).click();
    const bar = page.getByRole('toolbar', { name: '批量操作' });
    await bar.getByText('全选本页').click();
    await page.getByText('已选择本页 10 条。').waitFor();
    await page.getByRole('button', { name: `选择全部 ${COUNT} 条符合条件的报告` }).click();
    await page.getByText(`已选择全部 ${COUNT} 条符合条件的报告。`).waitFor();
    await bar.getByText(`已选 ${COUNT} 项`).waitFor();
    if (process.env.BATCH_FILTER_SCREENSHOT) await page.screenshot({ path: `${process.env.BATCH_FILTER_SCREENSHOT}-banner.png` });

    await bar.getByRole('button', { name: '批量打标签' }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '批量打标签' });
    await dialog.getByText(`将对已选择的 ${COUNT} 条报告添加所选标签。`).waitFor();
    await dialog.locator('.ant-select-selector').click();
    const labelEntry = page.locator('.ant-cascader-menu-item', { hasText: label.name }).last();
    await openColumn(page.locator('.ant-cascader-menu-item', { hasText: label.groupName }).first(), labelEntry);
    await labelEntry.click();
    if (process.env.BATCH_FILTER_SCREENSHOT) await page.screenshot({ path: `${process.env.BATCH_FILTER_SCREENSHOT}-dialog.png` });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('批量打标签成功').waitFor();

    // The cards show the label too, the page beyond the first included.
    await page.locator('.ant-pagination-item-2').click();
    for (const name of [`${MARK}11`, `${MARK}12`]) {
      await page.locator('.library-card', { hasText: name }).locator('.library-card__tags .ant-tag', { hasText: label.name }).waitFor();
    }
    // The browser's sign-in ended the first API session.
    api = await apiAs(server.url);
    const labelled = await api.get<{ result: { total: number } }>(`${REPORTS}/report/report_list/?name=${encodeURIComponent(MARK)}&label_ids=${label.id}`);
    expect(labelled.result.total).toBe(COUNT);
  });
});
