import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/lib/passwords';
import { organizationMembers, organizations, users } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
let visitor: string;
const BASE = '/api/project/v1/projects';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';

async function makeUser(username: string, organizationUuid: string) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ username, passwordHash: await hashPassword('member-pass1') })
    .returning();
  await ctx.database.db.insert(organizationMembers).values({ organizationUuid, userUuid: user.uuid }).onConflictDoNothing();
  return user;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  await makeUser('visitor', DEMO.organizationUuid);
  const added = await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, admin, { username: 'visitor' });
  expect(added.statusCode, added.body).toBe(201);
  expect(added.json().role.name).toBe('访客');
  visitor = await login(ctx.app, 'visitor', 'member-pass1');
});
afterAll(() => ctx.close());

describe('projects', () => {
  it('creates a project with its three roles, the creator as 项目管理员', async () => {
    const created = await call('POST', `${BASE}/`, admin, { name: '  新项目 ', skin: 'dark' });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({ name: '新项目', skin: 'dark', organization_uuid: DEMO.organizationUuid });
    const roles = (await call('GET', `${BASE}/${project.uuid}/roles/`, admin)).json().results;
    expect(roles.map((r: { name: string }) => r.name).sort()).toEqual(['报告管理员', '访客', '项目管理员'].sort());
    const permission = (await call('GET', `${BASE}/${project.uuid}/permission/`, admin)).json();
    expect(permission.role.name).toBe('项目管理员');
    expect(permission.permissions_detail).toContain('project.project.delete_project');
    expect(permission.permissions).toContain('删除项目');
    expect((await call('POST', `${BASE}/`, admin, { name: ' ' })).json().message).toBe('请输入项目名称');
  });

  it('edits with PATCH and PUT, and deletes with its members and roles', async () => {
    const { uuid } = (await call('POST', `${BASE}/`, admin, { name: '临时项目' })).json();
    expect((await call('PATCH', `${BASE}/${uuid}/`, admin, { color: '#123456' })).json()).toMatchObject({ name: '临时项目', color: '#123456' });
    expect((await call('PUT', `${BASE}/${uuid}/`, admin, { color: '#654321' })).json().message).toBe('请输入项目名称');
    expect((await call('PUT', `${BASE}/${uuid}/`, admin, { name: '改名项目' })).json().name).toBe('改名项目');
    expect((await call('DELETE', `${BASE}/${uuid}/`, admin)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${uuid}/`, admin)).statusCode).toBe(404);
  });

  it('gives a 访客 read access only, with 40301 and the permission name', async () => {
    expect((await call('GET', `${BASE}/${DEMO.projectUuid}/`, visitor)).statusCode).toBe(200);
    const denied = await call('PATCH', `${BASE}/${DEMO.projectUuid}/`, visitor, { name: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ code: 40301, message: '您没有「编辑项目」权限' });
    expect((await call('DELETE', `${BASE}/${DEMO.projectUuid}/`, visitor)).json().message).toBe('您没有「删除项目」权限');
    const permission = (await call('GET', `${BASE}/${DEMO.projectUuid}/permission/`, visitor)).json();
    expect(permission.permissions_detail.every((d: string) => d.includes('.view_'))).toBe(true);
    // The library, not the project's data connections, scripts or workflows.
    expect(permission.permissions_detail).toEqual(expect.arrayContaining(['report.report.view_report', 'report.material.view_material', 'report.label.view_label', 'report.oaresult.view_oaresult']));
    expect(permission.permissions_detail.filter((d: string) => /^(connection|script|airflow)\./.test(d))).toEqual([]);
  });
});

describe('members', () => {
  it('lists and searches members, and changes a role', async () => {
    const page = (await call('GET', `${BASE}/${DEMO.projectUuid}/members/?user__username__contains=visi`, admin)).json();
    expect(page.count).toBe(1);
    const member = page.results[0];
    expect(member.user).toMatchObject({ username: 'visitor' });
    const roles = (await call('GET', `${BASE}/${DEMO.projectUuid}/roles/`, admin)).json().results;
    const editor = roles.find((r: { name: string }) => r.name === '报告管理员');
    const changed = await call('PATCH', `${BASE}/members/${member.id}/`, admin, { role_id: editor.id });
    expect(changed.json().role).toEqual({ id: editor.id, name: '报告管理员' });
    const visitorRole = roles.find((r: { name: string }) => r.name === '访客');
    await call('PATCH', `${BASE}/members/${member.id}/`, admin, { role_id: visitorRole.id });
  });

  it('refuses to remove or demote the last 项目管理员, and says why', async () => {
    const page = (await call('GET', `${BASE}/${DEMO.projectUuid}/members/?search=demo`, admin)).json();
    const demo = page.results[0];
    const removal = await call('DELETE', `${BASE}/members/${demo.id}/`, admin);
    expect(removal.statusCode).toBe(400);
    expect(removal.json().message).toBe('项目至少需要保留一名项目管理员，不能移除或变更最后一名管理员');
    const visitorRole = (await call('GET', `${BASE}/${DEMO.projectUuid}/roles/?search=访客`, admin)).json().results[0];
    const demotion = await call('PUT', `${BASE}/members/${demo.id}/`, admin, { role_id: visitorRole.id });
    expect(demotion.statusCode).toBe(400);
    const batch = await call('POST', `${BASE}/members/batch_delete/`, admin, { ids: `${demo.id}` });
    expect(batch.statusCode).toBe(400);
    expect((await call('GET', `${BASE}/members/${demo.id}/`, admin)).json().role.name).toBe('项目管理员');
  });

  it('adds by username, answers an unknown name with an invitation, and says who is already a member', async () => {
    const ghost = await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, admin, { username: 'ghost' });
    expect(ghost.statusCode).toBe(202);
    expect(ghost.json().invited).toBe(true);
    expect((await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, admin, { username: 'visitor' })).json().message).toBe(
      '用户 visitor 已是项目成员',
    );
    expect((await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, visitor, { username: 'demo' })).statusCode).toBe(403);
  });

  it('batch deletes all or nothing', async () => {
    const a = await makeUser('member-a', DEMO.organizationUuid);
    const b = await makeUser('member-b', DEMO.organizationUuid);
    const ids = [];
    for (const user of [a, b]) ids.push((await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, admin, { user_uuid: user.uuid })).json().id);
    const mixed = await call('POST', `${BASE}/members/batch_delete/`, admin, { ids: [...ids, 999999] });
    expect(mixed.statusCode).toBe(404);
    expect((await call('GET', `${BASE}/members/${ids[0]}/`, admin)).statusCode).toBe(200);
    expect((await call('POST', `${BASE}/members/batch_delete/`, admin, { ids: ids.join(',') })).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/members/${ids[1]}/`, admin)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('creates, edits permissions through menus, sets the default and deletes, moving members', async () => {
    const created = await call('POST', `${BASE}/${DEMO.projectUuid}/roles/`, admin, {
      name: '审核员',
      permissions: ['report.report.view_report'],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect((await call('POST', `${BASE}/${DEMO.projectUuid}/roles/`, admin, { name: '审核员' })).json().message).toBe('角色名称「审核员」已存在');
    const bad = await call('PUT', `${BASE}/roles/${role.id}/menus/`, admin, { menus: ['report.report.fly_report'] });
    expect(bad.json().message).toBe('权限 report.report.fly_report 不存在');
    const menus = await call('PUT', `${BASE}/roles/${role.id}/menus/`, admin, { menus: ['report.report.view_report', 'report.report.edit_report'] });
    expect(menus.json().menus).toEqual(['report.report.view_report', 'report.report.edit_report']);
    expect((await call('GET', `${BASE}/roles/${role.id}/menus/`, admin)).json().menus).toHaveLength(2);

    const member = (await call('GET', `${BASE}/${DEMO.projectUuid}/members/?search=visitor`, admin)).json().results[0];
    await call('PATCH', `${BASE}/members/${member.id}/`, admin, { role_id: role.id });
    expect((await call('PUT', `${BASE}/roles/${role.id}/set_as_default/`, admin)).json().is_default).toBe(true);
    expect((await call('DELETE', `${BASE}/roles/${role.id}/`, admin)).json().message).toBe('「审核员」是默认角色，请先设置其他默认角色');
    const visitorRole = (await call('GET', `${BASE}/${DEMO.projectUuid}/roles/?search=访客`, admin)).json().results[0];
    await call('PUT', `${BASE}/roles/${visitorRole.id}/set_as_default/`, admin);
    const roles = (await call('GET', `${BASE}/${DEMO.projectUuid}/roles/`, admin)).json().results;
    expect(roles.filter((r: { is_default: boolean }) => r.is_default)).toHaveLength(1);
    expect((await call('DELETE', `${BASE}/roles/${role.id}/`, admin)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/members/${member.id}/`, admin)).json().role.name).toBe('访客');
  });

  it('keeps the admin role whole', async () => {
    const adminRole = (await call('GET', `${BASE}/${DEMO.projectUuid}/roles/?search=项目管理员`, admin)).json().results[0];
    expect((await call('DELETE', `${BASE}/roles/${adminRole.id}/`, admin)).json().message).toBe('项目管理员角色不能删除');
    expect((await call('PATCH', `${BASE}/roles/${adminRole.id}/`, admin, { permissions: [] })).statusCode).toBe(400);
    expect((await call('POST', `${BASE}/roles/batch_delete/`, admin, { ids: [adminRole.id] })).statusCode).toBe(400);
  });
});

describe('profile and catalogue', () => {
  it('merges profile keys and reads them back', async () => {
    const url = `/api/project_profile/projects/${DEMO.projectUuid}/project_profile`;
    expect((await call('POST', `${url}/set_profile/`, admin, { logo: '/logo.png', description: '示例' })).statusCode).toBe(200);
    await call('POST', `${url}/set_profile/`, admin, { color: '#1f4e9c' });
    expect((await call('GET', `${url}/get_profile/`, visitor)).json()).toEqual({ logo: '/logo.png', description: '示例', color: '#1f4e9c' });
    expect((await call('POST', `${url}/set_profile/`, visitor, { logo: 'x' })).statusCode).toBe(403);
  });

  it('serves the catalogue by scope', async () => {
    const groups = (await call('GET', '/api/permission/v1/groups/?type=project', admin)).json();
    const report = groups.find((g: { model: string }) => g.model === 'report');
    expect(report.permissions.map((p: { permissions_detail: string }) => p.permissions_detail)).toEqual([
      'report.report.view_report',
      'report.report.create_report',
      'report.report.edit_report',
      'report.report.delete_report',
    ]);
    const organization = (await call('GET', '/api/permission/v1/groups/?type=organization', admin)).json();
    expect(organization.every((g: { type: string }) => g.type === 'organization')).toBe(true);
  });
});

describe('another organization or project', () => {
  it('answers 404 and no data for every project route', async () => {
    await ctx.database.db.insert(organizations).values({ uuid: OTHER_ORG, name: '别家企业' });
    const outsider = await makeUser('outsider', OTHER_ORG);
    await ctx.database.db.update(organizationMembers).set({ isOwner: true }).where(eq(organizationMembers.userUuid, outsider.uuid));
    const outsiderToken = await login(ctx.app, 'outsider', 'member-pass1');
    const ownProject = (
      await ctx.app.inject({ method: 'POST', url: `${BASE}/`, headers: authHeaders(outsiderToken, OTHER_ORG), payload: { name: '别家项目' } })
    ).json();
    expect(ownProject.uuid).toBeDefined();
    const member = (await call('GET', `${BASE}/${DEMO.projectUuid}/members/`, admin)).json().results[0];
    const role = (await call('GET', `${BASE}/${DEMO.projectUuid}/roles/`, admin)).json().results[0];
    const profile = `/api/project_profile/projects/${DEMO.projectUuid}/project_profile`;
    const probes: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', `${BASE}/${DEMO.projectUuid}/`],
      ['PATCH', `${BASE}/${DEMO.projectUuid}/`, { name: '偷改' }],
      ['DELETE', `${BASE}/${DEMO.projectUuid}/`],
      ['GET', `${BASE}/${DEMO.projectUuid}/permission/`],
      ['GET', `${BASE}/${DEMO.projectUuid}/members/`],
      ['POST', `${BASE}/${DEMO.projectUuid}/members/`, { user_uuid: outsider.uuid }],
      ['GET', `${BASE}/members/${member.id}/`],
      ['PATCH', `${BASE}/members/${member.id}/`, { role_id: role.id }],
      ['DELETE', `${BASE}/members/${member.id}/`],
      ['POST', `${BASE}/members/batch_delete/`, { ids: [member.id] }],
      ['GET', `${BASE}/${DEMO.projectUuid}/roles/`],
      ['POST', `${BASE}/${DEMO.projectUuid}/roles/`, { name: '入侵' }],
      ['GET', `${BASE}/roles/${role.id}/`],
      ['PATCH', `${BASE}/roles/${role.id}/`, { name: '入侵' }],
      ['DELETE', `${BASE}/roles/${role.id}/`],
      ['GET', `${BASE}/roles/${role.id}/menus/`],
      ['PUT', `${BASE}/roles/${role.id}/menus/`, { menus: [] }],
      ['PUT', `${BASE}/roles/${role.id}/set_as_default/`],
      ['POST', `${BASE}/roles/batch_delete/`, { ids: [role.id] }],
      ['GET', `${profile}/get_profile/`],
      ['POST', `${profile}/set_profile/`, { logo: 'x' }],
    ];
    for (const [method, url, payload] of probes) {
      for (const organization of [OTHER_ORG, undefined]) {
        const response = await ctx.app.inject({ method, url, headers: authHeaders(outsiderToken, organization), ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).not.toContain(DEMO.projectName);
      }
    }
    // A project of the other organization is not reachable through the demo organization either.
    expect((await call('GET', `${BASE}/${ownProject.uuid}/`, admin)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${DEMO.projectUuid}/`, admin)).json().name).toBe(DEMO.projectName);
  });

  it('answers 404 to a member of the organization who is not in the project', async () => {
    await makeUser('bystander', DEMO.organizationUuid);
    const token = await login(ctx.app, 'bystander', 'member-pass1');
    expect((await call('GET', `${BASE}/${DEMO.projectUuid}/`, token)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/`, token)).json().count).toBe(0);
  });
});
