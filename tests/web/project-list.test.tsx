import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, server } from './msw';
import { fill, openScreen, signIn } from './render';

const page = (results: unknown[]) => HttpResponse.json({ count: results.length, next: null, previous: null, results });

/** No project yet; the organization permission answers `permissions` (or the user has no organization). */
function serveEmpty(permissions: string[] | 'no-organization', owner = false) {
  server.use(
    http.get('*/api/project/v1/projects/', () => page([])),
    http.get('*/api/v1/user/info/', () => HttpResponse.json({ ...demoUser, organization_uuid: permissions === 'no-organization' ? null : 'org-1' })),
    http.get('*/api/organization/v1/permission/', () => HttpResponse.json({ is_owner: owner, role: null, permissions: permissions === 'no-organization' ? [] : permissions })),
  );
}

describe('项目列表 for a user with no project', () => {
  it('tells a user without an organization how to join one', async () => {
    serveEmpty('no-organization');
    signIn();
    openScreen('#/list');
    expect(await screen.findByText('您还没有加入任何企业')).toBeInTheDocument();
    expect(screen.getByText(/请向企业管理员索取邀请链接/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新建项目/ })).not.toBeInTheDocument();
  });

  it('lets a user without an organization create one, then offers the first project in it', async () => {
    let organization: string | null = null;
    const created: unknown[] = [];
    const projectsPosted: { body: unknown; organization: string | null }[] = [];
    server.use(
      http.get('*/api/project/v1/projects/', () => page([])),
      http.get('*/api/v1/user/info/', () => HttpResponse.json({ ...demoUser, organization_uuid: organization })),
      http.get('*/api/organization/v1/permission/', ({ request }) =>
        request.headers.get('Organization') === 'org-new' ? HttpResponse.json({ is_owner: true, role: { id: 7, name: '企业管理员' }, permissions: [] }) : HttpResponse.json({ code: 40300, message: '您还没有加入任何企业' }, { status: 403 }),
      ),
      http.post('*/api/organization/v1/organizations/', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        created.push(body);
        if (body.name === '示例企业') return HttpResponse.json({ code: 40000, message: '组织名称「示例企业」已被使用，请换一个名称' }, { status: 400 });
        organization = 'org-new';
        return HttpResponse.json({ uuid: 'org-new', name: body.name, is_owner: true, role: { id: 7, name: '企业管理员' }, is_current: true, member_count: 1, created_at: '2026-11-28 08:00:00', updated_at: '2026-11-28 08:00:00' }, { status: 201 });
      }),
      http.post('*/api/project/v1/projects/', async ({ request }) => {
        projectsPosted.push({ body: await request.json(), organization: request.headers.get('Organization') });
        return HttpResponse.json({ uuid: 'p-first', name: '第一个项目', color: '#1f4e9c' }, { status: 201 });
      }),
    );
    signIn();
    const { user } = openScreen('#/list');
    const empty = (await screen.findByText('您还没有加入任何企业')).closest('.ant-empty') as HTMLElement;
    expect(within(empty).getByText(/请向企业管理员索取邀请链接.*也可以创建自己的组织/)).toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: /创建组织/ }));

    const dialog = (await screen.findByText('组织名称')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入组织名称')).toBeInTheDocument();
    await fill(user, '请输入组织名称，如公司或团队的名称', '示例企业');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('组织名称「示例企业」已被使用，请换一个名称')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('请输入组织名称，如公司或团队的名称')).toBeInTheDocument();

    await user.clear(within(dialog).getByPlaceholderText('请输入组织名称，如公司或团队的名称'));
    await fill(user, '请输入组织名称，如公司或团队的名称', ' 绿城规划设计院 ');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('已创建组织「绿城规划设计院」')).toBeInTheDocument();
    expect(created).toEqual([{ name: '示例企业' }, { name: '绿城规划设计院' }]);

    // Now in the new organization: the new-project dialog is offered at once.
    const projectDialog = (await screen.findByText('封面颜色')).closest('.ant-modal') as HTMLElement;
    await fill(user, '请输入项目名称', '第一个项目');
    await user.click(within(projectDialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/main/p-first/reportList'));
    expect(projectsPosted).toEqual([{ body: { name: '第一个项目', description: '', color: '#1f4e9c' }, organization: 'org-new' }]);
  });

  it('tells a member without 新增项目 whom to ask', async () => {
    serveEmpty(['organization.member.view_member']);
    signIn();
    openScreen('#/list');
    expect(await screen.findByText('请联系项目管理员邀请您加入项目')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新建项目/ })).not.toBeInTheDocument();
  });

  it('lets a member with 新增项目 create a project, which then opens', async () => {
    serveEmpty(['organization.project.create_project']);
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/project/v1/projects/', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ uuid: 'p-9', name: '新城区体检', color: '#1f4e9c' }, { status: 201 });
      }),
    );
    signIn();
    const { user } = openScreen('#/list');
    const empty = (await screen.findByText('新建一个项目，开始管理报告、素材和标签')).closest('.ant-empty') as HTMLElement;
    await user.click(within(empty).getByRole('button', { name: /新建项目/ }));
    const dialog = (await screen.findByText('封面颜色')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入项目名称')).toBeInTheDocument();
    await fill(user, '请输入项目名称', ' 新城区体检 ');
    await fill(user, '请输入项目描述', '2026 年新城区城市体检');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/main/p-9/reportList'));
    expect(posted).toEqual([{ name: '新城区体检', description: '2026 年新城区城市体检', color: '#1f4e9c' }]);
    expect(await screen.findByText('新建项目成功')).toBeInTheDocument();
  });

  it('offers 新建项目 beside the search to the organization owner', async () => {
    server.use(http.get('*/api/project/v1/projects/', () => page([{ uuid: 'p-1', name: '城市体检示例项目', created_at: '2024-03-01 09:30:00' }])));
    server.use(http.get('*/api/organization/v1/permission/', () => HttpResponse.json({ is_owner: true, role: null, permissions: [] })));
    signIn();
    openScreen('#/list');
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /新建项目/ })).toBeInTheDocument();
  });
});
