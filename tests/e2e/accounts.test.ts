import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

const ctx = setupBrowser();

interface OutboxLine {
  time: string;
  mobile: string;
  action: string;
  code: string;
}

/** The codes the server has "sent" to `mobile`, oldest first, from `<DATA_DIR>/sms-outbox.log`. */
function outbox(mobile: string): OutboxLine[] {
  const file = path.join(ctx.dataDir, 'sms-outbox.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((line) => line.mobile === mobile);
}

/** Waits for a code newer than the `before` ones and answers it. */
async function newestCode(mobile: string, before: number): Promise<OutboxLine> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = outbox(mobile);
    if (lines.length > before) return lines[lines.length - 1];
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
    const route = `/main/${randomUUID()}/reportList`;
    await page.goto(`${server.url}/#${route}`);
    await page.getByText('您的登录状态失效，请重新登录').waitFor();
    await page.waitForURL((url) => url.hash === `#/login?redirect=${encodeURIComponent(route)}`);
    await signInWithPassword(page, 'demo', 'demo123456');
    await page.waitForURL((url) => url.hash === `#${route}`);
    await page.getByRole('menuitem', { name: '报告管理' }).waitFor();
  });
});
