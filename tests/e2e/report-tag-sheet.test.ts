import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, apiAs, savedDownload, setupBrowser, signInAsDemo } from './browser';
import { REPORT_COVER, addPdfReport, readSheetRows, tempFolder, writeSheetRows } from './files';

const ctx = setupBrowser();
const REPORTS = `/studio/report/api/report/projects/${DEMO_PROJECT}`;
// A name no demo report carries, so a name search shows only what this file made.
const MARK = '标签表格测试';
const files = tempFolder('report-tag-sheet-e2e-');

interface Made {
  /** Three label names of the 报告 tag pool: the first is on report 甲 at the start, the others replace it. */
  labels: [string, string, string];
  reports: { id: number; name: string }[];
}
const made = {} as Made;

beforeAll(async () => {
  const api = await apiAs(ctx.server.url);
  const pool = await api.get<{ results: { id: number; name: string }[] }>(`${REPORTS}/label/?origin=${encodeURIComponent('报告')}`);
  expect(pool.results.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = pool.results;
  made.labels = [first.name, second.name, third.name];
  made.reports = [];
  for (const [index, name] of [`${MARK}甲`, `${MARK}乙`].entries()) {
    made.reports.push(await addPdfReport(api, { name, text: `report ${index + 1}`, labels: index === 0 ? [first.id] : [] }));
  }
});

/** Signs in and opens the report list searched for this file's reports. */
async function openMarkedReports() {
  const { page, server } = ctx;
  await signInAsDemo(page, server.url);
  await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList?name=${encodeURIComponent(MARK)}`);
  for (const report of made.reports) await cardOf(report.name).waitFor();
}

const cardOf = (name: string) => ctx.page.locator('.library-card', { hasText: name });
const tagsOf = (name: string) => cardOf(name).locator('.library-card__tags .ant-tag').allTextContents();

describe('报告标签表格（浏览器）', () => {
  it('exports the chosen reports’ tags, takes back an edited sheet through the preview, and shows the new tags', async () => {
    const { page } = ctx;
    const [oldTag, newTagA, newTagB] = made.labels;
    const [edited, untouched] = made.reports;
    await openMarkedReports();
    expect(await tagsOf(edited.name)).toEqual([oldTag]);

    await page.getByRole('button', { name: '批量操作' }).click();
    const bar = page.getByRole('toolbar', { name: '批量操作' });
    for (const report of made.reports) await page.getByLabel(`勾选 ${report.name}`).check();
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: '导出标签' }).click()]);
    expect(download.suggestedFilename()).toBe('报告信息导出.xlsx');
    await page.getByText('浏览器准备下载').waitFor();

    const rows = readSheetRows(await savedDownload(download, ctx));
    expect(rows).toEqual([
      ['id', '名称', '封面', '实体', '标签'],
      [edited.id, edited.name, REPORT_COVER, '报告', oldTag],
      [untouched.id, untouched.name, REPORT_COVER, '报告', ''],
    ]);
    rows[1][4] = `${newTagA}，${newTagB}`;
    const upload = writeSheetRows(path.join(files, '报告信息导出.xlsx'), rows);

    await bar.getByRole('button', { name: '导入标签' }).click();
    const picker = page.locator('.ant-modal:visible', { hasText: '导入标签' });
    await picker.getByText('标签名称必须存在于报告对应的标签池中，若不存在，则无法成功匹配').waitFor();
    await picker.locator('input[type=file]').setInputFiles(upload);

    const preview = page.locator('.ant-modal:visible', { hasText: '导入预览' });
    await preview.getByText('共 2 行：更新 1 行，不变 1 行，无法导入 0 行').waitFor();
    const editedRow = preview.locator('tr', { hasText: edited.name });
    expect(await editedRow.locator('del').textContent()).toBe(oldTag);
    await editedRow.getByText(`${newTagA}，${newTagB}`, { exact: true }).waitFor();
    await editedRow.getByText('更新', { exact: true }).waitFor();
    await preview.locator('tr', { hasText: untouched.name }).getByText('不变', { exact: true }).waitFor();
    if (process.env.TAG_SHEET_SCREENSHOT) await preview.locator('.ant-modal-content').screenshot({ path: process.env.TAG_SHEET_SCREENSHOT });

    await preview.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('导入成功').waitFor();
    await preview.waitFor({ state: 'detached' });
    await cardOf(edited.name).getByText(newTagB, { exact: true }).waitFor();
    expect((await tagsOf(edited.name)).sort()).toEqual([newTagA, newTagB].sort());
    expect(await tagsOf(untouched.name)).toEqual([]);

    // The tags are stored, not only shown: a fresh visit of the list shows them too.
    await page.reload();
    await cardOf(edited.name).getByText(newTagA, { exact: true }).waitFor();
    expect((await tagsOf(edited.name)).sort()).toEqual([newTagA, newTagB].sort());
  });
});
