import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw';
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
    expect(sessionStorage.getItem('mode')).toBe('1');
  });

  it('hides the side menu too in mode 2', async () => {
    signIn();
    openApp('#/main/p-1/reportList?mode=2');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '素材管理' })).not.toBeInTheDocument();
    expect(screen.queryByText('报告管理工作台')).not.toBeInTheDocument();
  });
});
