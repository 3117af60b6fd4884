import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectHost, disconnectHost, takeShared, tellHost } from '../../src/host/shared-state';
import { clearCookies, getCookie, setCookie } from '../../src/lib/cookies';
import { currentHashPath, hashHref } from '../../src/lib/navigation';
import { clearAppStorage, setPlacement, storageKey } from '../../src/lib/placement';

const root = document.createElement('div');

function underHost(routerBase = '/report') {
  setPlacement({ embedded: true, routerBase, themeTarget: () => root });
}

afterEach(() => {
  disconnectHost();
  setPlacement(undefined);
  clearCookies();
  clearCookies(['ezreport_token', 'token', 'organization_uuid']);
  localStorage.clear();
  window.location.hash = '';
});

describe('the app under a host shell', () => {
  it('keeps its cookies and storage keys under its own names, and clears only those', () => {
    setCookie('token', 'the-hosts');
    localStorage.setItem('theme', 'the-hosts');
    underHost();
    setCookie('token', 'the-apps');
    localStorage.setItem(storageKey('theme'), 'dark');
    expect(getCookie('token')).toBe('the-apps');
    expect(document.cookie).toContain('ezreport_token=the-apps');
    expect(document.cookie).toContain('token=the-hosts');

    clearAppStorage();
    clearCookies();
    expect(localStorage.getItem('theme')).toBe('the-hosts');
    expect(localStorage.getItem('ezreport:theme')).toBeNull();
    setPlacement(undefined);
    expect(getCookie('token')).toBe('the-hosts');
  });

  it('reads its route under the router base and links under it', () => {
    underHost('/report');
    window.location.hash = '#/report/main/p1/reportList?groupId=2';
    expect(currentHashPath()).toBe('/main/p1/reportList?groupId=2');
    expect(hashHref('/list')).toBe('#/report/list');
    window.location.hash = '#/home';
    expect(currentHashPath()).toBe('/');
  });

  it('takes the session, organization and theme the host shares, and follows their changes', () => {
    underHost();
    takeShared({ token: 'tok-1', orgInfo: { uuid: 'org-1' }, userInfo: { username: 'demo' }, theme: 'light' });
    expect(document.cookie).toContain('ezreport_token=tok-1');
    expect(getCookie('organization_uuid')).toBe('org-1');
    expect(getCookie('username')).toBe('demo');
    expect(root).toHaveClass('theme-light');
    expect(document.body).not.toHaveClass('theme-light');

    takeShared({ theme: 'dark', token: null });
    expect(root).toHaveClass('theme-dark');
    expect(root).not.toHaveClass('theme-light');
    expect(getCookie('token')).toBeUndefined();
  });

  it('tells the host only what changed', () => {
    underHost();
    const setGlobalState = vi.fn(() => true);
    connectHost({ setGlobalState });
    takeShared({ projectInfo: { uuid: 'p1' } });
    tellHost({ projectInfo: { uuid: 'p1' } });
    expect(setGlobalState).not.toHaveBeenCalled();
    tellHost({ projectInfo: { uuid: 'p1', name: '城市体检示例项目' } });
    expect(setGlobalState).toHaveBeenCalledWith({ projectInfo: { uuid: 'p1', name: '城市体检示例项目' } });
  });
});
