import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/lib/passwords';
import { organizationMembers, organizations, projectMembers, projects, users } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;
const OTHER_ORG = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  // 12 more projects for demo, one the demo user is not a member of (but, as the organization's owner, sees), and one in another organization.
  const extra = await db
    .insert(projects)
    .values(Array.from({ length: 12 }, (_, i) => ({ organizationUuid: DEMO.organizationUuid, name: `附加项目${String(i).padStart(2, '0')}` })))
    .returning();
  const [demoUser] = await db.select().from(users);
  await db.insert(projectMembers).values(extra.map((p) => ({ projectUuid: p.uuid, userUuid: demoUser.uuid })));
  await db.insert(projects).values({ organizationUuid: DEMO.organizationUuid, name: '别人的项目' });
  await db.insert(organizations).values({ uuid: OTHER_ORG, name: '另一家企业' });
  const [other] = await db.insert(projects).values({ organizationUuid: OTHER_ORG, name: '外企项目' }).returning();
  await db.insert(projectMembers).values({ projectUuid: other.uuid, userUuid: demoUser.uuid });
  const [stranger] = await db
    .insert(users)
    .values({ username: 'stranger', passwordHash: await hashPassword('stranger123') })
    .returning();
  await db.insert(organizationMembers).values({ organizationUuid: OTHER_ORG, userUuid: stranger.uuid });
  token = await login(ctx.app);
});
afterAll(() => ctx.close());

const list = (query = '', organization?: string, as = token) =>
  ctx.app.inject({ method: 'GET', url: `/api/project/v1/projects/${query}`, headers: authHeaders(as, organization) });

describe('GET /api/project/v1/projects/', () => {
  it('lists only the projects of the current organization, every one for its owner, in DRF pages', async () => {
    const response = await list('?limit=5');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(14);
    expect(body.results).toHaveLength(5);
    expect(body.previous).toBeNull();
    expect(body.next).toContain('limit=5');
    expect(body.next).toContain('offset=5');
    const names = (await list('?limit=100')).json().results.map((p: { name: string }) => p.name);
    expect(names).toContain(DEMO.projectName);
    expect(names).toContain('别人的项目');
    expect(names).not.toContain('外企项目');
  });

  it('shows each project with contract fields and dates as yyyy-MM-dd HH:mm:ss', async () => {
    const [demo] = (await list('?search=城市体检')).json().results;
    expect(demo).toMatchObject({ uuid: DEMO.projectUuid, name: DEMO.projectName, skin: 'darkblue', is_public: false });
    expect(demo.extra_info).toMatchObject({ project_id: DEMO.projectUuid });
    expect(demo.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('searches by name, orders and pages', async () => {
    expect((await list('?search=附加项目1')).json().count).toBe(2);
    const byName = (await list('?search=附加&ordering=-name&limit=2&offset=1')).json();
    expect(byName.results.map((p: { name: string }) => p.name)).toEqual(['附加项目10', '附加项目09']);
    expect(byName.previous).not.toContain('offset=');
    expect((await list('?search=%25')).json().count).toBe(0);
  });

  it('switches organization by the Organization header, only to one the caller belongs to', async () => {
    const strangerToken = await login(ctx.app, 'stranger', 'stranger123');
    expect((await list('', undefined, strangerToken)).json().count).toBe(0);
    const denied = await list('', DEMO.organizationUuid, strangerToken);
    expect(denied.statusCode).toBe(403);
  });

  it('refuses bad paging and ordering with a Chinese message', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?ordering=password_hash', '?limit=100000']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/project/v1/projects/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/project/v1/projects/', () => {
  it('creates a project with its description in the profile, the creator its first member', async () => {
    const created = await ctx.app.inject({
      method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(token),
      payload: { name: '  新城区体检  ', color: '#2f6bc6', description: '2026 年新城区城市体检' },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({ name: '新城区体检', color: '#2f6bc6' });
    const profile = await ctx.app.inject({ method: 'GET', url: `/api/project_profile/projects/${project.uuid}/project_profile/get_profile/`, headers: authHeaders(token) });
    expect(profile.json()).toMatchObject({ description: '2026 年新城区城市体检' });
    expect((await list('?search=新城区')).json().results.map((p: { name: string }) => p.name)).toEqual(['新城区体检']);
  });

  it('refuses a missing name and a description over 500 characters, making nothing', async () => {
    const before = (await list('?limit=1')).json().count;
    const unnamed = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(token), payload: { name: ' ' } });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toMatch(/项目名称/);
    const long = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(token), payload: { name: '长描述', description: '字'.repeat(501) } });
    expect(long.statusCode).toBe(400);
    expect((await list('?limit=1')).json().count).toBe(before);
  });
});
