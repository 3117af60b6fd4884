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
    // React Flow draws the edges once it has measured the nodes, a frame or more later.
    const edges = page.locator('.react-flow__edge');
    await edges.first().waitFor();
    const links = await edges.count();
    // The run shown before: the newest one, or none yet.
    const shown = page.locator('.workflow-page__run');
    await shown.or(page.getByText('未选择运行')).first().waitFor();
    const before = (await shown.count()) ? await shown.getAttribute('data-run-id') : null;

    // The fewest links drawn in any frame from here on: a run's states must not make them blink.
    await page.evaluate(() => {
      const seen = window as unknown as { fewestLinks: number };
      seen.fewestLinks = Infinity;
      const sample = () => {
        seen.fewestLinks = Math.min(seen.fewestLinks, document.querySelectorAll('.react-flow__edge').length);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
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
    // The states repainted the nodes and left every link drawn.
    expect(await edges.count()).toBe(links);
    expect(await page.evaluate(() => (window as unknown as { fewestLinks: number }).fewestLinks)).toBe(links);
    // Fitted again once the run's states have repainted the nodes (a frame or more after the
    // repaint, when React Flow has measured them): every task whole inside the canvas.
    const canvas = (await page.locator('.react-flow').boundingBox())!;
    const outside = async () => {
      const spans = await nodes.evaluateAll((all) => all.map((node) => [node.getBoundingClientRect().left, node.getBoundingClientRect().right]));
      return spans.filter(([left, right]) => left < canvas.x || right > canvas.x + canvas.width);
    };
    await expect.poll(outside).toEqual([]);
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

  it('网格: the newest run\'s column in the real colours; a cell shows its task\'s log, and 清除重跑 from it runs the tasks again', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/workflows`);
    await page.getByRole('row', { name: new RegExp(DEMO_WORKFLOW) }).getByRole('link', { name: DEMO_WORKFLOW }).click();
    await page.getByRole('heading', { name: DEMO_WORKFLOW }).waitFor();
    await page.getByText('网格', { exact: true }).click();
    const grid = page.getByRole('grid', { name: '运行网格' });
    await grid.waitFor();
    // The newest run (the first test's) is the rightmost column: every task succeeded.
    const newest = grid.getByRole('group').last();
    const runId = await newest.getAttribute('data-run-id');
    const cells = newest.getByTestId('grid-cell');
    await expect.poll(() => cells.evaluateAll((all) => all.map((cell) => cell.getAttribute('data-state'))), { timeout: 20_000 }).toEqual(Array(4).fill('success'));
    // Green in the page, as the graph's nodes are.
    expect(await cells.first().evaluate((cell) => getComputedStyle(cell).borderTopColor)).toBe('rgb(82, 196, 26)');

    await newest.locator('[data-testid=grid-cell][data-task=summarize]').click();
    const details = page.getByTestId('task-details');
    await details.getByText('任务：summarize').waitFor();
    await details.getByText(runId!).waitFor();
    await details.getByTestId('task-log').waitFor();
    await page.screenshot({ path: `${shots}/workflow-grid.png`, fullPage: true });

    await details.getByRole('button', { name: '清除重跑' }).click();
    const confirm = page.locator('.ant-modal', { hasText: `确定清除运行 ${runId} 的任务实例并重新运行？` });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已清除，任务将重新运行').waitFor();
    // The same column runs again: its cells leave success, then all come back to it.
    await expect.poll(() => cells.evaluateAll((all) => all.map((cell) => cell.getAttribute('data-state'))), { timeout: 20_000, interval: 200 }).not.toEqual(Array(4).fill('success'));
    await expect.poll(() => newest.getAttribute('data-run-state'), { timeout: 240_000, interval: 1000 }).toBe('success');
    // The column's last word comes with the run's end, not a poll later.
    await expect.poll(() => cells.evaluateAll((all) => all.map((cell) => cell.getAttribute('data-state'))), { timeout: 5_000 }).toEqual(Array(4).fill('success'));
    expect(await newest.getAttribute('data-run-id')).toBe(runId);
  }, 300_000);

  it('甘特图 of the newest run with a task’s outputs; a link dragged from an output handle to an input handle, a cycle refused', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/workflows`);
    await page.getByRole('row', { name: new RegExp(DEMO_WORKFLOW) }).getByRole('link', { name: DEMO_WORKFLOW }).click();
    await page.getByRole('heading', { name: DEMO_WORKFLOW }).waitFor();
    await page.locator('.workflow-page__run').waitFor();

    // 甘特图: the newest run (finished by the tests before): a green bar per task, in the tasks' order.
    await page.getByText('甘特图', { exact: true }).click();
    const gantt = page.getByRole('table', { name: /^甘特图：运行 / });
    await gantt.waitFor();
    const rows = gantt.getByTestId('gantt-row');
    await expect.poll(() => rows.evaluateAll((all) => all.map((row) => `${row.getAttribute('data-task')}=${row.getAttribute('data-state')}`)), { timeout: 20_000 }).toEqual([
      'load_indicators=success',
      'load_catalogue=success',
      'summarize=success',
      'generate_reports=success',
    ]);
    const bars = gantt.getByTestId('gantt-bar');
    expect(await bars.first().evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe('rgb(82, 196, 26)');
    // summarize starts after the loads (in the same second when they are quick): its bar never begins left of the first one's start.
    const box = async (index: number) => (await bars.nth(index).boundingBox())!;
    expect((await box(2)).x).toBeGreaterThanOrEqual((await box(0)).x);
    await bars.nth(2).hover();
    await page.getByRole('tooltip').getByText(/^summarize（成功）：排队 .*（等待 .*），开始 .*，结束 .*，时长 /).waitFor();
    await page.screenshot({ path: `${shots}/workflow-gantt.png`, fullPage: true });

    // A bar opens its task: summarize's outputs as the engine recorded them.
    await bars.nth(2).click();
    const outputs = page.getByTestId('task-details').getByTestId('task-outputs');
    await outputs.getByRole('table').waitFor();
    expect(await outputs.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/workflow-outputs.png`, fullPage: true });

    // Back to the graph: drag a handle onto another task's input handle.
    await page.getByText('图形', { exact: true }).click();
    await page.locator('[data-testid=dag-node]').first().waitFor();
    const handle = (task: string, kind: 'input' | 'output') => page.locator(`[data-testid=dag-node][data-task=${task}] [data-testid=dag-${kind}-handle]`);
    const drag = async (from: string, to: string) => {
      const start = (await handle(from, 'output').boundingBox())!;
      const end = (await handle(to, 'input').boundingBox())!;
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
      await page.mouse.down();
      await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
      await page.mouse.up();
    };
    const edges = await page.locator('.react-flow__edge').count();
    // generate_reports is downstream of load_indicators: a link back would close a cycle.
    await drag('generate_reports', 'load_indicators');
    await page.getByText('连线 generate_reports → load_indicators 会形成循环依赖：load_indicators → summarize → generate_reports → load_indicators').waitFor();
    expect(await page.locator('.react-flow__edge').count()).toBe(edges);
    // load_catalogue before load_indicators: a new order-only link, drawn at once.
    await drag('load_catalogue', 'load_indicators');
    await page.getByText('已新增连线 load_catalogue → load_indicators（仅依赖，可在“连线”中选择输出与输入参数）').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 10_000 }).toBe(edges + 1);
    await page.screenshot({ path: `${shots}/workflow-drag-link.png`, fullPage: true });
  }, 300_000);
});

