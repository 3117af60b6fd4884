import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, apiAs, confirmDialog, setupBrowser, signInAsDemo } from './browser';
import { onePagePdf, REPORT_COVER } from './files';

const ctx = setupBrowser();
const REPORTS = `/studio/report/api/report/projects/${DEMO_PROJECT}`;
const NAME = '回收站浏览器测试报告';
const GROUP = '回收站浏览器测试分组';
const BINNED_GROUP = '回收站浏览器删除的分组';
const IN_BINNED_GROUP = '回收站浏览器分组内报告';

beforeAll(async () => {
  const api = await apiAs(ctx.server.url);
  const group = await api.post<{ data: { id: number } }>(`${REPORTS}/report_group/group_create/`, { name: GROUP });
  const file = await api.upload('report', `${NAME}.pdf`, await onePagePdf('recycle bin'), 'application/pdf');
  await api.post(`${REPORTS}/report/report_create/`, { name: NAME, create_user: 'demo', cover: REPORT_COVER, file, group_id: group.data.id });
  const binned = await api.post<{ data: { id: number } }>(`${REPORTS}/report_group/group_create/`, { name: BINNED_GROUP });
  await api.post(`${REPORTS}/report/report_create/`, { name: IN_BINNED_GROUP, create_user: 'demo', cover: REPORT_COVER, file, group_id: binned.data.id });
});

const cardOf = (name: string) => ctx.page.locator('.library-card', { hasText: name });

async function openMarkedReport() {
  const { page, server } = ctx;
  await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList`);
  await page.getByLabel('搜索', { exact: true }).click();
  await page.getByPlaceholder('请输入报告名称').fill(NAME);
  await page.getByPlaceholder('请输入报告名称').press('Enter');
}

describe('回收站（浏览器）', () => {
  it('deletes a report to the recycle bin and restores it into its group', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await openMarkedReport();
    await cardOf(NAME).waitFor();
    await page.getByRole('button', { name: '批量操作' }).click();
    const bar = page.getByRole('toolbar', { name: '批量操作' });
    await page.getByLabel(`勾选 ${NAME}`).check();
    await bar.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '此操作将把1条数据报告移入回收站（保留 30 天，期间可在回收站还原），是否继续操作?');
    await page.getByText('批量删除成功!').waitFor();
    await cardOf(NAME).waitFor({ state: 'detached' });

    await page.getByRole('menuitem', { name: '回收站' }).click();
    const row = page.locator('tr', { hasText: NAME });
    await row.waitFor();
    for (const text of [GROUP, '30 天']) expect(await row.getByText(text).count()).toBe(1);
    await row.getByRole('button', { name: '还原' }).click();
    await confirmDialog(page, `确定还原「${NAME}」吗？`);
    await page.getByText('已还原 1 项').waitFor();
    await row.waitFor({ state: 'detached' });

    // Back in the list, in its own group.
    await page.getByRole('menuitem', { name: '报告管理' }).click();
    await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList?name=${encodeURIComponent(NAME)}`);
    await cardOf(NAME).waitFor();
    await page.getByRole('navigation', { name: '分组' }).locator('button', { hasText: GROUP }).click();
    await cardOf(NAME).waitFor();
  });

  it('deletes a group to the recycle bin, its report staying 未分组, and restores the group with the report', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList?name=${encodeURIComponent(IN_BINNED_GROUP)}`);
    const groups = page.getByRole('navigation', { name: '分组' });
    // The screen keeps the group chosen before (the last test's).
    await groups.locator('button', { hasText: '全部内容' }).click();
    await cardOf(IN_BINNED_GROUP).waitFor();
    await groups.getByLabel('管理分组').click();
    await groups.getByLabel(`选择分组 ${BINNED_GROUP}`).check();
    await groups.locator('.group-manager__actions').getByRole('button', { name: /删\s*除/ }).click();
    await confirmDialog(page, '此操作将把1个分组移入回收站（期间可在回收站还原），分组中的报告将移出分组，是否继续操作?');
    await page.getByText('批量删除成功!').waitFor();
    await groups.getByRole('button', { name: /完\s*成/ }).click();
    await groups.locator('button', { hasText: BINNED_GROUP }).waitFor({ state: 'detached' });
    await cardOf(IN_BINNED_GROUP).waitFor();

    await page.getByRole('menuitem', { name: '回收站' }).click();
    await page.getByRole('tab', { name: '报告分组' }).click();
    const row = page.locator('tr', { hasText: BINNED_GROUP });
    await row.waitFor();
    for (const text of ['包含 1 项', '30 天']) expect(await row.getByText(text).count()).toBe(1);
    await row.getByRole('button', { name: '还原' }).click();
    await confirmDialog(page, `确定还原分组「${BINNED_GROUP}」吗？`);
    await page.getByText(`已还原分组「${BINNED_GROUP}」，移回其中 1 项`).waitFor();
    await row.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList?name=${encodeURIComponent(IN_BINNED_GROUP)}`);
    await cardOf(IN_BINNED_GROUP).waitFor();
    await page.getByRole('navigation', { name: '分组' }).locator('button', { hasText: BINNED_GROUP }).click();
    await cardOf(IN_BINNED_GROUP).waitFor();
  });
});
