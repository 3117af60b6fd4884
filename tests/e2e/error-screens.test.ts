import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT, setupBrowser, signInAsDemo } from './browser';

const ctx = setupBrowser();
const shots = process.env.SHOTS_DIR;

describe('error screens', () => {
  it('says a report that does not exist is gone, and goes back to the report list', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/report/${DEMO_PROJECT}/reportDetail?id=999999999`);
    await page.getByText('报告不存在或已被删除').waitFor();
    expect(await page.getByText('报告信息').count()).toBe(0);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/first-use-bogus-report.png` });
    }
    await page.getByRole('button', { name: '返回报告列表' }).click();
    await page.waitForURL((url) => url.hash === `#/report/${DEMO_PROJECT}/reportList`);
    await page.getByText('报告列表页').first().waitFor();
  });

  it('shows the 403 screen with a way back to the project list', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    // A role granting nothing in the project: its answer, as the server would give it for such a role.
    await page.route('**/api/project/v1/projects/*/permission/', async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({ json: { ...answer, permissions_detail: [] } });
    });
    await page.goto(`${server.url}/#/main/${DEMO_PROJECT}/reportList`);
    await page.reload();
    await page.getByText('您暂无权限访问该接口').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/first-use-403.png` });
    await page.getByRole('button', { name: '返回项目列表' }).click();
    await page.waitForURL(/#\/list$/);
    await page.getByText('城市体检示例项目').first().waitFor();
  });
});
