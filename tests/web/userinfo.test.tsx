import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoToken, demoUser, record, server } from './msw';
import { cookie, fill, openApp, signIn } from './render';

/** The user's own profile as the server keeps it, changed by the calls the page makes. */
function profileServer() {
  const profile = { ...demoUser };
  server.use(
    http.get('*/api/v1/user/info/', () => HttpResponse.json(profile)),
    http.post('*/api/v1/user/info/', async ({ request }) => {
      const body = (await request.json()) as { nickname?: string; old_password?: string; password?: string };
      if (body.old_password !== undefined && body.old_password !== 'demo123456') {
        return HttpResponse.json({ code: 40012, message: '原密码不正确' }, { status: 400 });
      }
      if (body.nickname !== undefined) profile.nickname = body.nickname;
      return HttpResponse.json(profile);
    }),
    http.post('*/api/v1/user/sms/bind/', async ({ request }) => {
      const { mobile, code } = (await request.json()) as { mobile: string; code: string };
      if (code !== '123456') return HttpResponse.json({ code: 40011, message: '验证码错误' }, { status: 400 });
      profile.mobile = mobile;
      return HttpResponse.json({ mobile });
    }),
  );
  return profile;
}

/** The 用户名 / 手机号 / 昵称 block. */
async function details() {
  await screen.findByText('用户名');
  return within(document.querySelector<HTMLElement>('.ant-descriptions')!);
}

describe('user info screen', () => {
  it('shows the username, mobile and nickname, with a way back to the project', async () => {
    profileServer();
    signIn();
    const { user } = openApp('#/userinfo?projectId=p-1');
    const block = await details();
    expect(await block.findByText('demo')).toBeInTheDocument();
    expect(block.getByText('13800000000')).toBeInTheDocument();
    expect(block.getByText('演示用户')).toBeInTheDocument();
    const back = screen.getByRole('link', { name: /返回项目/ });
    expect(back).toHaveAttribute('href', '#/main/p-1/reportList');
    await user.click(back);
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
  });

  it('goes back to the project list without a projectId, and opens from the user menu', async () => {
    profileServer();
    signIn();
    const { user } = openApp('#/userinfo');
    await details();
    await user.click(screen.getByRole('link', { name: /返回项目列表/ }));
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    await user.click(screen.getByText('演示用户'));
    await user.click(await screen.findByRole('link', { name: '个人信息' }));
    expect(await screen.findByText('修改昵称')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/userinfo');
  });

  it('saves the nickname and shows it on the page and in the header', async () => {
    profileServer();
    const posted = record('/api/v1/user/info/');
    signIn();
    const { user } = openApp('#/userinfo?projectId=p-1');
    const block = await details();
    await block.findByText('演示用户');
    await user.clear(screen.getByPlaceholderText('昵称'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入昵称')).toBeInTheDocument();
    await fill(user, '昵称', '体检组长');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
    expect(await block.findByText('体检组长')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('体检组长')).toHaveLength(2));
    expect(posted).toEqual([{ body: { nickname: '体检组长' }, authorization: `Token ${demoToken}` }]);
  });

  it('tells a wrong old password once, then changes the password and keeps the session', async () => {
    profileServer();
    const posted = record('/api/v1/user/info/');
    signIn();
    const { user } = openApp('#/userinfo');
    await details();
    await fill(user, '新密码', '12345678');
    expect(await screen.findByText('密码不能全为数字')).toBeInTheDocument();

    await fill(user, '原密码', 'not-my-password');
    await fill(user, '新密码', 'newpass123');
    await fill(user, '确认密码', 'newpass123');
    await user.click(screen.getByRole('button', { name: /修改密码/ }));
    expect(await screen.findByText('原密码不正确')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('原密码不正确')).toHaveLength(1);
    expect(screen.queryByText('密码修改成功')).not.toBeInTheDocument();

    await fill(user, '原密码', 'demo123456');
    await user.click(screen.getByRole('button', { name: /修改密码/ }));
    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByPlaceholderText('原密码')).toHaveValue(''));
    expect(cookie('token')).toBe(demoToken);
    expect(window.location.hash).toBe('#/userinfo');
    expect(posted.map((p) => p.body)).toEqual([
      { old_password: 'not-my-password', password: 'newpass123' },
      { old_password: 'demo123456', password: 'newpass123' },
    ]);
  });

  it('rebinds the phone with a bind code sent with the token', async () => {
    profileServer();
    const codes = record('/api/v1/user/sms/code/');
    const binds = record('/api/v1/user/sms/bind/');
    signIn();
    const { user } = openApp('#/userinfo');
    const block = await details();
    await block.findByText('13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请填写手机号')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    expect(await screen.findByText('验证码不能为空')).toBeInTheDocument();

    await fill(user, '新手机号', '13900000009');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '30 秒后重新获取' })).toBeDisabled();
    expect(codes).toEqual([
      { body: { mobile: '13900000009', action: 'bind', application: 'report' }, authorization: `Token ${demoToken}` },
    ]);

    await fill(user, '验证码', '123456');
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText('手机号绑定成功')).toBeInTheDocument();
    expect(await block.findByText('13900000009')).toBeInTheDocument();
    expect(binds).toEqual([
      { body: { mobile: '13900000009', code: '123456', action: 'bind' }, authorization: `Token ${demoToken}` },
    ]);
  });
});
