import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cookie, openApp, signIn } from './render';

describe('query parameters', () => {
  it('applies the darkblue theme by default', async () => {
    openApp('#/login');
    await screen.findByRole('tab', { name: '密码登录' });
    expect(document.body).toHaveClass('theme-darkblue');
    expect(localStorage.getItem('theme')).toBe('darkblue');
  });

  it('keeps link tokens in cookies, applies the theme and hides the header in mode 1', async () => {
    signIn();
    openApp('#/list?theme=light&mode=1&orgtoken=join-1&orgname=示例企业');
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(document.body).toHaveClass('theme-light');
    expect(document.body).not.toHaveClass('theme-darkblue');
    expect(cookie('orgtoken')).toBe('join-1');
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
