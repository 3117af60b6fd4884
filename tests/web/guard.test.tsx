import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoProject, demoToken, server } from './msw';
import { cookie, openApp, signIn } from './render';

describe('navigation guard', () => {
  it('sends a first visitor to login without saying a session expired, keeping the route', async () => {
    openApp('#/list');
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/list')}`);
    // Give a message the time it would take to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('您的登录状态失效，请重新登录')).not.toBeInTheDocument();
  });

  it('says 您的登录状态失效 when the token of a signed-in user is gone', async () => {
    // The token cookie went away (a host signed the app out); the username stayed.
    document.cookie = 'username=demo; path=/';
    openApp('#/main/p-1/reportList');
    expect(await screen.findByText('您的登录状态失效，请重新登录')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/main/p-1/reportList')}`);
  });

  it('lets the register and reset screens open without a token', async () => {
    openApp('#/register');
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeInTheDocument();
    expect(screen.queryByText('您的登录状态失效，请重新登录')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('#/register');
  });

  it('sends a user whose token the server refuses back to login, with one message', async () => {
    document.cookie = 'token=stale; path=/';
    openApp('#/list');
    expect(await screen.findByText('登录状态过期或不可用，请重试')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/list')}`));
    expect(cookie('token')).toBeUndefined();
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
  });

  it('sends a user whose session was replaced on another device back to login', async () => {
    const replaced = () =>
      HttpResponse.json({ code: 40004, message: '该账号已在其他设备登录，请重新登录' }, { status: 401 });
    server.use(http.get('*/api/v1/user/info/', replaced), http.get('*/api/project/v1/projects/', replaced));
    signIn();
    openApp('#/list');
    expect(await screen.findByText('该账号已在其他设备登录，请重新登录')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/list')}`));
    expect(cookie('token')).toBeUndefined();
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
  });

  it('redirects / to the project list', async () => {
    signIn();
    openApp('#/');
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/list');
  });
});

describe('signed-in screens', () => {
  it('shows the project list in Chinese only', async () => {
    signIn();
    const { user } = openApp('#/list');
    const card = await screen.findByText('城市体检示例项目');
    expect(screen.getByText('创建时间：2024-03-01')).toBeInTheDocument();
    expect(card.closest('a')).toHaveAttribute('href', '#/main/p-1/reportList');
    await user.click(await screen.findByText('演示用户'));
    expect(await screen.findByText('退出登录')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Logout|Refresh|Save|Loading|Are you sure/);
  });

  it('shows 暂无项目 when the search finds nothing', async () => {
    signIn();
    const { user } = openApp('#/list');
    await screen.findByText('城市体检示例项目');
    await user.type(screen.getByPlaceholderText('搜索项目名称'), '不存在{Enter}');
    expect(await screen.findByText('暂无项目')).toBeInTheDocument();
  });

  it('asks before logging out, then clears the session', async () => {
    const loggedOut: (string | null)[] = [];
    server.use(
      http.post('*/api/v1/user/account/logout/', ({ request }) => {
        loggedOut.push(request.headers.get('Authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signIn();
    const { user } = openApp('#/list');
    await user.click(await screen.findByText('演示用户'));
    await user.click(await screen.findByText('退出登录'));
    const dialog = await screen.findByRole('dialog', { name: '您将退出此系统，是否继续？' });
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(loggedOut).toEqual([`Token ${demoToken}`]);
    expect(cookie('token')).toBeUndefined();
    expect(cookie('organization_uuid')).toBeUndefined();
  });

  it('opens the first project from /main inside the project shell', async () => {
    signIn();
    openApp('#/main');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/main/p-1/reportList');
    expect(screen.getByRole('menuitem', { name: '素材管理' })).toBeInTheDocument();
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
  });

  it('opens the last project visited from /main and /projectSetting, the first when that one is gone', async () => {
    const second = { ...demoProject, uuid: 'p-2', name: '第二个项目' };
    server.use(http.get('*/api/project/v1/projects/', () => HttpResponse.json({ count: 2, next: null, previous: null, results: [demoProject, second] })));
    signIn();
    const first = openApp('#/main/p-1/reportList');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(localStorage.getItem('lastProject')).toBe('p-1');
    first.unmount();
    localStorage.setItem('lastProject', 'p-2');
    const again = openApp('#/projectSetting');
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/projectSetting\/p-2\//));
    again.unmount();
    localStorage.setItem('lastProject', 'p-gone');
    openApp('#/main');
    await waitFor(() => expect(window.location.hash).toBe('#/main/p-1/reportList'));
  });

  it('shows the current organization and switches applications from the user menu', async () => {
    signIn();
    const { user } = openApp('#/main/p-1/reportList');
    expect(await screen.findByText('示例企业')).toBeInTheDocument();
    await user.click(screen.getByText('演示用户'));
    await user.click(await screen.findByRole('link', { name: '城市体检成果' }));
    await waitFor(() => expect(window.location.hash).toBe('#/cstjPage/p-1/statistics'));
  });

  it('serves the lowercase project admin route', async () => {
    signIn();
    openApp('#/projectsetting/p-1/projectInfo');
    expect(await screen.findByRole('menuitem', { name: '项目成员' })).toBeInTheDocument();
    expect(screen.getAllByText('项目信息').length).toBeGreaterThan(0);
  });
});
