import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';
import { newestCode, outbox } from './outbox';

const ctx = setupBrowser();

// startServer stops waiting after 60 s; on a busy machine the server may still be seeding then.
beforeAll(async () => {
  const deadline = Date.now() + 180_000;
  while (!(await fetch(`${ctx.server.url}/api/healthy/check/`).then((answer) => answer.ok, () => false))) {
    if (Date.now() > deadline) throw new Error(`the server did not start: ${ctx.server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 200_000);
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/own-org-${name}.png` });
};

/** Someone new registers by phone with the code from the SMS outbox, then signs in. */
async function registerAndSignIn(page: Page, mobile: string, username: string, password: string) {
  await page.goto(`${ctx.server.url}/#/register`);
  await page.getByPlaceholder('手机号', { exact: true }).fill(mobile);
  const before = outbox(ctx.dataDir, mobile).length;
  await page.getByRole('button', { name: '获取验证码' }).click();
  const sent = await newestCode(ctx.dataDir, mobile, before);
  await page.getByPlaceholder('验证码').fill(sent.code);
  await page.getByPlaceholder('用户名（选填）').fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.waitForURL(/#\/login/);
  await page.getByPlaceholder('手机号/用户名').fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/list$/);
}

describe('a first customer of their own', () => {
  it('registers, creates an organization from the empty project list, then its first project, which opens', async () => {
    const { page } = ctx;
    await registerAndSignIn(page, '13900000077', 'first_customer', 'first12345');
    const empty = page.locator('.ant-empty', { hasText: '您还没有加入任何企业' });
    await empty.waitFor();
    await shot(page, 'empty');

    await empty.getByRole('button', { name: /创建组织/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '组织名称' });
    await dialog.getByPlaceholder('请输入组织名称，如公司或团队的名称').fill('绿城规划设计院');
    await shot(page, 'dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已创建组织「绿城规划设计院」').waitFor();

    // The new-project dialog is offered at once, in the new organization.
    const projectDialog = page.locator('.ant-modal', { hasText: '封面颜色' });
    await projectDialog.getByPlaceholder('请输入项目名称').fill('第一个项目');
    await shot(page, 'new-project');
    await projectDialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/#\/main\/[0-9a-f-]{36}\/reportList/);
    await page.getByText('暂无报告').waitFor();
    expect(await page.locator('.app-header').innerText()).toContain('第一个项目');

    await page.goto(`${ctx.server.url}/#/list`);
    await page.getByText('第一个项目', { exact: true }).waitFor();
    expect(await page.getByText('示例企业').count()).toBe(0);
  });
});
