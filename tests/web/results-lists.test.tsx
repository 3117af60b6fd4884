import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { card, confirmButton, item, serveLibrary } from './library-fixtures';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { fill, openApp, openScreen, signIn } from './render';
import { result, serveResults } from './results-fixtures';

const reports = [result(1, '幸福社区生态宜居体检报告'), result(2, '光明社区生态宜居体检报告'), result(3, '手工上传的专项报告', { region: null, dimension: null })];

/** Opens the screen at `hash`; `inApp` for a test of the side menu around it. */
function open(hash: string, details = adminDetails, inApp = false) {
  serveProject(details);
  signIn();
  return inApp ? openApp(hash) : openScreen(hash);
}

describe('单体报告列表 and 报告上传列表', { timeout: 60_000 }, () => {
  it('searches by name and deletes the checked reports after the count confirmation', async () => {
    const calls = serveResults({ items: reports });
    const { user } = open('#/cstjPage/p-1/singleReportList');
    expect(await screen.findByText('单体报告列表', { selector: 'h4' })).toBeInTheDocument();
    await card('手工上传的专项报告');
    expect(calls.lists[0].get('source')).toBe('all');
    expect(calls.lists[0].get('created_at')).toBe('-created_at');

    await user.click(screen.getByRole('button', { name: '搜索' }));
    await fill(user, '请输入报告名称', '光明');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.lists.at(-1)?.get('name')).toBe('光明'));
    await waitFor(() => expect(screen.queryByText('幸福社区生态宜居体检报告')).not.toBeInTheDocument());
    await user.clear(screen.getByPlaceholderText('请输入报告名称'));
    await user.keyboard('{Enter}');
    await card('幸福社区生态宜居体检报告');

    await user.click(screen.getByRole('button', { name: /删除报告/ }));
    const bar = await screen.findByRole('toolbar', { name: '批量操作' });
    await user.click(within(bar).getByRole('button', { name: /确认删除/ }));
    expect(await screen.findByText('请勾选批量删除数据!')).toBeInTheDocument();
    await user.click(within(await card('幸福社区生态宜居体检报告')).getByLabelText('勾选 幸福社区生态宜居体检报告'));
    await user.click(within(await card('手工上传的专项报告')).getByLabelText('勾选 手工上传的专项报告'));
    await user.click(within(bar).getByRole('button', { name: /确认删除/ }));
    await user.click(await confirmButton('此操作将把2条数据报告移入回收站（保留 30 天，期间可在回收站还原），是否继续操作?'));
    expect(await screen.findByText('批量删除成功!')).toBeInTheDocument();
    expect(calls.deleted).toEqual([{ ids: '1,3' }]);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: '批量操作' })).not.toBeInTheDocument());
  });

  it('opens the results variant of the report dialog from 新增报告', async () => {
    serveResults({ items: reports });
    const { user } = open('#/cstjPage/p-1/singleReportList');
    await card('幸福社区生态宜居体检报告');
    await user.click(screen.getByRole('button', { name: /新增报告/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('研究维度', { selector: 'label' })).toBeInTheDocument();
    expect(within(dialog).getByText(/支持 pdf 格式/)).toBeInTheDocument();
  });

  it('offers neither 新增报告 nor 删除报告 without create_report', async () => {
    serveResults({ items: reports });
    open('#/cstjPage/p-1/singleReportList', visitorDetails);
    await card('幸福社区生态宜居体检报告');
    expect(screen.queryByRole('button', { name: /新增报告/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除报告/ })).not.toBeInTheDocument();
  });

  it('shows skeleton cards while the first answer is on its way', async () => {
    serveResults({ items: reports, listDelay: 'infinite' });
    open('#/cstjPage/p-1/singleReportUpload');
    expect(await screen.findByLabelText('加载中')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('暂无报告')).not.toBeInTheDocument();
  });

  it('says 暂无报告 on an empty list', async () => {
    serveResults();
    open('#/cstjPage/p-1/singleReportList', visitorDetails);
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
  });

  it('lists the uploaded reports and asks for a dimension (请选择维度标签) on upload', async () => {
    const calls = serveResults({ items: [reports[2]] });
    const { user } = open('#/cstjPage/p-1/singleReportUpload');
    expect(await screen.findByText('报告上传列表', { selector: 'h4' })).toBeInTheDocument();
    await card('手工上传的专项报告');
    expect(calls.lists[0].get('source')).toBe('uploaded');
    await user.click(screen.getByRole('button', { name: /上传报告/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('请输入报告名称'), '专项报告');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择维度标签')).toBeInTheDocument();
    expect(within(dialog).getByText('请上传报告文件')).toBeInTheDocument();
  });

  it('shows the library report list in the area, whose cards open statisticsDetail', async () => {
    serveResults();
    serveLibrary('report', { items: [item(4, '年度体检报告')] });
    const { user } = open('#/cstjPage/p-1/reportList', adminDetails, true);
    expect(await screen.findByText('报告列表页', { selector: 'h4' })).toBeInTheDocument();
    expect(screen.getByText('报告列表', { selector: '.ant-menu-item-selected *' })).toBeInTheDocument();
    await user.click(within(await card('年度体检报告')).getByRole('button', { name: '查看 年度体检报告' }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/cstjPage\/p-1\/statisticsDetail\?id=4&.*from=reportList/));
  });
});
