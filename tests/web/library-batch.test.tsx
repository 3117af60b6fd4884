import { screen, waitFor, within } from '@testing-library/react';
import JSZip from 'jszip';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button } from './admin-helpers';
import { base, card, confirmButton, group, item, serveLibrary } from './library-fixtures';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';

const reports = [item(1, '年度报告'), item(2, '季度报告', { group_id: 5 }), item(3, '月度报告', { real_file_name: '' })];
const groups = [group(5, '专项报告', 1), group(6, '归档', 0)];

/** Opens a list, waits for its cards and turns selection mode on. */
async function selectionMode(hash: string, shown = '年度报告') {
  signIn();
  const opened = openScreen(hash);
  await card(shown);
  await opened.user.click(screen.getByText('批量操作').closest('button')!);
  const bar = await screen.findByLabelText('批量操作');
  return { ...opened, bar };
}

const check = async (user: ReturnType<typeof openScreen>['user'], name: string) => user.click(screen.getByLabelText(`勾选 ${name}`));

afterEach(() => vi.restoreAllMocks());

// Many clicks on a whole app under jsdom: slower than the default 20 s on a busy machine.
describe('批量操作', { timeout: 45_000 }, () => {
  it('tells what to check first, for every batch action of reports', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports, groups });
    const { user, bar } = await selectionMode('#/main/p-1/reportList?groupId=5', '季度报告');
    for (const [action, text] of [
      ['移动到分组', '请勾选批量移动数据!'],
      ['移出分组', '请勾选批量移出数据!'],
      ['删除', '请勾选批量删除数据!'],
      ['下载', '请勾选需要下载的报告'],
    ]) {
      await user.click(button(bar, action));
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(button(bar, '批量新增')).toBeInTheDocument();
    expect(button(bar, '导出标签')).toBeInTheDocument();
  });

  it('asks materials for a file to download, and offers no tag spreadsheet or 移出分组 without a group', async () => {
    serveProject(adminDetails);
    serveLibrary('material', { items: reports, groups });
    const { user, bar } = await selectionMode('#/main/p-1/materialList');
    await user.click(button(bar, '下载'));
    expect(await screen.findByText('请选择下载的文件')).toBeInTheDocument();
    expect(within(bar).queryByText('移出分组')).not.toBeInTheDocument();
    expect(within(bar).queryByText('导出标签')).not.toBeInTheDocument();
  });

  it('asks for a target group, moves the checked reports, and leaves selection mode', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports, groups });
    const { user, bar } = await selectionMode('#/main/p-1/reportList');
    await check(user, '年度报告');
    await check(user, '月度报告');
    await user.click(button(bar, '移动到分组'));
    expect(await screen.findByText('请选择要移动的分组')).toBeInTheDocument();

    await user.click(within(bar).getByLabelText('目标分组', { selector: 'input' }));
    await user.click(await screen.findByText('归档', { selector: '.ant-select-item-option-content' }));
    await user.click(button(bar, '移动到分组'));
    expect(await screen.findByText('批量移动成功')).toBeInTheDocument();
    expect(calls.puts).toEqual([{ path: '/studio/report/api/report/projects/p-1/report/batch_remove_edit/', body: { ids: '1,3', group_id: 6 } }]);
    await waitFor(() => expect(screen.queryByLabelText('批量操作')).not.toBeInTheDocument());
  });

  it("shows the server's message when a move is refused", async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports, groups });
    server.use(http.put(`${base}/report/batch_remove_edit/`, () => HttpResponse.json({ code: 400, message: '分组不存在' })));
    const { user, bar } = await selectionMode('#/main/p-1/reportList');
    await check(user, '年度报告');
    await user.click(within(bar).getByLabelText('目标分组', { selector: 'input' }));
    await user.click(await screen.findByText('归档', { selector: '.ant-select-item-option-content' }));
    await user.click(button(bar, '移动到分组'));
    expect(await screen.findByText('分组不存在')).toBeInTheDocument();
    expect(screen.queryByText('批量移动成功')).not.toBeInTheDocument();
  });

  it('confirms a delete with the count, then shows the server message', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports, groups });
    const { user, bar } = await selectionMode('#/main/p-1/reportList');
    await user.click(within(bar).getByLabelText('全选本页'));
    expect(within(bar).getByText('已选 3 项')).toBeInTheDocument();
    await user.click(button(bar, '删除'));
    await user.click(await confirmButton('此操作将把3条数据报告移入回收站（保留 30 天，期间可在回收站还原），是否继续操作?'));
    expect(await screen.findByText('批量删除成功!')).toBeInTheDocument();
    expect(calls.posts).toEqual([{ path: '/studio/report/api/report/projects/p-1/report/batch_delete/', body: { ids: '1,2,3' } }]);
  });

  it('confirms moving out of the chosen group with the count', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports, groups });
    const { user, bar } = await selectionMode('#/main/p-1/reportList?groupId=5', '季度报告');
    await check(user, '季度报告');
    await user.click(button(bar, '移出分组'));
    await user.click(await confirmButton('此操作将1条数据报告全部移出分组，是否继续操作?'));
    expect(await screen.findByText('批量移出成功')).toBeInTheDocument();
    expect(calls.puts[0].body).toEqual({ ids: '2', group_id: -1 });
  });

  it('counts materials, not 数据报告, when confirming a delete or a move out', async () => {
    serveProject(adminDetails);
    const materials = [item(1, '街景照片', { group_id: 5 }), item(2, '航拍照片', { group_id: 5 })];
    const calls = serveLibrary('material', { items: materials, groups });
    const { user, bar } = await selectionMode('#/main/p-1/materialList?groupId=5', '街景照片');
    await user.click(within(bar).getByLabelText('全选本页'));
    await user.click(button(bar, '移出分组'));
    await user.click(await confirmButton('此操作将2条素材全部移出分组，是否继续操作?'));
    expect(await screen.findByText('批量移出成功')).toBeInTheDocument();
    expect(calls.puts[0]).toEqual({ path: '/studio/report/api/report/projects/p-1/material/batch_remove_edit/', body: { ids: '1,2', group_id: -1 } });
    await user.click(screen.getByText('批量操作').closest('button')!);
    const again = await screen.findByLabelText('批量操作');
    await check(user, '航拍照片');
    await user.click(button(again, '删除'));
    await user.click(await confirmButton('此操作将把1条素材移入回收站（保留 30 天，期间可在回收站还原），是否继续操作?'));
    expect(calls.posts).toEqual([{ path: '/studio/report/api/report/projects/p-1/material/batch_delete/', body: { ids: '2' } }]);
    expect(document.body.textContent).not.toContain('数据报告');
  });

  it('zips the files that arrive and names the one that failed', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports, groups });
    server.use(
      http.get('*/api/uploader/v1/files/:id/:name', ({ params }) =>
        params.id === '2' ? HttpResponse.json({ code: 404, message: '文件不存在' }, { status: 404 }) : HttpResponse.text(`file ${String(params.id)}`),
      ),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:reports';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user, bar } = await selectionMode('#/main/p-1/reportList');
    await user.click(within(bar).getByLabelText('全选本页'));
    await user.click(button(bar, '下载'));
    expect(await screen.findByText('Failed to fetch file: 季度报告.pdf')).toBeInTheDocument();
    expect(await screen.findByText('浏览器准备下载')).toBeInTheDocument();
    expect(clicked).toEqual(['reports.zip']);
    const zip = await JSZip.loadAsync(await saved[0].arrayBuffer());
    expect(Object.keys(zip.files)).toEqual(['年度报告.pdf', '月度报告.pdf']);
    expect(await zip.file('月度报告.pdf')!.async('string')).toBe('file 3');
  });
});
