import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SMS_RESEND_SECONDS } from '../../contract/accounts';
import * as authLoader from '../../src/providers/load-auth';
import { demoToken, record, server } from './msw';
import { cookie, openApp } from './render';

// The real loader, which a test can make fail once as a chunk that does not arrive.
vi.mock('../../src/providers/load-auth', async (importOriginal) => {
  const loader = await importOriginal<typeof authLoader>();
  return { ...loader, loadAuth: vi.fn(loader.loadAuth) };
});

describe('login screen', () => {
  // This file has a worker of its own (vi.mock), so the modules its tests open are transformed here
  // first: under CI's load that took longer than a test's 10 s wait (the first button; the
  // workspace and material list a sign-in with a redirect opens).
  beforeAll(() => Promise.all([import('../../src/pages/auth/login'), import('../../src/app'), import('../../src/pages/materials')]), 120_000);

  it('asks for the username and the password when both are empty', async () => {
    const { user } = openApp('#/login');
    await user.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
  });

  it('checks each field again as it changes, a blank username as empty', async () => {
    const { user } = openApp('#/login');
    await user.click(await screen.findByRole('button', { name: /登\s*录/ }));
    await user.type(screen.getByPlaceholderText('手机号/用户名'), '   ');
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('手机号/用户名'), 'demo');
    expect(screen.queryByText('请输入用户名')).not.toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('手机号/用户名')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says 接口发生错误 and lets the user try again when the sign-in code fails to load', async () => {
    vi.mocked(authLoader.loadAuth).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const { user } = openApp('#/login');
    await user.type(await screen.findByPlaceholderText('手机号/用户名'), 'demo');
    await user.type(screen.getByPlaceholderText('密码'), 'demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('接口发生错误')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
  });

  it('shows the server message for a wrong password exactly once', async () => {
    const { user } = openApp('#/login');
    await user.type(await screen.findByPlaceholderText('手机号/用户名'), 'demo');
    await user.type(screen.getByPlaceholderText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    // Let any second report of the same failure render before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('用户名或密码错误')).toHaveLength(1);
    expect(cookie('token')).toBeUndefined();
    expect(window.location.hash).toBe('#/login');
  });

  it('stores the token and opens the project list after a right password', async () => {
    const { user } = openApp('#/login');
    await user.type(await screen.findByPlaceholderText('手机号/用户名'), '13800000000');
    await user.type(screen.getByPlaceholderText('密码'), 'demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(cookie('token')).toBe(demoToken);
    expect(cookie('organization_uuid')).toBe('org-1');
    expect(window.location.hash).toBe('#/list');
  });

  it('returns to the redirect route after login', async () => {
    const { user } = openApp(`#/login?redirect=${encodeURIComponent('/main/p-1/materialList')}`);
    await user.type(await screen.findByPlaceholderText('手机号/用户名'), 'demo');
    await user.type(screen.getByPlaceholderText('密码'), 'demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('暂无素材')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/main/p-1/materialList');
  });

  it('links to the reset and register screens', async () => {
    const { user } = openApp('#/login');
    await user.click(await screen.findByRole('link', { name: '忘记密码' }));
    expect(await screen.findByRole('button', { name: /重置密码/ })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/resetcode');
    await user.click(screen.getByRole('link', { name: '返回登录' }));
    await user.click(await screen.findByRole('link', { name: '注册' }));
    expect(await screen.findByRole('button', { name: /注\s*册/ })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/register');
  });

  it('checks the phone number on the passwordless tab', async () => {
    const { user } = openApp('#/login');
    await user.click(await screen.findByRole('tab', { name: '免密登录' }));
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请填写手机号')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /登\s*录/ }).at(-1)!);
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('手机号'), '12345');
    expect(await screen.findByText('手机号码不合法')).toBeInTheDocument();
  });

  it('counts down after a code is sent and signs in with the code', async () => {
    const codes = record('/api/v1/user/sms/code/');
    const { user } = openApp('#/login');
    await user.click(await screen.findByRole('tab', { name: '免密登录' }));
    await user.type(screen.getByPlaceholderText('手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    const countdown = await screen.findByRole('button', { name: /^\d+ 秒后重新获取$/ });
    // It starts at the server's resend interval, 30; on a busy machine a tick may pass before the button is found.
    const secondsLeft = Number(countdown.textContent!.match(/\d+/)![0]);
    expect(SMS_RESEND_SECONDS).toBe(30);
    expect(secondsLeft).toBeGreaterThanOrEqual(28);
    expect(secondsLeft).toBeLessThanOrEqual(30);
    expect(countdown).toBeDisabled();
    expect(codes).toEqual([
      { body: { mobile: '13800000000', action: 'login', application: 'report' }, authorization: null },
    ]);

    await user.click(screen.getAllByRole('button', { name: /登\s*录/ }).at(-1)!);
    expect(await screen.findByText('验证码不能为空')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('验证码'), '123456');
    await user.click(screen.getAllByRole('button', { name: /登\s*录/ }).at(-1)!);
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(cookie('token')).toBe(demoToken);
    expect(window.location.hash).toBe('#/list');
  });

  it('waits 10 seconds, not 30, before another try when the code request fails', async () => {
    server.use(http.post('*/api/v1/user/sms/code/', () => HttpResponse.json({ code: 42900, message: '发送过于频繁，请稍后再试' }, { status: 429 })));
    const { user } = openApp('#/login');
    await user.click(await screen.findByRole('tab', { name: '免密登录' }));
    await user.type(screen.getByPlaceholderText('手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('发送过于频繁，请稍后再试')).toBeInTheDocument();
    const countdown = await screen.findByRole('button', { name: /^\d+ 秒后重新获取$/ });
    const secondsLeft = Number(countdown.textContent!.match(/\d+/)![0]);
    expect(secondsLeft).toBeGreaterThanOrEqual(8);
    expect(secondsLeft).toBeLessThanOrEqual(10);
    expect(countdown).toBeDisabled();
  });

  it('counts down the seconds the server names when it refuses a code sent too soon', async () => {
    server.use(
      http.post('*/api/v1/user/sms/code/', () =>
        HttpResponse.json({ code: 42900, message: '验证码发送过于频繁，请 25 秒后再获取' }, { status: 429, headers: { 'Retry-After': '25' } }),
      ),
    );
    const { user } = openApp('#/login');
    await user.click(await screen.findByRole('tab', { name: '免密登录' }));
    await user.type(screen.getByPlaceholderText('手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送过于频繁，请 25 秒后再获取')).toBeInTheDocument();
    const countdown = await screen.findByRole('button', { name: /^\d+ 秒后重新获取$/ });
    const secondsLeft = Number(countdown.textContent!.match(/\d+/)![0]);
    expect(secondsLeft).toBeGreaterThanOrEqual(22);
    expect(secondsLeft).toBeLessThanOrEqual(25);
    expect(screen.queryByText('验证码已发送')).not.toBeInTheDocument();
  });
});
