import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw';
import { dialog, expectNone, row } from './admin-helpers';
import { adminDetails, demoRoles, serveProject, visitorDetails } from './project-fixtures';
import { openScreen, signIn } from './render';

describe('项目角色', () => {
  it('edits a role’s permissions from the catalogue and sends them as menus', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectRole');
    const editor = await row('报告管理员');
    await user.click(await within(editor).findByText('权限设置'));
    const modal = await dialog('权限设置：报告管理员');
    await user.click(within(modal).getByLabelText('删除报告'));
    // The model's own checkbox takes all four of its permissions.
    const members = modal.querySelector<HTMLElement>('[role=group][aria-label="项目成员"]')!;
    await user.click(within(members).getByLabelText('项目成员'));
    await user.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();

    const before = demoRoles[1].permissions;
    const memberDetails = ['view', 'create', 'edit', 'delete'].map((a) => `project.projectmember.${a}_projectmember`);
    const sent = (calls.menus[0].body as { menus: string[] }).menus;
    expect(calls.menus[0].id).toBe('2');
    expect([...sent].sort()).toEqual(
      [...new Set([...before.filter((d) => d !== 'report.report.delete_report'), ...memberDetails])].sort(),
    );
  });

  it('keeps the administrator role: no delete, a read-only permission view', async () => {
    serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectRole');
    const admin = await row('项目管理员');
    await user.click(await within(admin).findByText('查看权限'));
    expect(within(admin).queryByText('删除')).not.toBeInTheDocument();
    expect(within(admin).getByText('编辑')).toBeInTheDocument();
    expect(within(await row('报告管理员')).getByText('删除')).toBeInTheDocument();
    const modal = await dialog('查看权限：项目管理员');
    expect(within(modal).getByText('项目管理员角色拥有全部权限，不能修改')).toBeInTheDocument();
    expect(within(modal).getByLabelText('删除报告')).toBeDisabled();
  });

  it('shows a visitor no button that adds, edits or deletes roles', async () => {
    serveProject(visitorDetails, '访客');
    signIn();
    openScreen('#/projectSetting/p-1/projectRole');
    const visitor = await row('访客');
    expect(await within(visitor).findByText('查看权限')).toBeInTheDocument();
    expectNone(['新增', '批量删除', '编辑', '删除', '设为默认', '权限设置']);
  });
});

describe('项目信息 and 高级管理', () => {
  it('saves the project’s name and the profile’s description', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectInfo');
    const name = await screen.findByLabelText('项目名称');
    expect(screen.getByLabelText('项目描述')).toHaveValue('城市体检示例');
    await user.clear(name);
    await user.type(name, '城市体检二期');
    await user.type(screen.getByLabelText('项目描述'), '（更新）');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
    expect(calls.patched).toEqual([{ name: '城市体检二期', skin: '', color: '' }]);
    expect(calls.profiles).toEqual([{ description: '城市体检示例（更新）', logo: '' }]);
  });

  it('names its fields in Chinese only, the colour picker included', async () => {
    serveProject(adminDetails);
    signIn();
    const { user, container } = openScreen('#/projectSetting/p-1/projectInfo');
    await screen.findByLabelText('项目名称');
    expect(screen.getByText('项目标志')).toBeInTheDocument();
    await user.click(container.querySelector('.ant-color-picker-trigger') as HTMLElement);
    await waitFor(() => expect(document.querySelector('.ant-color-picker-input')).not.toBeNull());
    expect(document.body.textContent).not.toMatch(/Logo|HEX|RGB|HSB/);
  });

  it('uploads the project logo into the project with the avatar check (1MB)', async () => {
    const calls = serveProject(adminDetails);
    const uploads: string[] = [];
    server.use(
      http.post('*/api/uploader/v1/projects/p-1/file_upload/', ({ request }) => {
        uploads.push(new URL(request.url).searchParams.get('purpose') ?? '');
        return HttpResponse.json({ id: 7, url: '/api/uploader/v1/files/7/logo.png', name: 'logo.png' }, { status: 201 });
      }),
    );
    signIn();
    const { user, container } = openScreen('#/projectSetting/p-1/projectInfo');
    await screen.findByLabelText('项目名称');
    const input = () => container.querySelector('.uw-image-upload input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.setup({ applyAccept: false }).upload(input(), big);
    expect(await screen.findByText('上传头像图片大小不能超过 1MB!')).toBeInTheDocument();
    expect(uploads).toEqual([]);
    await userEvent.setup({ applyAccept: false }).upload(input(), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByAltText('项目标志')).toHaveAttribute('src', expect.stringContaining('/api/uploader/v1/files/7/logo.png'));
    expect(uploads).toEqual(['avatar']);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.profiles).toEqual([{ description: '城市体检示例', logo: '/api/uploader/v1/files/7/logo.png' }]));
  });

  it('deletes the project only after its exact name is typed, then opens the list', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectSeniorSetting');
    const remove = await screen.findByRole('button', { name: '删除项目' });
    expect(remove).toBeDisabled();
    await user.type(screen.getByPlaceholderText('请输入项目名称'), '城市体检示例');
    expect(remove).toBeDisabled();
    await user.type(screen.getByPlaceholderText('请输入项目名称'), '项目');
    expect(remove).toBeEnabled();
    await user.click(remove);
    expect(await screen.findByText('项目已删除')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/list'));
    expect(calls.deleted).toEqual(['p-1']);
  });
});
