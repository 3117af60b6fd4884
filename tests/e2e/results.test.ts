import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkRegion, DEMO_PROJECT, pickOption, savedDownload, setupBrowser, signInAsDemo } from './browser';

const SHOTS = '/tmp/shots-results';
const STREET = ['示例省', '示例市', '东湖区', '东湖街道'];
/** The demo warehouse's three communities of 东湖街道, and the names generation gives their reports. */
const COMMUNITIES = ['幸福社区', '和平社区', '光明社区'];
const reportNames = COMMUNITIES.map((community) => `示例市东湖区东湖街道${community}-健康舒适体检报告`);

const cardOf = (page: Page, name: string) => page.locator('.library-card', { has: page.locator('.library-card__name', { hasText: name }) });

const choose = (page: Page, root: Locator, label: string, option: string) => pickOption(page, root.locator(`.ant-select[aria-label="${label}"]`), option);

describe('成果 in the browser', () => {
  const context = setupBrowser();

  it('generates three community reports, filters them, opens one and downloads them as a zip', { timeout: 240_000 }, async () => {
    const { page, server } = context;
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/cstjPage/${DEMO_PROJECT}/statistics`);
    await page.getByRole('heading', { name: '成果统计' }).waitFor();

    // 成果生成: 健康舒适 is a community dimension; checking 东湖街道 checks its three communities.
    await page.getByRole('button', { name: /成果生成/ }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog, '研究维度', '健康舒适');
    await checkRegion(page, dialog, STREET);
    await choose(page, dialog, '报告类型', '社区体检报告');
    await choose(page, dialog, '目标分组', '年度体检');
    await dialog.getByRole('button', { name: '开始生成' }).click();
    await page.getByText('成果生成中').first().waitFor();

    // The job's bar runs until its three regions are done.
    const job = page.locator('.results-job', { hasText: '健康舒适' }).first();
    await job.getByLabel('生成进度').waitFor();
    await job.getByText('已完成 3 / 失败 0 / 共 3').waitFor({ timeout: 180_000 });
    await page.screenshot({ path: `${SHOTS}/statistics-generated.png` });

    // Filter by the dimension and the street: exactly the three new reports, without a reload.
    const filters = page.locator('.results-filters');
    await choose(page, filters, '研究维度', '健康舒适');
    await checkRegion(page, filters, STREET);
    await page.waitForURL(/dimension_id=\d+.*regions=|regions=.*dimension_id=\d+/);
    for (const name of reportNames) await cardOf(page, name).waitFor();
    await expect.poll(() => page.locator('.results-total .ant-statistic-content-value').textContent()).toBe('3');
    expect(await page.locator('.library-card').count()).toBe(3);
    await page.getByRole('figure', { name: '各维度成果数' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/statistics-filtered.png` });

    // A bar of 各维度成果数 is the dimension filter: clicking the filter's own bar clears it, clicking it again sets it.
    const byDimension = page.getByRole('figure', { name: '各维度成果数' });
    await byDimension.locator('.recharts-bar-rectangle').first().click();
    await page.waitForURL((url) => !url.href.includes('dimension_id='));
    await expect.poll(() => page.locator('.results-filters__dimension .ant-select-selection-item').count()).toBe(0);
    // Now every dimension with reports under the street has its bar, in the order of the axis' names.
    await expect.poll(() => byDimension.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents(), { timeout: 15_000 }).toContain('健康舒适');
    const names = await byDimension.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
    await byDimension.locator('.recharts-bar-rectangle').nth(names.indexOf('健康舒适')).click();
    await page.waitForURL(/dimension_id=\d+/);
    await page.locator('.results-filters__dimension .ant-select-selection-item', { hasText: '健康舒适' }).waitFor();
    await expect.poll(() => page.locator('.results-total .ant-statistic-content-value').textContent()).toBe('3');
    // 导出图片 saves the chart as a PNG.
    const [png] = await Promise.all([page.waitForEvent('download'), byDimension.getByRole('button', { name: '导出图片' }).click()]);
    expect(png.suggestedFilename()).toBe('各维度成果数.png');
    expect([...(await readFile(await savedDownload(png, context))).subarray(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');

    // One report's detail draws its first page; 返回 comes back to the filtered view.
    await cardOf(page, reportNames[0]).getByRole('button', { name: `查看 ${reportNames[0]}` }).click();
    await page.waitForURL(/statisticsDetail\?id=\d+/);
    await page.locator('[data-page="1"] canvas').waitFor({ timeout: 60_000 });
    await page.getByText(reportNames[0], { exact: true }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/statistics-detail.png` });
    await page.getByRole('button', { name: /返\s*回/ }).click();
    await page.waitForURL(/\/statistics\?.*regions=/);

    // 批量下载 → 全选 → 确认下载: reports.zip with the three PDFs.
    await cardOf(page, reportNames[0]).waitFor();
    await page.getByRole('button', { name: /批量下载/ }).click();
    const bar = page.getByRole('toolbar', { name: '批量操作' });
    await bar.getByText('全选').click();
    await bar.getByText('已选 3 项').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: /确认下载/ }).click()]);
    expect(download.suggestedFilename()).toBe('reports.zip');
    const zip = await JSZip.loadAsync(await readFile(await savedDownload(download, context)));
    expect(Object.keys(zip.files).sort()).toEqual(reportNames.map((name) => `${name}.pdf`).sort());
    for (const name of reportNames) expect(new TextDecoder().decode((await zip.file(`${name}.pdf`)!.async('uint8array')).slice(0, 5))).toBe('%PDF-');
  });

  it('shows the four screens with the demo data in each theme', { timeout: 120_000 }, async () => {
    const { page, server } = context;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemo(page, server.url);
    for (const theme of ['darkblue', 'light', 'dark']) {
      for (const [screen, menu] of [['statistics', '成果统计'], ['singleReportList', '单体报告列表'], ['singleReportUpload', '报告上传列表'], ['reportList', '报告列表']]) {
        await page.goto(`${server.url}/#/cstjPage/${DEMO_PROJECT}/${screen}?theme=${theme}`);
        await page.locator('.ant-menu-item-selected', { hasText: menu }).waitFor();
        await page.locator('.library-card__name, .library-empty').first().waitFor();
        if (screen === 'statistics') await page.getByRole('figure', { name: '指标达标率' }).waitFor();
        await page.waitForLoadState('networkidle');
        // Finished transitions: the menu's highlight is where it goes.
        await page.screenshot({ path: `${SHOTS}/${screen}-${theme}.png`, animations: 'disabled' });
      }
    }
  });
});
