import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';
import { newestCode as newestCodeIn, outbox as outboxIn } from './outbox';

const ctx = setupBrowser();
const outbox = (mobile: string) => outboxIn(ctx.dataDir, mobile);
const newestCode = (mobile: string, before: number) => newestCodeIn(ctx.dataDir, mobile, before);

async function signInWithPassword(page: Page, name: string, password: string) {
  await page.getByPlaceholder('手机号/用户名').fill(name);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

describe('accounts in the browser', () => {
  it('signs in with a code from the SMS outbox', async () => {
    const { page, server } = ctx;
    const mobile = '13800000000';
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('tab', { name: '免密登录' }).click();
    await page.getByPlaceholder('手机号', { exact: true }).fill(mobile);
    const before = outbox(mobile).length;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /^\d+ 秒后重新获取$/ }).waitFor();
    const sent = await newestCode(mobile, before);
    expect(sent.action).toBe('login');
    expect(sent.code).toMatch(/^\d{6}$/);

    await page.getByPlaceholder('验证码').fill(sent.code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/list$/);
    await page.getByText('城市体检示例项目').waitFor();
  });

  it('sends the first device back to login when the account signs in on a second one', async () => {
    const { page, server, browser } = ctx;
    await page.goto(`${server.url}/#/login`);
    await signInWithPassword(page, 'demo', 'demo123456');
    await page.getByText('城市体检示例项目').waitFor();

    const second = await browser.newContext({ locale: 'zh-CN' });
    try {
      const other = await second.newPage();
      await other.goto(`${server.url}/#/login`);
      await signInWithPassword(other, 'demo', 'demo123456');
      await other.getByText('城市体检示例项目').waitFor();
    } finally {
      await second.close();
    }

    await page.reload();
    await page.getByText('该账号已在其他设备登录，请重新登录').waitFor();
    await page.waitForURL(/#\/login/);
    await page.getByRole('tab', { name: '密码登录' }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'token')).toBeUndefined();
  });

  it('returns to a deep link after signing in', async () => {
    const { page, server } = ctx;
    const route = '/main/9b3e5d71-2c4a-4f86-8e19-5a0c7d3b6e22/materialList';
    await page.goto(`${server.url}/#${route}`);
    await page.waitForURL((url) => url.hash === `#/login?redirect=${encodeURIComponent(route)}`);
    // Never signed in in this browser: nothing expired.
    expect(await page.getByText('您的登录状态失效，请重新登录').count()).toBe(0);
    await signInWithPassword(page, 'demo', 'demo123456');
    await page.waitForURL((url) => url.hash === `#${route}`);
    await page.getByRole('menuitem', { name: '报告管理' }).waitFor();
    await page.getByText('老城区街道街景').waitFor();
  });

  it('says so for a deep link to a project the user is not a member of', async () => {
    const { page, server } = ctx;
    await page.goto(`${server.url}/#/login`);
    await signInWithPassword(page, 'demo', 'demo123456');
    await page.getByText('城市体检示例项目').waitFor();
    await page.goto(`${server.url}/#/main/00000000-0000-4000-8000-000000000000/reportList`);
    await page.getByText('项目不存在或您不是该项目的成员').waitFor();
    await page.getByRole('link', { name: '返回项目列表' }).click();
    await page.waitForURL(/#\/list$/);
  });
});
