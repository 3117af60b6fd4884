import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { button, dialog, expectNone, row } from './admin-helpers';
import { server } from './msw';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';

const inviteUrl = `${window.location.origin}${window.location.pathname}#/list?protoken=invite-1`;

describe('项目成员', () => {
  it('lists members, searches them and deletes a selection in one call', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    const zhangsan = await row('zhangsan');
    expect(within(zhangsan).getByText('访客')).toBeInTheDocument();
    expect(within(zhangsan).getByText('—')).toBeInTheDocument();
    expect(calls.memberQueries[0].get('limit')).toBe('10');
    expect(calls.memberQueries[0].get('offset')).toBe('0');

    await user.type(screen.getByPlaceholderText('搜索用户名、昵称或手机号'), '张{Enter}');
    await waitFor(() => expect(screen.queryByText('演示用户', { selector: 'td' })).not.toBeInTheDocument());
    expect(calls.memberQueries.at(-1)?.get('search')).toBe('张');

    await user.click(within(await row('zhangsan')).getByRole('checkbox'));
    await user.click(button(document.body, '批量删除'));
    const modal = (await screen.findByText('此操作将永久删除1条数据，是否继续操作?')).closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText('此操作将永久删除1条数据，是否继续操作?')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('批量删除成功!')).toBeInTheDocument();
    expect(calls.batchDeleted).toEqual([{ ids: [12] }]);
  });

  it('loads the list once when reached from another area', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openApp('#/main/p-1/tags');
    await user.hover(await screen.findByText('演示用户'));
    await user.click(await screen.findByRole('link', { name: '项目管理后台' }));
    await user.click(await screen.findByRole('link', { name: '项目成员' }));
    await row('zhangsan');
    // The invitation toolbar loads lazily after the list; its loading must not ask again.
    await screen.findByText('邀请链接');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.memberQueries).toHaveLength(1);
    // The one test of this file through the whole app: it transforms the app's modules first.
  }, 60_000);

  it('deletes one member after the confirmation, and keeps the list when the server refuses', async () => {
    serveProject(adminDetails);
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/project/v1/projects/members/:id/', ({ params }) => {
        deleted.push(String(params.id));
        return deleted.length === 1
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({ code: 40301, message: '没有删除项目成员的权限' }, { status: 403 });
      }),
    );
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    const confirmDelete = async () => {
      await user.click(within(await row('zhangsan')).getByText('删除'));
      // The newest confirmation: an earlier one may still be fading out.
      const modal = (await screen.findAllByText('此操作将永久删除1条数据，是否继续操作?')).at(-1)!.closest('.ant-modal') as HTMLElement;
      await user.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    };
    await confirmDelete();
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await confirmDelete();
    expect(await screen.findByText('没有删除项目成员的权限')).toBeInTheDocument();
    expect(deleted).toEqual(['12', '12']);
  });

  it('creates an invitation link for some days and copies it', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    await user.click(await screen.findByText('邀请链接'));
    const days = await screen.findByLabelText('有效天数');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByText('生成链接'));
    expect(await screen.findByLabelText('邀请链接')).toHaveValue(inviteUrl);
    expect(screen.getByText(/2024-03-08 09:30:00/)).toBeInTheDocument();
    expect(calls.inviteDays).toEqual(['3']);
    await user.click(screen.getByText('复制链接'));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    // user-event stands in for the Clipboard API.
    expect(await navigator.clipboard.readText()).toBe(inviteUrl);
  });

  it('copies with execCommand where the Clipboard API is missing', async () => {
    const copied: string[] = [];
    document.execCommand = vi.fn(() => {
      // The textarea copyText has just added (antd leaves a measuring one in <body> too).
      copied.push([...document.querySelectorAll<HTMLTextAreaElement>('body > textarea')].at(-1)?.value ?? '');
      return true;
    });
    serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(await screen.findByText('邀请链接'));
    await user.click(await screen.findByText('生成链接'));
    await user.click(await screen.findByText('复制链接'));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(copied).toEqual([inviteUrl]);
  });

  it('invites users by name with a role', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    await user.click(await screen.findByText('邀请成员', { selector: 'button span' }));
    const modal = await dialog('邀请成员');
    await user.click(within(modal).getByLabelText('用户名'));
    await user.paste('lisi,wangwu,');
    await user.click(within(modal).getByLabelText('角色'));
    await user.click(await screen.findByTitle('报告管理员'));
    await user.click(within(modal).getByRole('button', { name: /邀\s*请/ }));
    expect(await screen.findByText('邀请成功')).toBeInTheDocument();
    expect(calls.invited).toEqual([
      [
        { username: 'lisi', role_id: 2 },
        { username: 'wangwu', role_id: 2 },
      ],
    ]);
  });

  it('adds a member by name with a role, and changes a member’s role', async () => {
    const calls = serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    await user.click(await screen.findByText('新增'));
    const create = await dialog('新增项目成员');
    await user.click(within(create).getByLabelText('用户名或手机号'));
    await user.paste('lisi');
    await user.click(within(create).getByLabelText('角色'));
    await user.click(await screen.findByTitle('报告管理员'));
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增项目成员成功')).toBeInTheDocument();
    expect(calls.created).toEqual([{ username: 'lisi', role_id: 2 }]);

    await user.click(within(await row('zhangsan')).getByText('编辑'));
    const edit = await dialog('编辑项目成员');
    await waitFor(() => expect(within(edit).getByTitle('访客')).toBeInTheDocument());
    await user.click(within(edit).getByLabelText('角色'));
    const options = await screen.findAllByTitle('项目管理员');
    await user.click(options[options.length - 1]);
    await user.click(within(edit).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
    expect(calls.memberChanges).toEqual([{ id: '12', body: { role_id: 1 } }]);
  });

  it('shows the one-use invite link when the name is not a member of the organization', async () => {
    serveProject(adminDetails);
    const message = '已生成邀请链接，请发给对方；对方登录后打开链接即可加入项目';
    const invitation = { invited: true, message, token: 'one-use', expires_at: '2024-03-08 09:30:00', url: '#/list?protoken=one-use' };
    server.use(http.post('*/api/project/v1/projects/p-1/members/', () => HttpResponse.json(invitation, { status: 202 })));
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    await user.click(await screen.findByText('新增'));
    const create = await dialog('新增项目成员');
    await user.click(within(create).getByLabelText('用户名或手机号'));
    await user.paste('13900000001');
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByLabelText('邀请链接')).toHaveValue(
      `${window.location.origin}${window.location.pathname}#/list?protoken=one-use`,
    );
    expect(screen.queryByText('新增项目成员成功')).not.toBeInTheDocument();
  });

  it('lists a link for each invited name that is not a member of the organization', async () => {
    serveProject(adminDetails);
    const message = '已生成邀请链接，请发给对方；对方登录后打开链接即可加入项目';
    server.use(
      http.post('*/api/project/v1/projects/p-1/members/invite_user/', () =>
        HttpResponse.json(
          [
            { invited: true, username: 'outsider', message, token: 't-1', expires_at: '2024-03-08 09:30:00', url: '#/list?protoken=t-1' },
          ],
          { status: 201 },
        ),
      ),
    );
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    await user.click(await screen.findByText('邀请成员', { selector: 'button span' }));
    const modal = await dialog('邀请成员');
    await user.click(within(modal).getByLabelText('用户名'));
    await user.paste('outsider,');
    await user.click(within(modal).getByRole('button', { name: /邀\s*请/ }));
    expect(await screen.findByLabelText('outsider的邀请链接')).toHaveValue(
      `${window.location.origin}${window.location.pathname}#/list?protoken=t-1`,
    );
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('keeps the dialog open when the server refuses a new member', async () => {
    serveProject(adminDetails);
    server.use(
      http.post('*/api/project/v1/projects/p-1/members/', () =>
        HttpResponse.json({ code: 40000, message: '用户 nobody 不存在' }, { status: 400 }),
      ),
    );
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/projectUser');
    await user.click(await screen.findByText('新增'));
    const create = await dialog('新增项目成员');
    await user.click(within(create).getByLabelText('用户名或手机号'));
    await user.paste('nobody');
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('用户 nobody 不存在')).toBeInTheDocument();
    expect(within(create).getByLabelText('用户名或手机号')).toHaveValue('nobody');
    expect(screen.queryByText('新增项目成员成功')).not.toBeInTheDocument();
  });

  it('shows a visitor the list without any button that changes it', async () => {
    serveProject(visitorDetails, '访客');
    signIn();
    openScreen('#/projectSetting/p-1/projectUser');
    await row('zhangsan');
    expectNone(['新增', '批量删除', '邀请成员', '邀请链接', '编辑', '删除']);
    expect(document.querySelector('.ant-checkbox')).toBeNull();
  });
});
