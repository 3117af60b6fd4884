import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { scopeDetails } from '../../contract/permissions';

export const demoToken = 'token-demo';
export const demoProject = {
  uuid: 'p-1',
  name: '城市体检示例项目',
  extra_info: { project_id: '1', connection_id: '1', schema_name: 'public', database_name: 'demo' },
  is_public: false,
  project_card_url: null,
  skin: null,
  color: null,
  created_at: '2024-03-01 09:30:00',
  updated_at: '2024-03-02 10:00:00',
};
export const demoUser = {
  uuid: 'u-1',
  username: 'demo',
  nickname: '演示用户',
  mobile: '13800000000',
  organization_uuid: 'org-1',
  is_superuser: false,
  is_staff: false,
};

const signedIn = (request: Request) => request.headers.get('Authorization') === `Token ${demoToken}`;
const expired = () => HttpResponse.json({ code: 40100, message: '未登录' }, { status: 401 });

/** The slice of the server contract the web tests rely on. */
export const handlers = [
  // A delete confirmation reads the recycle bin's retention.
  http.get('*/studio/report/api/report/projects/:projectId/recycle_bin/', () =>
    HttpResponse.json({ code: 200, result: { data: [], pageNo: 1, pageSize: 1, total: 0, retention_days: 30 } }),
  ),
  // A report's detail shows its history.
  http.get('*/studio/report/api/report/projects/:projectId/activity/', () =>
    HttpResponse.json({ code: 200, result: { data: [], pageNo: 1, pageSize: 50, total: 0, more: false } }),
  ),
  http.post('*/api/v1/user/account/login/', async ({ request }) => {
    const { username, password } = (await request.json()) as { username: string; password: string };
    const known = username === demoUser.username || username === demoUser.mobile;
    if (!known || password !== 'demo123456') {
      return HttpResponse.json({ code: 40010, message: '用户名或密码错误' }, { status: 400 });
    }
    return HttpResponse.json({ username: demoUser.username, token: demoToken });
  }),
  http.post('*/api/v1/user/sms/code/', () => HttpResponse.json({ message: '验证码已发送' })),
  http.post('*/api/v1/user/sms/login/', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    if (code !== '123456') return HttpResponse.json({ code: 40011, message: '验证码错误' }, { status: 400 });
    return HttpResponse.json({ username: demoUser.username, token: demoToken });
  }),
  http.post('*/api/v1/user/account/register/', async ({ request }) => {
    const { mobile, code, username } = (await request.json()) as { mobile: string; code: string; username?: string };
    if (code !== '123456') return HttpResponse.json({ code: 40011, message: '验证码错误' }, { status: 400 });
    if (mobile === demoUser.mobile) return HttpResponse.json({ mobile: ['该手机号已注册'] }, { status: 400 });
    return HttpResponse.json({ uuid: 'u-2', username: username ?? `user_${mobile}` }, { status: 201 });
  }),
  http.post('*/api/v1/user/sms/reset/', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    if (code !== '123456') return HttpResponse.json({ code: 40011, message: '验证码错误' }, { status: 400 });
    return HttpResponse.json({ message: '密码已重置' });
  }),
  http.post('*/api/v1/user/account/logout/', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/v1/user/info/', ({ request }) => (signedIn(request) ? HttpResponse.json(demoUser) : expired())),
  http.get('*/api/project/v1/projects/', ({ request }) => {
    if (!signedIn(request)) return expired();
    const url = new URL(request.url);
    const search = url.searchParams.get('search') ?? '';
    const results = [demoProject].filter((p) => p.name.includes(search));
    if (url.searchParams.get('limit') !== '100' || url.searchParams.get('offset') !== '0') {
      return HttpResponse.json({ code: 40000, message: '分页参数错误' }, { status: 400 });
    }
    return HttpResponse.json({ count: results.length, next: null, previous: null, results });
  }),
  http.get('*/api/v1/organization/', ({ request }) =>
    signedIn(request)
      ? HttpResponse.json({ count: 1, next: null, previous: null, results: [{ uuid: 'org-1', name: '示例企业', is_owner: true, is_current: true, role: null }] })
      : expired(),
  ),
  http.get('*/api/v1/applications/', ({ request }) =>
    signedIn(request)
      ? HttpResponse.json({ count: 2, next: null, previous: null, results: [{ id: 'report', name: '报告管理', description: '' }, { id: 'cstj', name: '城市体检成果', description: '' }] })
      : expired(),
  ),
  // The demo user owns the demo organization.
  http.get('*/api/organization/v1/permission/', ({ request }) =>
    signedIn(request) ? HttpResponse.json({ is_owner: true, role: null, permissions: scopeDetails('organization') }) : expired(),
  ),
  // The demo user administers the demo project: every project permission.
  http.get('*/api/project/v1/projects/:uuid/permission/', ({ request, params }) => {
    if (!signedIn(request)) return expired();
    return params.uuid === demoProject.uuid
      ? HttpResponse.json({ role: { id: 1, name: '项目管理员' }, permissions: [], permissions_detail: scopeDetails('project') })
      : HttpResponse.json({ code: 40400, message: '项目不存在或您不是该项目的成员' }, { status: 404 });
  }),
  http.get('*/api/project_profile/projects/:uuid/project_profile/get_profile/', () =>
    HttpResponse.json({ description: '城市体检示例', logo: '' }),
  ),
  http.get('*/api/project/v1/projects/:uuid/', ({ request, params }) => {
    if (!signedIn(request)) return expired();
    return params.uuid === demoProject.uuid
      ? HttpResponse.json(demoProject)
      : HttpResponse.json({ code: 40400, message: '未找到' }, { status: 404 });
  }),
  // An empty library, for screens that land on the report list.
  http.get('*/studio/report/api/report/projects/:uuid/:kind/report_list/', () =>
    HttpResponse.json({ code: 200, result: { data: [], pageNo: 1, pageSize: 10, total: 0 } }),
  ),
  http.get('*/studio/report/api/report/projects/:uuid/:group/group_list/', () =>
    HttpResponse.json({ code: 200, data: [], total_report_number: 0 }),
  ),
  http.get('*/studio/report/api/report/projects/:uuid/filter_label_setting/', () => HttpResponse.json({ results: [] })),
];

export const server = setupServer(...handlers);

export interface Seen {
  body: unknown;
  authorization: string | null;
}

/**
 * Records the JSON bodies the app posts to `path`; the handlers registered before still
 * answer (call it after any `server.use` for the same path: the latest handler runs first).
 */
export function record(path: string): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.post(`*${path}`, async ({ request }) => {
      seen.push({ body: await request.clone().json(), authorization: request.headers.get('Authorization') });
      return undefined;
    }),
  );
  return seen;
}
