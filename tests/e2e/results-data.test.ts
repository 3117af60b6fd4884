import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiAs, DEMO_PROJECT, setupBrowser, signInAsDemo } from './browser';

const SHOTS = '/tmp/shots';

describe('项目设置 › 成果数据 in the browser', () => {
  const context = setupBrowser();

  it('shows the demo project’s source ready, from the 项目设置 menu', { timeout: 180_000 }, async () => {
    const { page, server } = context;
    mkdirSync(SHOTS, { recursive: true });
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/projectInfo`);
    await page.getByRole('menuitem', { name: '成果数据' }).click();
    await page.waitForURL(/#\/projectSetting\/[^/]+\/resultsData$/);

    const current = page.locator('.results-data__current');
    await current.getByText('示例数据仓库').waitFor();
    expect(await current.getByText('warehouse', { exact: true }).isVisible()).toBe(true);
    expect(await current.getByText('warehouse_demo', { exact: true }).isVisible()).toBe(true);
    const check = page.locator('.results-data__check.ant-alert-success');
    await check.getByText('已就绪').waitFor({ timeout: 30_000 });
    expect(await check.textContent()).toContain('调查范围 1000 行');
    // The selects start at the saved source.
    expect(await page.locator('.ant-select[aria-label="Schema"] .ant-select-selection-item').textContent()).toBe('warehouse_demo');
    expect(await page.getByRole('button', { name: /保\s*存/ }).isDisabled()).toBe(true);
    await page.getByRole('heading', { name: '导入区域与指标' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/results-data-ready.png`, fullPage: true });
  });

  it('from the results page of a project without a source, 前往项目设置 lands on 成果数据', { timeout: 180_000 }, async () => {
    const { page, server } = context;
    mkdirSync(SHOTS, { recursive: true });
    const api = await apiAs(server.url);
    const project = await api.post<{ uuid: string }>('/api/project/v1/projects/', { name: '尚未设置成果数据的项目' });
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/cstjPage/${project.uuid}/statistics`);
    await page.getByText('项目未配置数据连接，请在项目设置中配置数据连接').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/results-data-results-page.png`, fullPage: true });
    await page.getByRole('button', { name: /前往项目设置/ }).click();

    await page.waitForURL(new RegExp(`#/projectSetting/${project.uuid}/resultsData$`));
    await page.locator('.ant-menu-item-selected', { hasText: '成果数据' }).waitFor();
    await page.locator('.results-data__current').getByText('未设置').waitFor();
    await page.getByText('选择数据连接、数据库与 schema 后将自动检查所需的表与列').waitFor();
    await page.screenshot({ path: `${SHOTS}/results-data-no-source.png`, fullPage: true });
  });
});
