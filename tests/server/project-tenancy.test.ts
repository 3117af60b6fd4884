import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, organizations, roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { authHeaders, createTestApp, DEMO, login, multipart, SAMPLES, type TestContext } from './helpers';

let ctx: TestContext;
let owner: string;
const BASE = '/api/project/v1/projects';
const OTHER_ORG = '33333333-3333-4333-8333-333333333333';
const PASSWORD = 'member-pass1';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });

/** A user, optionally a member of an organization with a role of it (null: no role). */
async function makeUser(username: string, mobile: string, organizationUuid?: string, roleId: number | null = null) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ username, mobile, nickname: `昵称${username}`, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  if (organizationUuid) await ctx.database.db.insert(organizationMembers).values({ organizationUuid, userUuid: user.uuid, roleId });
  return user;
}

async function organizationRole(builtin: string) {
  const [role] = await ctx.database.db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationUuid, DEMO.organizationUuid), isNull(roles.projectUuid), eq(roles.builtin, builtin)));
  return role;
}

/** The role of the demo organization that may only create projects, made once. */
let creatorRole: typeof roles.$inferSelect | undefined;
async function projectCreatorRole() {
  if (creatorRole) return creatorRole;
  [creatorRole] = await ctx.database.db
    .insert(roles)
    .values({ organizationUuid: DEMO.organizationUuid, name: '项目负责人', permissions: ['organization.project.create_project'] })
    .returning();
  return creatorRole;
}

const isOrganizationMember = async (userUuid: string) =>
  (
    await ctx.database.db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationUuid, DEMO.organizationUuid), eq(organizationMembers.userUuid, userUuid)))
  ).length > 0;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await login(ctx.app);
  await ctx.database.db.insert(organizations).values({ uuid: OTHER_ORG, name: '别家企业' });
});
afterAll(() => ctx.close());

describe('adding a project member names only members of the organization', () => {
  it('answers the same invitation for users of another tenant, users of no organization and names nobody has', async () => {
    const outsider = await makeUser('outsider', '13900000001', OTHER_ORG);
    const loner = await makeUser('loner', '13900000002');
    const names = [
      { username: 'outsider' },
      { username: '13900000001' },
      { user_uuid: outsider.uuid },
      { username: 'loner' },
      { username: '13900000002' },
      { username: 'nobody-at-all' },
      { username: '13900000009' },
      { user_uuid: '44444444-4444-4444-8444-444444444444' },
    ];
    const answers = [];
    for (const body of names) answers.push(await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, owner, body));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(202);
      expect(Object.keys(answer.json()).sort()).toEqual(['expires_at', 'invited', 'message', 'token', 'url']);
      expect(answer.json().message).toBe('已生成邀请链接，请发给对方；对方登录后打开链接即可加入项目');
      for (const secret of [outsider.uuid, loner.uuid, '昵称outsider', '昵称loner']) expect(answer.body).not.toContain(secret);
    }
    expect(await isOrganizationMember(outsider.uuid)).toBe(false);
    expect(await isOrganizationMember(loner.uuid)).toBe(false);
    const members = (await call('GET', `${BASE}/${DEMO.projectUuid}/members/?limit=100`, owner)).json();
    expect(members.results.map((m: { user: { username: string } }) => m.user.username)).toEqual(['demo']);
  });

  it('adds a member of the organization by username, mobile or uuid, and answers the member', async () => {
    const colleague = await makeUser('colleague', '13900000011', DEMO.organizationUuid);
    await makeUser('colleague2', '13900000012', DEMO.organizationUuid);
    const byMobile = await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, owner, { username: '13900000011' });
    expect(byMobile.statusCode, byMobile.body).toBe(201);
    expect(byMobile.json().user).toMatchObject({ uuid: colleague.uuid, username: 'colleague', mobile: '13900000011' });
    const again = await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, owner, { user_uuid: colleague.uuid });
    expect(again.json().message).toBe('用户 colleague 已是项目成员');
    expect((await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, owner, { username: 'colleague2' })).statusCode).toBe(201);
  });

  it('invites by name on both invite_user paths: members are added, anyone else gets a link that names nobody', async () => {
    await makeUser('teammate', '13900000021', DEMO.organizationUuid);
    const paths = [`${BASE}/${DEMO.projectUuid}/members/invite_user/`, `${BASE}/members/invite_user/?project_uuid=${DEMO.projectUuid}`];
    const first = await call('POST', paths[0], owner, [{ username: 'teammate' }, { username: 'outsider' }, { username: 'nobody-2' }]);
    expect(first.statusCode, first.body).toBe(201);
    const [member, outsider, nobody] = first.json();
    expect(member.user.username).toBe('teammate');
    for (const [invite, name] of [[outsider, 'outsider'], [nobody, 'nobody-2']]) {
      expect(Object.keys(invite).sort()).toEqual(['expires_at', 'invited', 'message', 'token', 'url', 'username']);
      expect(invite.username).toBe(name);
    }
    const second = await call('POST', paths[1], owner, { username: 'loner' });
    expect(second.statusCode).toBe(201);
    expect(Object.keys(second.json()[0]).sort()).toEqual(Object.keys(outsider).sort());
    expect(await isOrganizationMember((await ctx.database.db.select().from(users).where(eq(users.username, 'outsider')))[0].uuid)).toBe(false);
  });

  it('never leaves a project member outside the organization when adding races with removal', async () => {
    for (let i = 0; i < 8; i += 1) {
      const user = await makeUser(`racer${i}`, `1390000090${i}`, DEMO.organizationUuid);
      await Promise.all([
        call('POST', `${BASE}/${DEMO.projectUuid}/members/`, owner, { username: user.username }),
        call('POST', '/api/v1/organization/members/batch_delete/', owner, { ids: [user.uuid] }),
      ]);
      expect(await isOrganizationMember(user.uuid)).toBe(false);
      const members = (await call('GET', `${BASE}/${DEMO.projectUuid}/members/?limit=1000`, owner)).json();
      expect(members.results.map((m: { user: { uuid: string } }) => m.user.uuid)).not.toContain(user.uuid);
    }
  });

  it('lets the invited user join by the link, with the chosen role, once', async () => {
    const roleList = (await call('GET', `${BASE}/${DEMO.projectUuid}/roles/?limit=100`, owner)).json();
    const editor = roleList.results.find((role: { name: string }) => role.name === '报告管理员');
    const invite = (await call('POST', `${BASE}/${DEMO.projectUuid}/members/`, owner, { username: 'outsider', role_id: editor.id })).json();
    const outsider = await login(ctx.app, 'outsider', PASSWORD);
    const joined = await call('GET', `${BASE}/members/join/?token=${invite.token}`, outsider);
    expect(joined.json()).toEqual({ message: '成功加入项目', project_uuid: DEMO.projectUuid });
    const permission = (
      await ctx.app.inject({ method: 'GET', url: `${BASE}/${DEMO.projectUuid}/permission/`, headers: authHeaders(outsider, DEMO.organizationUuid) })
    ).json();
    expect(permission.role.name).toBe('报告管理员');
    const loner = await login(ctx.app, 'loner', PASSWORD);
    expect((await call('GET', `${BASE}/members/join/?token=${invite.token}`, loner)).json().message).toBe('邀请链接已达到使用次数上限');
  });
});

describe('projects of the organization', () => {
  it('needs the organization permission 新增项目 to create a project', async () => {
    const plain = await makeUser('plain', '13900000031', DEMO.organizationUuid, (await organizationRole('member')).id);
    const token = await login(ctx.app, 'plain', PASSWORD);
    const denied = await call('POST', `${BASE}/`, token, { name: '访客的项目' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(40301);
    const creators = await projectCreatorRole();
    await ctx.database.db.update(organizationMembers).set({ roleId: creators.id }).where(eq(organizationMembers.userUuid, plain.uuid));
    expect((await call('POST', `${BASE}/`, token, { name: '负责人的项目' })).statusCode).toBe(201);
    const catalogue = (await call('GET', '/api/permission/v1/groups/?type=organization', owner)).json();
    expect(JSON.stringify(catalogue)).toContain('organization.project.create_project');
  });

  it('lets organization admins list, open, change and delete every project, and nobody else', async () => {
    await makeUser('lead', '13900000041', DEMO.organizationUuid, (await projectCreatorRole()).id);
    const leadToken = await login(ctx.app, 'lead', PASSWORD);
    const project = (await call('POST', `${BASE}/`, leadToken, { name: '负责人独管的项目' })).json();
    expect(project.uuid).toBeDefined();

    await makeUser('manager', '13900000042', DEMO.organizationUuid, (await organizationRole('admin')).id);
    const managerToken = await login(ctx.app, 'manager', PASSWORD);
    const listed = (await call('GET', `${BASE}/?limit=100`, managerToken)).json();
    expect(listed.results.map((p: { name: string }) => p.name)).toContain('负责人独管的项目');
    expect((await call('GET', `${BASE}/${project.uuid}/`, managerToken)).statusCode).toBe(200);
    expect((await call('PATCH', `${BASE}/${project.uuid}/`, managerToken, { name: '改名的项目' })).json().name).toBe('改名的项目');
    expect((await call('GET', `${BASE}/${project.uuid}/members/`, owner)).statusCode).toBe(200);
    const body = multipart({}, { name: '负责人的报告.pdf', content: SAMPLES.pdf });
    const url = `/api/uploader/v1/projects/${project.uuid}/file_upload/`;
    const file = (await ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...authHeaders(leadToken) } })).json();
    expect((await call('GET', file.url, managerToken)).body).toBe(SAMPLES.pdf.toString());

    // A plain member of the organization, and a member of another organization, see nothing.
    const plain = await login(ctx.app, 'plain', PASSWORD);
    expect((await call('GET', `${BASE}/${project.uuid}/`, plain)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/?limit=100`, plain)).json().results.map((p: { name: string }) => p.name)).not.toContain('改名的项目');
    expect((await call('GET', file.url, plain)).statusCode).toBe(404);
    const stranger = await makeUser('stranger', '13900000043', OTHER_ORG, null);
    await ctx.database.db.update(organizationMembers).set({ isOwner: true }).where(eq(organizationMembers.userUuid, stranger.uuid));
    const strangerToken = await login(ctx.app, 'stranger', PASSWORD);
    const foreign = await ctx.app.inject({ method: 'GET', url: `${BASE}/${project.uuid}/`, headers: authHeaders(strangerToken, OTHER_ORG) });
    expect(foreign.statusCode).toBe(404);
    const smuggled = await ctx.app.inject({ method: 'GET', url: `${BASE}/${project.uuid}/`, headers: authHeaders(strangerToken, DEMO.organizationUuid) });
    expect(smuggled.statusCode).toBe(403);

    expect((await call('DELETE', `${BASE}/${project.uuid}/`, managerToken)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${project.uuid}/`, owner)).statusCode).toBe(404);
  });

  it('hands the projects of a removed sole 项目管理员 to the organization owner', async () => {
    const lead = await login(ctx.app, 'lead', PASSWORD);
    const project = (await call('POST', `${BASE}/`, lead, { name: '交接的项目' })).json();
    const [leadUser] = await ctx.database.db.select().from(users).where(eq(users.username, 'lead'));
    const removed = await call('POST', '/api/v1/organization/members/batch_delete/', owner, { ids: [leadUser.uuid] });
    expect(removed.statusCode, removed.body).toBe(204);
    const members = (await call('GET', `${BASE}/${project.uuid}/members/`, owner)).json();
    expect(members.results.map((m: { user: { username: string }; role: { name: string } }) => [m.user.username, m.role.name])).toEqual([
      ['demo', '项目管理员'],
    ]);
    const permission = (await call('GET', `${BASE}/${project.uuid}/permission/`, owner)).json();
    expect(permission.role.name).toBe('项目管理员');
  });
});
