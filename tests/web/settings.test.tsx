import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw';
import { reloadSettings } from '../../src/lib/settings';
import { cookie, openApp, signIn } from './render';

describe('query parameters', () => {
  it('applies the darkblue theme by default', async () => {
    openApp('#/login');
    await screen.findByRole('tab', { name: '密码登录' });
    expect(document.body).toHaveClass('theme-darkblue');
    expect(localStorage.getItem('theme')).toBe('darkblue');
  });

  it('keeps link tokens in cookies until signed in', async () => {
    openApp('#/list?orgtoken=join-1&orgname=示例企业');
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(cookie('orgtoken')).toBe('join-1');
    expect(decodeURIComponent(cookie('orgname') ?? '')).toBe('示例企业');
  });

  it('uses a link token once signed in, applies the theme and hides the header in mode 1', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.get('*/api/organization/v1/members/join/', ({ request }) => {
        tokens.push(new URL(request.url).searchParams.get('token'));
        return HttpResponse.json({ message: '成功加入企业', organization_uuid: 'org-1' });
      }),
    );
    signIn();
    openApp('#/list?theme=light&mode=1&orgtoken=join-1&orgname=示例企业');
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(document.body).toHaveClass('theme-light');
    expect(document.body).not.toHaveClass('theme-darkblue');
    expect(await screen.findByText('成功加入企业')).toBeInTheDocument();
    expect(tokens).toEqual(['join-1']);
    await waitFor(() => expect(cookie('orgtoken')).toBeUndefined());
    expect(decodeURIComponent(cookie('orgname') ?? '')).toBe('示例企业');
    expect(screen.queryByText('报告管理工作台')).not.toBeInTheDocument();
  });

  it('gives the header and side menu back with mode=0, and keeps a mode on routes without one', async () => {
    signIn();
    openApp('#/main/p-1/reportList?mode=2');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(screen.queryByText('报告管理工作台')).not.toBeInTheDocument();
    // A link inside the app drops the query: the embedding's mode stays.
    window.location.hash = '#/main/p-1/materialList';
    expect(await screen.findByText('暂无素材')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '报告管理' })).not.toBeInTheDocument();
    window.location.hash = '#/main/p-1/reportList?mode=0';
    expect(await screen.findByText('报告管理工作台')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '素材管理' })).toBeInTheDocument();
  });

  it('shows the header on a new load without mode after mode 1 in the same session', async () => {
    signIn();
    openApp('#/list?mode=1');
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(screen.queryByText('报告管理工作台')).not.toBeInTheDocument();
    cleanup();
    // What a page load or a host's next mount does before its first route.
    reloadSettings();
    openApp('#/list');
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(screen.getByText('报告管理工作台')).toBeInTheDocument();
  });

  it('hides the side menu too in mode 2', async () => {
    signIn();
    openApp('#/main/p-1/reportList?mode=2');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '素材管理' })).not.toBeInTheDocument();
    expect(screen.queryByText('报告管理工作台')).not.toBeInTheDocument();
  });
});
