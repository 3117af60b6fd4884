import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

const ctx = setupBrowser();

async function signIn(name: string, password: string) {
  const { page, server } = ctx;
  await page.goto(`${server.url}/`);
  await page.getByPlaceholder('手机号/用户名').fill(name);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

describe('signing in', () => {
  it('opens on the login screen with both tabs', async () => {
    const { page, server } = ctx;
    await page.goto(`${server.url}/`);
    await page.waitForURL(/#\/login/);
    await page.getByRole('tab', { name: '密码登录' }).waitFor();
    await page.getByRole('tab', { name: '免密登录' }).click();
    await page.getByRole('button', { name: '获取验证码' }).waitFor();
    expect(await page.getByPlaceholder('验证码').count()).toBe(1);
  });

  it('shows the server message for a wrong password and stays on the login screen', async () => {
    await signIn('demo', 'wrong-password');
    const message = ctx.page.getByText('用户名或密码错误');
    await message.waitFor();
    expect(await message.count()).toBe(1);
    expect(ctx.page.url()).toContain('#/login');
  });

  it('lands on the project list, and a reload keeps the session', async () => {
    const { page } = ctx;
    await signIn('13800000000', 'demo123456');
    await page.waitForURL(/#\/list/);
    await page.getByText('城市体检示例项目').waitFor();
    await page.reload();
    await page.getByText('城市体检示例项目').waitFor();
    expect(page.url()).toContain('#/list');
    await page.getByText('城市体检示例项目').click();
    await page.waitForURL(/#\/main\/[0-9a-f-]{36}\/reportList/);
  });
});
