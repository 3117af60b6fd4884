import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw';
import { cookie, fill, openApp, signIn } from './render';

/** The level antd gives the message that shows this text. */
async function messageLevel(text: string): Promise<string | undefined> {
  const notice = (await screen.findByText(text)).closest('.ant-message-custom-content');
  return ['success', 'warning', 'error'].find((level) => notice?.classList.contains(`ant-message-${level}`));
}

function serveJoins(answers: { org?: object; project?: object; staff?: object }) {
  const seen: { kind: string; token: unknown }[] = [];
  server.use(
    http.get('*/api/organization/v1/members/join/', ({ request }) => {
      seen.push({ kind: 'org', token: new URL(request.url).searchParams.get('token') });
      return HttpResponse.json(answers.org);
    }),
    http.get('*/api/project/v1/projects/members/join/', ({ request }) => {
      seen.push({ kind: 'project', token: new URL(request.url).searchParams.get('token') });
      return HttpResponse.json(answers.project);
    }),
    http.post('*/api/v1/user_admin/staff/join_staff/', async ({ request }) => {
      seen.push({ kind: 'staff', token: ((await request.json()) as { token: string }).token });
      return HttpResponse.json(answers.staff);
    }),
  );
  return seen;
}

describe('joining by link', () => {
  it('joins the project of a protoken after login and opens its report list', async () => {
    const seen = serveJoins({ project: { message: '成功加入项目', project_uuid: 'p-1' } });
    const { user } = openApp('#/list?protoken=pro-1');
    expect(await screen.findByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(cookie('protoken')).toBe('pro-1');
    await fill(user, '手机号/用户名', 'demo');
    await fill(user, '密码', 'demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await messageLevel('成功加入项目')).toBe('success');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/main/p-1/reportList'));
    expect(seen).toEqual([{ kind: 'project', token: 'pro-1' }]);
    expect(cookie('protoken')).toBeUndefined();
  });

  it('uses a kept token once when the app opens with a session, warning of any other answer', async () => {
    const seen = serveJoins({ org: { message: '您已是该企业的成员', organization_uuid: 'org-1' } });
    signIn();
    document.cookie = 'orgtoken=org-9; path=/';
    openApp('#/list');
    expect(await messageLevel('您已是该企业的成员')).toBe('warning');
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(cookie('orgtoken')).toBeUndefined();
    expect(seen.map((call) => call.token)).toEqual(['org-9']);
  });

  it('joins an organization and the staff, each once, with their own calls', async () => {
    const seen = serveJoins({
      org: { message: '成功加入企业', organization_uuid: 'org-1' },
      staff: { message: '成功成为平台工作人员' },
    });
    signIn();
    openApp('#/list?orgtoken=org-1&stafftoken=staff-1&theme=light');
    expect(await messageLevel('成功加入企业')).toBe('success');
    expect(await messageLevel('成功成为平台工作人员')).toBe('success');
    await waitFor(() => expect(window.location.hash).toBe('#/list?theme=light'));
    expect(seen.map(({ kind, token }) => [kind, token])).toEqual([
      ['org', 'org-1'],
      ['staff', 'staff-1'],
    ]);
    expect(cookie('orgtoken')).toBeUndefined();
    expect(cookie('stafftoken')).toBeUndefined();
  });

  it('drops a token the server refuses, after the HTTP layer has said why', async () => {
    server.use(
      http.get('*/api/project/v1/projects/members/join/', () =>
        HttpResponse.json({ code: 40000, message: '邀请链接已失效' }, { status: 400 }),
      ),
    );
    signIn();
    openApp('#/list?protoken=old');
    expect(await messageLevel('邀请链接已失效')).toBe('error');
    await waitFor(() => expect(window.location.hash).toBe('#/list'));
    expect(cookie('protoken')).toBeUndefined();
  });
});
