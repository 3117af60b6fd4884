import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { platformClient } from '../../src/providers/http';
import { reportClient } from '../../src/providers/report-client';
import { server } from './msw';
import { cookie } from './render';

/** Answers GET /api/test/ with the given status and body. */
function answer(status: number, body: unknown) {
  server.use(http.get('*/api/test/', () => HttpResponse.json(body as object, { status })));
}

async function fail(): Promise<void> {
  await platformClient.get('/api/test/').catch(() => undefined);
}

describe('error catalogue', () => {
  it('shows 接口发生错误 for a 500', async () => {
    answer(500, { detail: 'Traceback' });
    await fail();
    expect(await screen.findByText('接口发生错误')).toBeInTheDocument();
    expect(screen.queryByText('Traceback')).not.toBeInTheDocument();
  });

  it('clears the session and goes to login on a 401 from another device', async () => {
    document.cookie = 'token=t1; path=/';
    document.cookie = 'organization_uuid=org-1; path=/';
    window.location.hash = '#/main/p-1/reportList?groupId=2';
    answer(401, { code: 40004, message: 'replaced' });
    await fail();
    expect(await screen.findByText('该账号已在其他设备登录，请重新登录')).toBeInTheDocument();
    expect(cookie('token')).toBeUndefined();
    expect(cookie('organization_uuid')).toBeUndefined();
    expect(window.location.hash).toBe(`#/login?redirect=${encodeURIComponent('/main/p-1/reportList?groupId=2')}`);
  });

  it('says the login expired on any other 401', async () => {
    document.cookie = 'token=t1; path=/';
    answer(401, { code: 40100, message: '未登录' });
    await fail();
    expect(await screen.findByText('登录状态过期或不可用，请重试')).toBeInTheDocument();
    expect(cookie('token')).toBeUndefined();
  });

  it('shows the server message of a 403 with code 40301', async () => {
    answer(403, { code: 40301, message: '您没有删除报告的权限' });
    await fail();
    expect(await screen.findByText('您没有删除报告的权限')).toBeInTheDocument();
  });

  it('shows the generic text for any other 403', async () => {
    answer(403, { code: 40300, message: 'forbidden' });
    await fail();
    expect(await screen.findByText('您暂无权限访问该接口')).toBeInTheDocument();
    expect(screen.queryByText('forbidden')).not.toBeInTheDocument();
  });

  it('says 删除失败 when a single delete answers anything but 204, and rejects', async () => {
    server.use(
      http.delete('*/api/test/1/', () => HttpResponse.json({ code: 200, message: 'ok' })),
      http.delete('*/api/test/3/', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(platformClient.delete('/api/test/1/')).rejects.toThrow('删除失败');
    expect(await screen.findByText('删除失败')).toBeInTheDocument();
    expect(screen.queryByText('ok')).not.toBeInTheDocument();
    await expect(platformClient.delete('/api/test/3/')).resolves.toMatchObject({ status: 204 });
  });

  it('says 删除失败 for a single delete of something gone (404), which is otherwise silent', async () => {
    server.use(http.delete('*/api/test/2/', () => HttpResponse.json({ code: 40400, message: '未找到' }, { status: 404 })));
    await expect(platformClient.delete('/api/test/2/')).rejects.toBeDefined();
    expect(await screen.findByText('删除失败')).toBeInTheDocument();
  });

  it('stays silent on a 404', async () => {
    answer(404, { code: 40400, message: '未找到' });
    await fail();
    // A later 500 proves messages render; it must be the only one on screen.
    answer(500, {});
    await fail();
    await screen.findByText('接口发生错误');
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
    expect(screen.queryByText('未找到')).not.toBeInTheDocument();
  });

  it('shows every string of another status, and the generic text when there is none', async () => {
    answer(400, { name: ['该字段不能为空。'], mobile: ['手机号码已存在'], code: 40000 });
    await fail();
    expect(await screen.findByText('该字段不能为空。')).toBeInTheDocument();
    expect(screen.getByText('手机号码已存在')).toBeInTheDocument();
    expect(screen.queryByText('40000')).not.toBeInTheDocument();

    answer(409, { code: 40900 });
    await fail();
    expect(await screen.findByText('接口发生错误')).toBeInTheDocument();
  });

  it('shows the detail of an unlisted status such as 418', async () => {
    answer(418, { detail: '茶壶' });
    await fail();
    expect(await screen.findByText('茶壶')).toBeInTheDocument();
    expect(screen.queryByText('接口发生错误')).not.toBeInTheDocument();
  });

  it('shows the message of a report-service error envelope', async () => {
    server.use(
      http.get('*/studio/report/api/test/', () =>
        HttpResponse.json({ code: 40010, message: '报告名称已存在' }, { status: 400 }),
      ),
    );
    await reportClient.get('/studio/report/api/test/').catch(() => undefined);
    expect(await screen.findByText('报告名称已存在')).toBeInTheDocument();
  });

  it('refuses a 200 answer of the report service whose code failed, with its message once', async () => {
    server.use(http.get('*/studio/report/api/test/', () => HttpResponse.json({ code: 500, message: '报告名称重复' })));
    await expect(reportClient.get('/studio/report/api/test/')).rejects.toThrow();
    expect(await screen.findAllByText('报告名称重复')).toHaveLength(1);
    expect(screen.queryByText('接口发生错误')).not.toBeInTheDocument();
  });
});

describe('request headers', () => {
  function capture(path: string, method: 'get' | 'post' = 'get') {
    const seen: Headers[] = [];
    server.use(
      http[method](`*${path}`, ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({});
      }),
    );
    return seen;
  }

  it('sends the token, the organization and the language', async () => {
    document.cookie = 'token=t1; path=/';
    document.cookie = 'organization_uuid=org-1; path=/';
    const seen = capture('/api/test/');
    await platformClient.get('/api/test/');
    expect(seen[0].get('Authorization')).toBe('Token t1');
    expect(seen[0].get('Organization')).toBe('org-1');
    expect(seen[0].get('Accept-Language')).toBe('zh-Hans');
  });

  it('leaves the token off sign-in calls unless (re)binding a phone', async () => {
    document.cookie = 'token=t1; path=/';
    const seen = capture('/api/v1/user/sms/code/', 'post');
    await platformClient.post('/api/v1/user/sms/code/', { mobile: '13800000000', action: 'login' });
    await platformClient.post('/api/v1/user/sms/code/', { mobile: '13800000000', action: 'reset' });
    await platformClient.post('/api/v1/user/sms/code/', { mobile: '13800000000', action: 'rebind' });
    await platformClient.post('/api/v1/user/sms/code/', { mobile: '13800000000', action: 'bind' });
    await waitFor(() => expect(seen).toHaveLength(4));
    expect(seen.map((headers) => headers.get('Authorization'))).toEqual([null, null, 'Token t1', 'Token t1']);
  });

  it('leaves the token off login, register and sms reset', async () => {
    document.cookie = 'token=t1; path=/';
    const paths = [
      '/api/v1/user/account/login/',
      '/api/v1/user/sms/login/',
      '/api/v1/user/account/register/',
      '/api/v1/user/sms/reset/',
    ];
    const seen = paths.map((path) => capture(path, 'post'));
    for (const path of paths) await platformClient.post(path, { mobile: '13800000000' });
    expect(seen.map(([headers]) => headers.get('Authorization'))).toEqual([null, null, null, null]);
  });
});
