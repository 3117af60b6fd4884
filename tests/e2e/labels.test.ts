import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT, setupBrowser, signInAsDemo } from './browser';
import { readSheetRows, tempFolder, writeSheetRows } from './files';

const ctx = setupBrowser();
const files = tempFolder('labels-e2e-');

async function openTags(page: Page) {
  await signInAsDemo(page, ctx.server.url);
  await page.goto(`${ctx.server.url}/#/main/${DEMO_PROJECT}/tags`);
  await page.getByPlaceholder('请输入标签名称搜索').waitFor();
}

/** A report-service call made by the signed-in page, with its token. */
async function call<T>(page: Page, method: string, rest: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ url, method, body }) => {
      const token = document.cookie.split('; ').find((part) => part.startsWith('token='))!.slice(6);
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Token ${decodeURIComponent(token)}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { url: `/studio/report/api/report/projects/${DEMO_PROJECT}/${rest}`, method, body },
  ) as Promise<T>;
}

const ok = (page: Page) => page.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定/ });
const groupRow = (page: Page, name: string) => page.locator('.ant-list-item', { hasText: name });

async function addLabel(page: Page, name: string, group: string) {
  await page.getByRole('button', { name: '新增标签' }).click();
  await page.getByPlaceholder('请输入标签名称', { exact: true }).fill(name);
  await page.locator('.ant-modal:visible .ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: group }).click();
  await ok(page).click();
  // The previous label's message may still be showing (each save shows its own).
  await page.getByText('新增标签成功').first().waitFor();
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

describe('label spreadsheet in the browser', () => {
  it('exports the labels, takes back an edited sheet through the preview, and shows the change', async () => {
    const { page } = ctx;
    await openTags(page);

    await page.getByRole('button', { name: '新增分组' }).click();
    await page.locator('.ant-modal:visible').getByPlaceholder('请输入分组名称').fill('表格分组');
    await ok(page).click();
    await page.getByText('新增标签分组成功').waitFor();
    await groupRow(page, '表格分组').click();
    await addLabel(page, '表格标签甲', '表格分组');
    await addLabel(page, '表格标签乙', '表格分组');

    // The report list's filter panel is not built yet: the filter group is made through the API.
    const made = await call<{ results: { id: number; name: string }[] }>(page, 'GET', 'label/?name=表格标签');
    await call(page, 'POST', 'filter_label_setting/', { name: '表格筛选组', origin: '报告', tags: made.results.map((l) => l.id) });

    await page.getByRole('button', { name: '编辑模式' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '批量导出' }).click()]);
    expect(download.suggestedFilename()).toBe('标签导出.xlsx');
    const exported = path.join(files, 'exported.xlsx');
    await download.saveAs(exported);

    const rows = readSheetRows(exported);
    expect(rows).toEqual([
      ['序号', '标签名称', '标签类别', '实体'],
      [1, '表格标签甲', '表格分组', '报告'],
      [2, '表格标签乙', '表格分组', '报告'],
    ]);
    rows[2][1] = '表格标签丙';
    const upload = writeSheetRows(path.join(files, '标签导出.xlsx'), rows);

    await page.getByRole('button', { name: '批量导入' }).click();
    await page.locator('.ant-modal:visible input[type=file]').setInputFiles(upload);
    const preview = page.locator('.ant-modal:visible', { hasText: '导入预览' });
    await preview.getByText('共 2 行：新增 1 个，变更 0 个，不变 1 个，无法导入 0 个').waitFor();
    await expect(preview.locator('tr', { hasText: '表格标签甲' }).getByText('不变').count()).resolves.toBe(1);
    await expect(preview.locator('tr', { hasText: '表格标签丙' }).getByText('新增').count()).resolves.toBe(1);
    if (process.env.LABELS_SCREENSHOT) await preview.locator('.ant-modal-content').screenshot({ path: process.env.LABELS_SCREENSHOT });

    await preview.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('导入成功').waitFor();
    await page.getByText('导入预览').waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '表格标签丙', exact: true }).waitFor();
    await expect(page.getByRole('cell', { name: '表格标签甲', exact: true }).count()).resolves.toBe(1);

    const filters = await call<{ results: { name: string; labels: { name: string }[] }[] }>(page, 'GET', 'filter_label_setting/?origin=报告');
    const kept = filters.results.find((filter) => filter.name === '表格筛选组');
    expect(kept?.labels.map((l) => l.name).sort()).toEqual(['表格标签乙', '表格标签甲']);
  });

  it('sorts label groups by dragging the handle, and the order is kept', async () => {
    const { page } = ctx;
    await openTags(page);
    await page.getByRole('button', { name: '管理分组' }).click();
    const handles = page.getByRole('button', { name: /^拖动排序：/ });
    const before = await handles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')!.slice(5)));
    expect(before.length).toBeGreaterThan(2);

    // Drag the first group's row onto the second's place: its centre moves to the second row's centre.
    const handle = (await handles.nth(0).boundingBox())!;
    const first = (await groupRow(page, before[0]).boundingBox())!;
    const second = (await groupRow(page, before[1]).boundingBox())!;
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    const distance = second.y + second.height / 2 - (first.y + first.height / 2);
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(x, y + (distance * step) / 10);
    await page.mouse.up();
    await page.getByText('排序成功').waitFor();

    const expected = [before[1], before[0], ...before.slice(2)];
    await page.reload();
    await page.getByRole('button', { name: '管理分组' }).click();
    await handles.first().waitFor();
    expect(await handles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')!.slice(5)))).toEqual(expected);
  });
});
