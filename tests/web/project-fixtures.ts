import { http, HttpResponse } from 'msw';
import { VIEW_ACTIVITY } from '../../contract/activity';
import { permissionGroups, scopeDetails } from '../../contract/permissions';
import { demoProject, server } from './msw';

export const adminDetails = scopeDetails('project');
const viewDetails = adminDetails.filter((detail) => detail.includes('.view_'));
/** As the server's built-in 访客: every view but data connections, scripts, workflows and the activity history. */
export const visitorDetails = viewDetails.filter((detail) => !['connection', 'script', 'airflow'].includes(detail.split('.')[0]) && detail !== VIEW_ACTIVITY);
const editorDetails = [
  ...adminDetails.filter((detail) => detail.startsWith('report.')),
  ...viewDetails.filter((detail) => !detail.startsWith('report.')),
];

const at = '2024-03-01 09:30:00';
export const demoRoles = [
  { id: 1, name: '项目管理员', is_default: false, customize: false, builtin: 'admin', permissions: adminDetails, member_count: 1 },
  { id: 2, name: '报告管理员', is_default: false, customize: false, builtin: 'editor', permissions: editorDetails, member_count: 0 },
  { id: 3, name: '访客', is_default: true, customize: false, builtin: 'visitor', permissions: visitorDetails, member_count: 1 },
].map((role) => ({ ...role, created_at: at, updated_at: at }));

const member = (id: number, username: string, nickname: string, mobile: string | null, role: (typeof demoRoles)[number]) => ({
  id,
  project_uuid: demoProject.uuid,
  user: { uuid: `u-${id}`, username, nickname, mobile },
  role: { id: role.id, name: role.name },
  role_id: role.id,
  created_at: at,
});
export const demoMembers = [
  member(11, 'demo', '演示用户', '13800000000', demoRoles[0]),
  member(12, 'zhangsan', '张三', null, demoRoles[2]),
];

/** What the app sent to the project admin endpoints. */
export interface ProjectCalls {
  memberQueries: URLSearchParams[];
  batchDeleted: unknown[];
  menus: { id: string; body: unknown }[];
  invited: unknown[];
  inviteDays: (string | null)[];
  deleted: string[];
  patched: unknown[];
  profiles: unknown[];
  created: unknown[];
  memberChanges: { id: string; body: unknown }[];
}

const page = <T>(results: T[]) => HttpResponse.json({ count: results.length, next: null, previous: null, results });

/**
 * Serves project p-1 to a caller holding `details`, with the demo members and roles, and
 * records what the app sends.
 */
export function serveProject(details: string[], roleName = '项目管理员'): ProjectCalls {
  const calls: ProjectCalls = {
    memberQueries: [],
    batchDeleted: [],
    menus: [],
    invited: [],
    inviteDays: [],
    deleted: [],
    patched: [],
    profiles: [],
    created: [],
    memberChanges: [],
  };
  const base = '*/api/project/v1/projects';
  server.use(
    http.get(`${base}/p-1/permission/`, () =>
      HttpResponse.json({ role: { id: 1, name: roleName }, permissions: [], permissions_detail: details }),
    ),
    http.get(`${base}/p-1/members/invite_code/`, ({ request }) => {
      calls.inviteDays.push(new URL(request.url).searchParams.get('days'));
      return HttpResponse.json({ token: 'invite-1', expires_at: '2024-03-08 09:30:00', url: '#/list?protoken=invite-1' });
    }),
    http.post(`${base}/p-1/members/invite_user/`, async ({ request }) => {
      calls.invited.push(await request.json());
      return HttpResponse.json([], { status: 201 });
    }),
    http.get(`${base}/p-1/members/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.memberQueries.push(query);
      const search = query.get('search') ?? '';
      return page(demoMembers.filter((m) => m.user.username.includes(search) || m.user.nickname.includes(search)));
    }),
    http.post(`${base}/p-1/members/`, async ({ request }) => {
      calls.created.push(await request.json());
      return HttpResponse.json(demoMembers[1], { status: 201 });
    }),
    http.get(`${base}/members/:id/`, ({ params }) => HttpResponse.json(demoMembers.find((m) => String(m.id) === params.id))),
    http.patch(`${base}/members/:id/`, async ({ request, params }) => {
      const body = await request.json();
      calls.memberChanges.push({ id: String(params.id), body });
      return HttpResponse.json(demoMembers.find((m) => String(m.id) === params.id));
    }),
    http.post(`${base}/members/batch_delete/`, async ({ request }) => {
      calls.batchDeleted.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${base}/p-1/roles/`, () => page(demoRoles)),
    http.get(`${base}/roles/:id/menus/`, ({ params }) =>
      HttpResponse.json({ menus: demoRoles.find((role) => String(role.id) === params.id)?.permissions ?? [] }),
    ),
    http.put(`${base}/roles/:id/menus/`, async ({ request, params }) => {
      const body = await request.json();
      calls.menus.push({ id: String(params.id), body });
      return HttpResponse.json(body);
    }),
    http.get('*/api/permission/v1/groups/', () => HttpResponse.json(permissionGroups('project'))),
    http.patch(`${base}/p-1/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.patched.push(body);
      return HttpResponse.json({ ...demoProject, ...body });
    }),
    http.delete(`${base}/p-1/`, () => {
      calls.deleted.push('p-1');
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/project_profile/projects/p-1/project_profile/set_profile/', async ({ request }) => {
      const body = (await request.json()) as object;
      calls.profiles.push(body);
      return HttpResponse.json(body);
    }),
  );
  return calls;
}
