import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';
import { newestCode, outbox } from './outbox';

const ctx = setupBrowser();
const projectId = '9b3e5d71-2c4a-4f86-8e19-5a0c7d3b6e22';

async function signIn(page: Page, name: string, password: string) {
  await page.getByPlaceholder('手机号/用户名').fill(name);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** The administrator opens 项目成员 through the header menu and creates an invitation link. */
async function createInviteLink(page: Page): Promise<string> {
  await page.goto(`${ctx.server.url}/#/login`);
  await signIn(page, 'demo', 'demo123456');
  await page.getByText('城市体检示例项目').click();
  await page.getByRole('menuitem', { name: '标签管理' }).waitFor();
  await page.locator('.app-header__user').hover();
  await page.getByRole('link', { name: '项目管理后台' }).click();
  await page.getByRole('menuitem', { name: '项目成员' }).click();
  await page.getByRole('cell', { name: 'demo', exact: true }).waitFor();
  await page.getByRole('button', { name: '邀请链接' }).click();
  await page.getByLabel('有效天数').fill('3');
  await page.getByRole('button', { name: '生成链接' }).click();
  const link = await page.getByRole('textbox', { name: '邀请链接' }).inputValue();
  expect(link).toMatch(new RegExp(`^${ctx.server.url}/#/list\\?protoken=[\\w-]+$`));
  return link;
}

/** Someone new registers by phone, with the code from the SMS outbox. */
async function register(page: Page, mobile: string, username: string, password: string) {
  await page.goto(`${ctx.server.url}/#/register`);
  await page.getByPlaceholder('手机号', { exact: true }).fill(mobile);
  const before = outbox(ctx.dataDir, mobile).length;
  await page.getByRole('button', { name: '获取验证码' }).click();
  const sent = await newestCode(ctx.dataDir, mobile, before);
  expect(sent.action).toBe('login');
  await page.getByPlaceholder('验证码').fill(sent.code);
  await page.getByPlaceholder('用户名（选填）').fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.getByText('注册成功，请登录').waitFor();
  await page.waitForURL(/#\/login/);
}

describe('projects in the browser', () => {
  it('lets a new user join by invitation link and see the project as a 访客', async () => {
    const { page, browser, server } = ctx;
    const link = await createInviteLink(page);

    const second = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    try {
      const other = await second.newPage();
      await register(other, '13900000001', 'visitor_e2e', 'visit12345');
      await signIn(other, 'visitor_e2e', 'visit12345');
      await other.waitForURL(/#\/list$/);
      await other.getByText('您还没有加入任何企业').waitFor();

      await other.goto(link);
      await other.getByText('成功加入项目').waitFor();
      await other.waitForURL((url) => url.hash === `#/main/${projectId}/reportList`);
      await other.locator('.app-header__project', { hasText: '城市体检示例项目' }).waitFor();
      await other.getByRole('menuitem', { name: '报告管理' }).waitFor();

      await other.goto(`${server.url}/#/list`);
      await other.getByText('城市体检示例项目').waitFor();

      // A 访客 may view the settings but change nothing, and 高级管理 is not offered.
      await other.goto(`${server.url}/#/projectSetting/${projectId}/projectInfo`);
      await other.getByLabel('项目名称').waitFor();
      expect(await other.getByLabel('项目名称').isDisabled()).toBe(true);
      expect(await other.getByRole('button', { name: /保\s*存/ }).count()).toBe(0);
      expect(await other.getByRole('menuitem', { name: '高级管理' }).count()).toBe(0);

      await other.getByRole('menuitem', { name: '项目成员' }).click();
      await other.getByRole('cell', { name: 'visitor_e2e' }).first().waitFor();
      const visitorRow = other.getByRole('row', { name: /visitor_e2e/ });
      expect(await visitorRow.getByRole('cell', { name: '访客' }).count()).toBe(1);
      for (const name of [/新\s*增/, '邀请成员', '邀请链接', '批量删除', '编辑', '删除']) {
        expect(await other.getByRole('button', { name }).count()).toBe(0);
      }

      await other.getByRole('menuitem', { name: '项目角色' }).click();
      await other.getByRole('button', { name: '查看权限' }).first().waitFor();
      for (const name of [/新\s*增/, '批量删除', '编辑', '删除', '设为默认', '权限设置']) {
        expect(await other.getByRole('button', { name }).count()).toBe(0);
      }
    } finally {
      await second.close();
    }

    // The administrator sees the new member.
    await page.reload();
    await page.getByRole('cell', { name: 'visitor_e2e' }).first().waitFor();
  });

  it('creates a project from the project list and opens it', async () => {
    const { page } = ctx;
    await page.goto(`${ctx.server.url}/#/login`);
    await signIn(page, 'demo', 'demo123456');
    await page.getByText('城市体检示例项目').waitFor();
    await page.getByRole('button', { name: /新建项目/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '封面颜色' });
    await dialog.getByPlaceholder('请输入项目名称').fill('新城区体检');
    await dialog.getByPlaceholder('请输入项目描述').fill('2026 年新城区城市体检');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/new-project.png` });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/#\/main\/[0-9a-f-]{36}\/reportList/);
    await page.getByText('暂无报告').waitFor();
    expect(await page.locator('.app-header').innerText()).toContain('新城区体检');
    await page.goto(`${ctx.server.url}/#/list`);
    await page.getByText('新城区体检', { exact: true }).waitFor();
  });
});
