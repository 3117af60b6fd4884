import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, apiAs, confirmDialog, savedDownload, setupBrowser, signInAsDemo } from './browser';
import { addPdfReport } from './files';

const ctx = setupBrowser();
const REPORTS = `/studio/report/api/report/projects/${DEMO_PROJECT}`;
// A name no demo report carries, so a name search shows only what this file made.
const MARK = '浏览器测试';

interface Made {
  labelId: number;
  groupName: string;
  reports: { name: string; file: string; size: number }[];
}
const made = {} as Made;

beforeAll(async () => {
  const api = await apiAs(ctx.server.url);
  const label = await api.post<{ id: number }>(`${REPORTS}/label/`, { name: `${MARK}标签`, origin: '报告', type: '原子标签', label_group: null });
  made.labelId = label.id;
  await api.post(`${REPORTS}/filter_label_setting/`, { name: `${MARK}筛选`, origin: '报告', tags: [label.id] });
  made.groupName = `${MARK}分组`;
  await api.post(`${REPORTS}/report_group/group_create/`, { name: made.groupName });
  made.reports = [];
  for (const [index, name] of [`${MARK}甲`, `${MARK}乙`].entries()) {
    const text = `report ${index} ${'x'.repeat(200 * (index + 1))}`;
    made.reports.push(await addPdfReport(api, { name, text, labels: index === 0 ? [label.id] : [] }));
  }
});

/** Signs in and opens the report list searched for this file's reports. */
async function openMarkedReports() {
  const { page, server } = ctx;
  await signInAsDemo(page, server.url);
  await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList`);
  await page.getByLabel('搜索', { exact: true }).click();
  await page.getByPlaceholder('请输入报告名称').fill(MARK);
  await page.getByPlaceholder('请输入报告名称').press('Enter');
  await cardOf(made.reports[0].name).waitFor();
  await cardOf(made.reports[1].name).waitFor();
}

const cardOf = (name: string) => ctx.page.locator('.library-card', { hasText: name });

async function startSelection() {
  await ctx.page.getByRole('button', { name: '批量操作' }).click();
  return ctx.page.getByRole('toolbar', { name: '批量操作' });
}

describe('报告列表（浏览器）', () => {
  it('filters by a tag of the filter panel and resets', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const filter = page.getByRole('region', { name: '标签筛选' });
    await filter.getByText(`${MARK}标签`, { exact: true }).click();
    await filter.getByRole('button', { name: /^筛\s*选$/ }).click();
    await cardOf(made.reports[1].name).waitFor({ state: 'detached' });
    expect(await cardOf(made.reports[0].name).count()).toBe(1);
    expect(page.url()).toContain(`label_ids=${made.labelId}`);

    await filter.getByRole('button', { name: /重\s*置/ }).click();
    await cardOf(made.reports[1].name).waitFor();
  });

  it('moves a report into a group with the batch bar and shows it under that group', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const bar = await startSelection();
    await page.getByLabel(`勾选 ${made.reports[0].name}`).check();
    await bar.getByRole('combobox', { name: '目标分组' }).click();
    await page.locator('.ant-select-item-option', { hasText: made.groupName }).click();
    await bar.getByRole('button', { name: '移动到分组' }).click();
    await page.getByText('批量移动成功').waitFor();
    await bar.waitFor({ state: 'detached' });

    const panel = page.getByRole('navigation', { name: '分组' });
    const groupEntry = panel.locator('button', { hasText: made.groupName });
    await groupEntry.click();
    await page.waitForURL(/groupId=\d+/);
    await cardOf(made.reports[1].name).waitFor({ state: 'detached' });
    expect(await cardOf(made.reports[0].name).count()).toBe(1);
    expect(await groupEntry.textContent()).toBe(`${made.groupName}1`);
  });

  it('downloads two reports as reports.zip with their names and sizes', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const bar = await startSelection();
    for (const report of made.reports) await page.getByLabel(`勾选 ${report.name}`).check();
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: '下载' }).click()]);
    expect(download.suggestedFilename()).toBe('reports.zip');
    await page.getByText('浏览器准备下载').waitFor();
    const zip = await JSZip.loadAsync(await readFile(await savedDownload(download, ctx)));
    const entries = Object.values(zip.files);
    expect(entries.map((entry) => entry.name).sort()).toEqual(made.reports.map((report) => report.file).sort());
    for (const report of made.reports) expect((await zip.file(report.file)!.async('uint8array')).length).toBe(report.size);
  });

  it('deletes a report after the confirmation', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const bar = await startSelection();
    await page.getByLabel(`勾选 ${made.reports[1].name}`).check();
    await bar.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '此操作将把1条数据报告移入回收站（保留 30 天，期间可在回收站还原），是否继续操作?');
    await page.getByText('批量删除成功!').waitFor();
    await cardOf(made.reports[1].name).waitFor({ state: 'detached' });
    expect(await cardOf(made.reports[0].name).count()).toBe(1);
  });
});
