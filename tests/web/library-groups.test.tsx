import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button } from './admin-helpers';
import { base, card, confirmButton, group, item, serveLibrary } from './library-fixtures';
import { server } from './msw';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { openScreen, signIn } from './render';

const groups = [group(5, '专项报告', 1, 0), group(6, '归档', 0, 1), group(7, '草稿', 0, 2)];

/** Opens the report list and the group manager. */
async function manager() {
  signIn();
  const opened = openScreen('#/main/p-1/reportList');
  await card('年度报告');
  await opened.user.click(await screen.findByLabelText('管理分组'));
  const panel = await screen.findByText('分组管理');
  return { ...opened, panel: panel.closest('nav') as HTMLElement };
}

const names = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll<HTMLInputElement>('.group-manager__row input[type="text"], .group-manager__row input:not([type])')).map((input) => input.value);

/**
 * jsdom lays nothing out; dnd-kit's keyboard sorting measures rows, so each row gets a
 * 40px-high box by its position in the list.
 */
function layOutRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('.group-manager__row');
    if (!row) return original.call(this);
    const index = Array.from(row.parentElement!.children).indexOf(row);
    const top = index * 40;
    return { x: 0, y: top, top, left: 0, right: 200, bottom: top + 40, width: 200, height: 40, toJSON: () => ({}) } as DOMRect;
  });
}

/** Moves the first group one place down with the keyboard, as a keyboard user drags. */
async function moveFirstDown(user: ReturnType<typeof openScreen>['user'], panel: HTMLElement) {
  layOutRows();
  const handle = within(panel).getByLabelText('拖动排序 专项报告');
  handle.focus();
  await user.keyboard('[Space]');
  await user.keyboard('[ArrowDown]');
  await user.keyboard('[Space]');
  await waitFor(() => expect(names(panel)).toEqual(['归档', '专项报告', '草稿']));
}

afterEach(() => vi.restoreAllMocks());

describe('分组管理', { timeout: 45_000 }, () => {
  it('shows 全部内容 and each group with its count', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: [item(1, '年度报告'), item(2, '季度报告', { group_id: 5 })], groups });
    signIn();
    openScreen('#/main/p-1/reportList');
    const panel = await screen.findByLabelText('分组');
    const all = await within(panel).findByText('全部内容');
    expect(all.closest('button')).toHaveTextContent('全部内容2');
    expect(within(panel).getByText('专项报告').closest('button')).toHaveTextContent('专项报告1');
  });

  it('offers a visitor no group manager', async () => {
    serveProject(visitorDetails);
    serveLibrary('report', { items: [item(1, '年度报告')], groups });
    signIn();
    openScreen('#/main/p-1/reportList');
    await card('年度报告');
    expect(screen.queryByLabelText('管理分组')).not.toBeInTheDocument();
  });

  it('asks for a name before adding a group, then shows the server message', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: [item(1, '年度报告')], groups });
    const { user, panel } = await manager();
    await user.click(button(panel, '添加'));
    expect(await screen.findByText('分组名称必填！')).toBeInTheDocument();
    expect(calls.posts).toEqual([]);
    await user.type(within(panel).getByLabelText('新分组名称'), '新分组');
    await user.click(button(panel, '添加'));
    expect(await screen.findByText('新增分组成功')).toBeInTheDocument();
    expect(calls.posts).toEqual([
      { path: '/studio/report/api/report/projects/p-1/report_group/group_create/', body: { name: '新分组', sorted: 3, user_uuid: 'u-1' } },
    ]);
  });

  it('refuses an empty name on rename and saves a new one', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: [item(1, '年度报告')], groups });
    const { user, panel } = await manager();
    const input = within(panel).getByLabelText('分组名称 归档');
    await user.clear(input);
    fireEvent.blur(input);
    expect(await screen.findByText('组名不能为空')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue('归档'));
    expect(calls.puts).toEqual([]);

    await user.clear(input);
    await user.type(input, '历史归档{Enter}');
    expect(await screen.findByText('修改分组名称成功')).toBeInTheDocument();
    expect(calls.puts).toEqual([
      { path: '/studio/report/api/report/projects/p-1/report_group/6/', body: { name: '历史归档', sorted: 1, user_uuid: 'u-1' } },
    ]);
  });

  it('saves a new order with each group at its position', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: [item(1, '年度报告')], groups });
    const { user, panel } = await manager();
    await moveFirstDown(user, panel);
    await user.click(button(panel, '保存排序'));
    expect(await screen.findByText('排序成功')).toBeInTheDocument();
    expect(calls.puts[0].body).toEqual({
      data: [
        { id: 6, name: '归档', sorted: 0, user_uuid: 'u-1' },
        { id: 5, name: '专项报告', sorted: 1, user_uuid: 'u-1' },
        { id: 7, name: '草稿', sorted: 2, user_uuid: 'u-1' },
      ],
    });
  });

  it('says 数据保存失败! and puts the order back when saving fails', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: [item(1, '年度报告')], groups });
    server.use(http.put(`${base}/report_group/batch_edit/`, () => HttpResponse.json({ code: 500, message: '保存失败' })));
    const { user, panel } = await manager();
    await moveFirstDown(user, panel);
    await user.click(button(panel, '保存排序'));
    expect(await screen.findByText('数据保存失败!')).toBeInTheDocument();
    await waitFor(() => expect(names(panel)).toEqual(['专项报告', '归档', '草稿']));
  });

  it('asks to save an unsaved order when leaving edit mode', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: [item(1, '年度报告')], groups });
    const { user, panel } = await manager();
    await moveFirstDown(user, panel);
    await user.click(button(panel, '完成'));
    const content = await screen.findByText('分组顺序已修改，是否保存？');
    await user.click(within(content.closest('.ant-modal') as HTMLElement).getByText('保 存', { exact: false }).closest('button')!);
    expect(await screen.findByText('排序成功')).toBeInTheDocument();
    expect(calls.puts).toHaveLength(1);
    expect(await screen.findByLabelText('管理分组')).toBeInTheDocument();
  });

  it('asks which groups to delete, confirms, and deletes them', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: [item(1, '年度报告')], groups });
    const { user, panel } = await manager();
    await user.click(button(panel, '删除'));
    expect(await screen.findByText('请选择删除分组')).toBeInTheDocument();
    await user.click(within(panel).getByLabelText('选择分组 归档'));
    await user.click(within(panel).getByLabelText('选择分组 草稿'));
    await user.click(button(panel, '删除'));
    await user.click(await confirmButton(/此操作将把2个分组移入回收站/));
    expect(await screen.findByText('批量删除成功!')).toBeInTheDocument();
    expect(calls.posts).toEqual([{ path: '/studio/report/api/report/projects/p-1/report_group/batch_delete/', body: { ids: '6,7' } }]);
  });
});
