import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, apiAs, pickOption, setupBrowser, signInAsDemo } from './browser';
import { addPdfReport } from './files';

const ctx = setupBrowser();
const REPORTS = `/studio/report/api/report/projects/${DEMO_PROJECT}`;
const OLD_NAME = '操作记录测试报告';
const NEW_NAME = '操作记录测试报告（改名）';
const GROUP = '操作记录测试分组';
let reportId: number;

beforeAll(async () => {
  const api = await apiAs(ctx.server.url);
  reportId = (await addPdfReport(api, { name: OLD_NAME, text: 'activity', labels: [] })).id;
  const group = await api.post<{ data: { id: number } }>(`${REPORTS}/report_group/group_create/`, { name: GROUP });
  const put = async (path: string, body: unknown) => {
    const response = await fetch(`${ctx.server.url}${REPORTS}/${path}`, {
      method: 'PUT',
      headers: { Authorization: `Token ${api.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  await put('report/report_edit/', { id: reportId, name: NEW_NAME });
  await put('report/batch_remove_edit/', { ids: [reportId], group_id: group.data.id });
});

describe('操作记录（浏览器）', () => {
  it('shows a rename and a move under 类型 报告, and the report’s own 历史 in its detail', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/activity`);
    const card = page.locator('.activity-card');
    await pickOption(page, card.locator('.ant-select', { has: page.getByRole('combobox', { name: '类型' }) }), '报告');
    // The unfiltered page shows until the filtered one arrives: the group's own row goes then.
    await expect.poll(() => card.locator('tbody tr', { hasText: '报告分组：' }).count()).toBe(0);
    const renamed = card.locator('tr', { hasText: `名称：${OLD_NAME} → ${NEW_NAME}` });
    await renamed.waitFor();
    expect(await renamed.textContent()).toContain('修改');
    expect(await card.locator('tr', { hasText: `分组：未分组 → ${GROUP}` }).count()).toBe(1);

    await page.goto(`${server.url}/#/report/${DEMO_PROJECT}/reportDetail?id=${reportId}`);
    const history = page.getByRole('region', { name: '历史' });
    await history.locator('tr', { hasText: `名称：${OLD_NAME} → ${NEW_NAME}` }).waitFor();
    expect(await history.locator('tr', { hasText: `分组：未分组 → ${GROUP}` }).count()).toBe(1);
    expect(await history.locator('tr', { hasText: '创建' }).count()).toBe(1);
  });
});
