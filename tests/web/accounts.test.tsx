import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { record, server } from './msw';
import { fill, openApp } from './render';

const submit = (name: RegExp) => screen.getByRole('button', { name });

describe('register screen', () => {
  it('checks every field as the login screen does, and the password rule', async () => {
    const { user } = openApp('#/register');
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请填写手机号')).toBeInTheDocument();

    await user.click(submit(/注\s*册/));
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    expect(await screen.findByText('验证码不能为空')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.queryByText('请输入用户名')).not.toBeInTheDocument();

    await fill(user, '手机号', '2380000000');
    expect(await screen.findByText('手机号码不合法')).toBeInTheDocument();

    await fill(user, '密码', 'abc');
    expect(await screen.findByText('密码长度为 8 到 64 位')).toBeInTheDocument();
    expect(screen.queryByText('密码不能全为数字')).not.toBeInTheDocument();
    await fill(user, '密码', '123456789');
    expect(await screen.findByText('密码不能全为数字')).toBeInTheDocument();
    await fill(user, '密码', 'a'.repeat(65));
    await waitFor(() => expect(screen.queryByText('密码不能全为数字')).not.toBeInTheDocument());
    expect(screen.getByText('密码长度为 8 到 64 位')).toBeInTheDocument();
  });

  it('requests the code with action login, registers and goes to login', async () => {
    const codes = record('/api/v1/user/sms/code/');
    const registered = record('/api/v1/user/account/register/');
    const { user } = openApp('#/register');
    await fill(user, '手机号', '13900000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '30 秒后重新获取' })).toBeDisabled();
    expect(codes).toEqual([
      { body: { mobile: '13900000000', action: 'login', application: 'report' }, authorization: null },
    ]);

    await fill(user, '验证码', '123456');
    await fill(user, '用户名（选填）', 'newuser');
    await fill(user, '密码', 'secret123');
    await user.click(submit(/注\s*册/));
    expect(await screen.findByText('注册成功，请登录')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
    expect(registered.map((r) => r.body)).toEqual([
      { mobile: '13900000000', code: '123456', password: 'secret123', username: 'newuser' },
    ]);
  });

  it('leaves the username out when it is blank', async () => {
    const registered = record('/api/v1/user/account/register/');
    const { user } = openApp('#/register');
    await fill(user, '手机号', '13900000001');
    await fill(user, '验证码', '123456');
    await fill(user, '密码', 'secret123');
    await user.click(submit(/注\s*册/));
    expect(await screen.findByText('注册成功，请登录')).toBeInTheDocument();
    expect(registered.map((r) => r.body)).toEqual([{ mobile: '13900000001', code: '123456', password: 'secret123' }]);
  });

  it('shows the field message of a 400 once and stays on the screen', async () => {
    const { user } = openApp('#/register');
    await fill(user, '手机号', '13800000000');
    await fill(user, '验证码', '123456');
    await fill(user, '密码', 'secret123');
    await user.click(submit(/注\s*册/));
    expect(await screen.findByText('该手机号已注册')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('该手机号已注册')).toHaveLength(1);
    expect(window.location.hash).toBe('#/register');
  });

  it('shows why no code was sent and waits 10 seconds, not 30, before another try', async () => {
    server.use(
      http.post('*/api/v1/user/sms/code/', () =>
        HttpResponse.json({ code: 42900, message: '请 30 秒后再获取验证码' }, { status: 429 }),
      ),
    );
    const { user } = openApp('#/register');
    await fill(user, '手机号', '13900000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请 30 秒后再获取验证码')).toBeInTheDocument();
    const countdown = await screen.findByRole('button', { name: /^\d+ 秒后重新获取$/ });
    expect(Number(countdown.textContent!.match(/\d+/)![0])).toBeLessThanOrEqual(10);
    expect(countdown).toBeDisabled();
  });
});

describe('reset screen', () => {
  it('checks the phone, the code, the password rule and the confirmation', async () => {
    const { user } = openApp('#/resetcode');
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请填写手机号')).toBeInTheDocument();

    await user.click(submit(/重置密码/));
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    expect(await screen.findByText('验证码不能为空')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请再次输入密码')).toBeInTheDocument();

    await fill(user, '手机号', '1380000000');
    expect(await screen.findByText('手机号码不合法')).toBeInTheDocument();
    await fill(user, '新密码', '1234');
    expect(await screen.findByText('密码长度为 8 到 64 位')).toBeInTheDocument();
    expect(screen.getByText('密码不能全为数字')).toBeInTheDocument();
    await fill(user, '确认密码', '12345');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
  });

  it('requests the code with action reset, resets and goes to login', async () => {
    const codes = record('/api/v1/user/sms/code/');
    const resets = record('/api/v1/user/sms/reset/');
    document.cookie = 'token=left-over; path=/';
    const { user } = openApp('#/resetcode');
    await fill(user, '手机号', '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '30 秒后重新获取' });
    expect(codes).toEqual([
      { body: { mobile: '13800000000', action: 'reset', application: 'report' }, authorization: null },
    ]);

    await fill(user, '验证码', '123456');
    await fill(user, '新密码', 'newpass123');
    await fill(user, '确认密码', 'newpass123');
    await user.click(submit(/重置密码/));
    expect(await screen.findByText('密码已重置，请登录')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(resets).toEqual([
      { body: { mobile: '13800000000', code: '123456', password: 'newpass123' }, authorization: null },
    ]);
  });

  it('shows the server message for a wrong code', async () => {
    const { user } = openApp('#/resetcode');
    await fill(user, '手机号', '13800000000');
    await fill(user, '验证码', '000000');
    await fill(user, '新密码', 'newpass123');
    await fill(user, '确认密码', 'newpass123');
    await user.click(submit(/重置密码/));
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/resetcode');
  });
});
