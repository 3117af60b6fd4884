import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, setupBrowser, signInAsDemo } from './browser';

const ctx = setupBrowser();
const shots = '/tmp/shots';
/** The workflow the server seeds in the demo project. */
const DEMO_WORKFLOW = '示例：指标汇总与成果生成';

beforeAll(() => mkdirSync(shots, { recursive: true }));

/** Each node of the DAG as `task=state` (the state of its instance in the selected run). */
const nodeStates = (page: Page) =>
  page.locator('[data-testid=dag-node]').evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-task')}=${node.getAttribute('data-state')}`));

describe('工作流 in the browser', () => {
  it('runs the demo workflow until every task succeeded, then shows a task’s log', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/workflows`);
    const row = page.getByRole('row', { name: new RegExp(DEMO_WORKFLOW) });
    await row.getByText('有效').waitFor();
    await row.getByRole('link', { name: DEMO_WORKFLOW }).click();
    await page.getByRole('heading', { name: DEMO_WORKFLOW }).waitFor();

    // The DAG: its tasks as nodes, its links as edges.
    const nodes = page.locator('[data-testid=dag-node]');
    await nodes.first().waitFor();
    const tasks = await nodes.count();
    expect(tasks).toBeGreaterThan(1);
    expect(await page.locator('.react-flow__edge').count()).toBeGreaterThan(0);
    // The run shown before: the newest one, or none yet.
    const shown = page.locator('.workflow-page__run');
    await shown.or(page.getByText('未选择运行')).first().waitFor();
    const before = (await shown.count()) ? await shown.getAttribute('data-run-id') : null;

    await page.locator('.ant-card-extra').getByRole('button', { name: /运行$/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: `运行：${DEMO_WORKFLOW}` });
    await dialog.waitFor();
    // Its run inputs are asked (or it says there are none) before 运行 can be pressed.
    await dialog.locator('.ant-form-item, .run-dialog__none').first().waitFor();
    await dialog.getByRole('button', { name: /^运\s*行$/ }).click();
    await page.getByText('已触发运行').waitFor();

    // The new run is the one the graph shows; it is followed until it finishes.
    await expect.poll(() => shown.getAttribute('data-run-id'), { timeout: 30_000 }).not.toBe(before);
    await expect
      .poll(() => shown.getAttribute('data-run-state'), { timeout: 240_000, interval: 1000 })
      .toMatch(/^(success|failed)$/);
    // Every node green: a failure names its task (`task=failed`).
    await expect.poll(async () => (await nodeStates(page)).filter((entry) => !entry.endsWith('=success')), { timeout: 10_000 }).toEqual([]);
    expect(await nodeStates(page)).toHaveLength(tasks);
    expect(await shown.getAttribute('data-run-state')).toBe('success');
    // Green in the real page, not only by name.
    const border = await nodes.first().evaluate((node) => getComputedStyle(node).borderTopColor);
    expect(border).toBe('rgb(82, 196, 26)');
    await page.screenshot({ path: `${shots}/workflow-run.png` });

    // 运行记录 is open on the new run: its task instances, each with its log.
    const runId = await shown.getAttribute('data-run-id');
    const instances = page.locator('.workflow-instances', { hasText: `任务实例：${runId}` });
    await expect.poll(() => instances.locator('tbody tr.ant-table-row').count()).toBe(tasks);
    // The table's last word matches the graph: every instance 成功, none left 运行中.
    await expect.poll(() => instances.locator('tbody tr.ant-table-row', { hasText: '成功' }).count(), { timeout: 10_000 }).toBe(tasks);
    const first = instances.locator('tbody tr.ant-table-row').first();
    const taskId = (await first.locator('td').first().innerText()).trim();
    await first.getByText('成功').waitFor();
    await first.getByRole('button', { name: /日志/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `日志：${taskId}` });
    const log = drawer.getByTestId('task-log');
    await log.waitFor();
    expect((await log.innerText()).trim().length).toBeGreaterThan(0);
    // Kept scrolled to its end.
    const atEnd = await log.evaluate((box) => box.scrollTop + box.clientHeight >= box.scrollHeight - 2);
    expect(atEnd).toBe(true);
    await page.screenshot({ path: `${shots}/workflow-log.png` });
  }, 300_000);

  it('shows a clicked task’s details under the graph', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/workflows`);
    await page.getByRole('row', { name: new RegExp(DEMO_WORKFLOW) }).getByRole('link', { name: DEMO_WORKFLOW }).click();
    await page.getByRole('heading', { name: DEMO_WORKFLOW }).waitFor();
    await page.locator('.workflow-page__run').or(page.getByText('未选择运行')).first().waitFor();
    await page.locator('[data-testid=dag-node][data-task=summarize]').click();
    const details = page.getByTestId('task-details');
    await details.getByText('任务：summarize').waitFor();
    // The run of the first test: the instance with its state and log.
    await details.getByTestId('task-log').waitFor();
    expect(await details.getByText('成功').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=dag-node][data-task=summarize]').getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: `${shots}/wf-node-click.png`, fullPage: true });
  }, 120_000);
});
