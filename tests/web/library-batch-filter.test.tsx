import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { button } from './admin-helpers';
import { base, card, confirmButton, item, serveLibrary } from './library-fixtures';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';

const reports = Array.from({ length: 25 }, (_, i) => item(i + 1, `体检报告${i + 1}`));
const labelGroups = [{ id: 5, name: '体检维度', label_num: 2 }];
const labels = [
  { id: 11, name: '生态宜居', label_group: 5, label_group_name: '体检维度', origin: '报告' },
  { id: 12, name: '安全韧性', label_group: 5, label_group_name: '体检维度', origin: '报告' },
];

/** Opens the report list filtered by name, turns selection mode on and checks the whole page. */
async function pageChecked() {
  serveProject(adminDetails);
  const calls = serveLibrary('report', { items: reports });
  server.use(
    http.get(`${base}/label_group/`, () => HttpResponse.json({ results: labelGroups })),
    http.get(`${base}/label/`, () => HttpResponse.json({ count: labels.length, results: labels })),
  );
  signIn();
  const opened = openScreen('#/main/p-1/reportList?name=%E4%BD%93%E6%A3%80');
  await card('体检报告1');
  await opened.user.click(screen.getByText('批量操作').closest('button')!);
  const bar = await screen.findByLabelText('批量操作');
  await opened.user.click(within(bar).getByText('全选本页'));
  return { ...opened, bar, calls };
}

// A whole app under jsdom with many clicks: slower than the default on a busy machine.
describe('批量操作 over the filter', { timeout: 45_000 }, () => {
  it('offers every match after 全选本页, clears, and deletes every match by filter with the confirmed count', async () => {
    const { user, bar, calls } = await pageChecked();
    expect(await screen.findByText('已选择本页 10 条。')).toBeInTheDocument();
    await user.click(screen.getByText('选择全部 25 条符合条件的报告'));
    expect(await screen.findByText('已选择全部 25 条符合条件的报告。')).toBeInTheDocument();
    expect(within(bar).getByText('已选 25 项')).toBeInTheDocument();
    await user.click(screen.getByText('清除选择'));
    await waitFor(() => expect(screen.queryByText(/符合条件的报告/)).not.toBeInTheDocument());
    expect(within(bar).getByText('已选 0 项')).toBeInTheDocument();

    await user.click(within(bar).getByText('全选本页'));
    await user.click(await screen.findByText('选择全部 25 条符合条件的报告'));

    await user.click(button(bar, '删除'));
    await user.click(await confirmButton('此操作将把25条数据报告移入回收站（保留 30 天，期间可在回收站还原），是否继续操作?'));
    await waitFor(() => expect(calls.posts).toHaveLength(1));
    expect(calls.posts[0].body).toEqual({ filter: { name: '体检', created_at: 'created_at' }, expected_total: 25 });
  });

  it('批量打标签 adds labels chosen by label group to the filter, and a job shows its progress bar until done', async () => {
    const bodies: unknown[] = [];
    let polls = 0;
    const { user, bar } = await pageChecked();
    server.use(
      http.post(`${base}/report/batch_label/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ code: 200, message: '已开始批量打标签，共 25 条', data: { total: 25, batch_id: 7 } });
      }),
      http.get(`${base}/report/batch_job/7/`, () => {
        polls += 1;
        const done = polls === 1 ? 10 : 25;
        return HttpResponse.json({ code: 200, message: 'success', data: { id: 7, action: 'label', total: 25, done, skipped: 0, state: done === 25 ? 'done' : 'running', error: null, created_at: '2026-12-01 10:00:00', finished_at: null } });
      }),
    );
    await user.click(await screen.findByText('选择全部 25 条符合条件的报告'));
    await user.click(button(bar, '批量打标签'));
    const dialog = (await screen.findByText('批量打标签', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/将对已选择的 25 条报告添加所选标签/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择标签', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();

    await user.click(dialog.querySelector('.ant-select-selector') as HTMLElement);
    await user.click(await screen.findByText('体检维度', { selector: '.ant-cascader-menu-item-content' }));
    await user.click(await screen.findByText('安全韧性', { selector: '.ant-cascader-menu-item-content' }));
    await user.click(within(dialog).getByText('移除'));
    await user.click(within(dialog).getByText('添加'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByLabelText('批量操作进度')).toBeInTheDocument();
    expect(await screen.findByText('已处理 10 / 25 条')).toBeInTheDocument();
    expect(await screen.findByText('批量打标签完成', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(bodies).toEqual([{ filter: { name: '体检', created_at: 'created_at' }, expected_total: 25, add: [12], remove: [] }]);
  });
});
