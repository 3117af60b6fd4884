import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Workflow, WorkflowTask } from '../../contract/workflows';
import { apiAs, confirmDialog, DEMO_PROJECT, pickOption, setupBrowser, signInAsDemo } from './browser';

const ctx = setupBrowser();
const shots = '/tmp/shots';
const base = `/api/airflow/projects/${DEMO_PROJECT}/workflows/`;

beforeAll(() => mkdirSync(shots, { recursive: true }));

/** What the canvas shows: the tasks drawn, those not wholly inside it, and how far the drawing is off its centre. */
const view = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('.dag-graph .react-flow')!.getBoundingClientRect();
    const nodes = [...document.querySelectorAll<HTMLElement>('[data-testid=dag-node]')].map((node) => ({ name: node.dataset.task!, box: node.getBoundingClientRect() }));
    const outside = nodes.filter(({ box }) => box.left < canvas.left - 1 || box.top < canvas.top - 1 || box.right > canvas.right + 1 || box.bottom > canvas.bottom + 1);
    const left = Math.min(...nodes.map(({ box }) => box.left));
    const right = Math.max(...nodes.map(({ box }) => box.right));
    const top = Math.min(...nodes.map(({ box }) => box.top));
    const bottom = Math.max(...nodes.map(({ box }) => box.bottom));
    return {
      names: nodes.map(({ name }) => name).sort(),
      outside: outside.map(({ name }) => name),
      offCentre: Math.round(Math.max(Math.abs(left - canvas.left - (canvas.right - right)), Math.abs(top - canvas.top - (canvas.bottom - bottom)))),
    };
  });

/** Waits until the canvas draws exactly `names`, every one inside it, the drawing centred. */
async function expectFitted(page: Page, names: string[]) {
  await expect.poll(async () => (await view(page)).names, { timeout: 10_000 }).toEqual([...names].sort());
  await expect.poll(async () => (await view(page)).outside, { timeout: 5_000 }).toEqual([]);
  await expect.poll(async () => (await view(page)).offCentre, { timeout: 5_000 }).toBeLessThanOrEqual(4);
}

/** Adds a task through the 任务 tab's form (a 成果生成 task: no script to choose). */
async function addTask(page: Page, name: string) {
  await page.getByRole('tab', { name: '任务' }).click();
  await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '新增任务' });
  await dialog.getByLabel('任务名称').fill(name);
  await pickOption(page, dialog.locator('.ant-form-item', { hasText: '运算符' }).locator('.ant-select'), '成果生成');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('新增任务成功').last().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('工作流 DAG fitted to its canvas', () => {
  it('keeps every task in view after adding and deleting tasks, a resize, the task panel and another run', async () => {
    const { page, server } = ctx;
    const api = await apiAs(server.url);
    // Two runnable tasks in a chain, copied from the demo workflow's first query, and published so it can run.
    const demo = (await api.get<{ results: Workflow[] }>(base)).results[0];
    const demoTasks = await api.get<{ results: WorkflowTask[] }>(`${base}${demo.id}/tasks/`);
    const query = demoTasks.results.find((task) => task.operator === 'QueryOperator')!;
    const workflow = await api.post<Workflow>(base, { name: `视图适配-${Date.now()}`, schedule: '' });
    const tasks = `${base}${workflow.id}/tasks/`;
    const first = await api.post<WorkflowTask>(tasks, { name: 'load_a', operator: 'QueryOperator', params: { ...query.params, limit: 5 } });
    const second = await api.post<WorkflowTask>(tasks, { name: 'load_b', operator: 'QueryOperator', params: { ...query.params, limit: 5 } });
    await api.post(`${base}${workflow.id}/links/`, { source_task: first.id, target_task: second.id, source_param: '', target_param: '' });
    await api.post(`${base}${workflow.id}/update_airflow_dag/`, null);
    await api.post(`${base}${workflow.id}/dag_runs/`, { note: '第一次' });
    await api.post(`${base}${workflow.id}/dag_runs/`, { note: '第二次' });

    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/workflows/${workflow.id}`);
    await page.getByRole('heading', { name: workflow.name }).waitFor();
    const names = ['load_a', 'load_b'];
    await expectFitted(page, names);

    // Switching runs colours the same tasks: they stay where they were, in view.
    await page.getByRole('tab', { name: '运行记录' }).click();
    // The run rows (with their radio), not the task instances listed under them.
    const runs = page.locator('.ant-tabs-tabpane-active tbody tr.ant-table-row:has(.ant-radio-input)');
    await expect.poll(() => runs.count(), { timeout: 10_000 }).toBe(2);
    const shown = page.locator('.workflow-page__run');
    for (const row of [1, 0]) {
      await runs.nth(row).locator('.ant-radio-input').check();
      await expect.poll(() => shown.getAttribute('data-run-id')).toBe((await runs.nth(row).locator('td').nth(1).innerText()).trim());
      await expectFitted(page, names);
    }

    // Tasks added one by one, stacked under the first rank until the graph is taller than the canvas at full zoom.
    await page.locator('.dag-graph').screenshot({ path: `${shots}/refit-before.png` });
    for (const name of ['extra_1', 'extra_2', 'extra_3', 'extra_4']) {
      await addTask(page, name);
      names.push(name);
      await expectFitted(page, names);
    }
    await page.locator('.dag-graph').screenshot({ path: `${shots}/refit-after-add.png` });

    // Deleting a task re-centres what is left.
    const row = page.locator('.ant-tabs-tabpane-active').getByRole('row', { name: /extra_4/ });
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await confirmDialog(page, '此操作将永久删除1条数据');
    await page.getByText('删除成功').last().waitFor();
    names.pop();
    await expectFitted(page, names);
    await page.locator('.dag-graph').screenshot({ path: `${shots}/refit-after-delete.png` });

    // A narrower, then a taller window.
    await page.setViewportSize({ width: 900, height: 800 });
    await expectFitted(page, names);
    await page.locator('.dag-graph').screenshot({ path: `${shots}/refit-narrow.png` });
    await page.setViewportSize({ width: 1366, height: 1100 });
    await expectFitted(page, names);
    await page.setViewportSize({ width: 1366, height: 800 });
    await expectFitted(page, names);

    // The task panel opens under the graph.
    await page.locator('[data-testid=dag-node][data-task=load_b]').click();
    await page.getByTestId('task-details').getByText('任务：load_b').waitFor();
    await expectFitted(page, names);
    await page.locator('.dag-graph').screenshot({ path: `${shots}/refit-panel.png` });
  }, 180_000);

  it('keeps a view the user zoomed on a resize or a deletion, and fits again once a task is added', async () => {
    const { page, server } = ctx;
    const api = await apiAs(server.url);
    const workflow = await api.post<Workflow>(base, { name: `自行缩放-${Date.now()}`, schedule: '' });
    for (const name of ['step_a', 'step_b', 'step_c']) await api.post(`${base}${workflow.id}/tasks/`, { name, operator: 'ReportOperator' });

    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/workflows/${workflow.id}`);
    await page.getByRole('heading', { name: workflow.name }).waitFor();
    const names = ['step_a', 'step_b', 'step_c'];
    await expectFitted(page, names);

    const transform = () => page.locator('.react-flow__viewport').evaluate((viewport) => (viewport as HTMLElement).style.transform);
    const zoomIn = page.locator('.react-flow__controls-zoomin');
    for (let click = 0; click < 3; click += 1) await zoomIn.click();
    await expect.poll(async () => (await view(page)).outside.length).toBeGreaterThan(0);
    const zoomed = await transform();

    await page.setViewportSize({ width: 1200, height: 800 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(1200);
    // Let a refit (there should be none) land before the view is read.
    await page.waitForTimeout(500);
    expect(await transform()).toBe(zoomed);

    const row = page.locator('.ant-tabs-tabpane-active').getByRole('row', { name: /step_c/ });
    await row.getByRole('button', { name: /删\s*除/ }).click();
    await confirmDialog(page, '此操作将永久删除1条数据');
    await page.getByText('删除成功').last().waitFor();
    names.pop();
    await expect.poll(async () => (await view(page)).names).toEqual(names);
    await page.waitForTimeout(500);
    expect(await transform()).toBe(zoomed);

    await addTask(page, 'step_d');
    await expectFitted(page, [...names, 'step_d']);
  }, 120_000);
});
