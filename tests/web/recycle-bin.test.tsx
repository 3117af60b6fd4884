import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { base, confirmButton } from './library-fixtures';
import { server } from './msw';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { openScreen, signIn } from './render';

const entry = (id: number, name: string, extra: object = {}) => ({
  id,
  item_id: id + 100,
  name,
  origin: '报告',
  group_id: 5,
  group_name: '专项报告',
  group_exists: true,
  batch: `batch-${id}`,
  batch_size: 1,
  deleted_by: '演示用户',
  deleted_at: '2026-12-01 10:00:00',
  days_left: 30,
  ...extra,
});

const groupEntry = (id: number, name: string, extra: object = {}) =>
  entry(id, name, { target: 'group', group_id: -1, group_name: null, item_count: 3, name_taken: false, ...extra });

/** The bin's routes: entries by tab (origin, or origin + 分组 for groups); what restore and purge were sent, and the entries they take out. */
function serveBin(byOrigin: Record<string, ReturnType<typeof entry>[]>, restoredMessage?: string) {
  const posts: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.get(`${base}/recycle_bin/`, ({ request }) => {
      const search = new URL(request.url).searchParams;
      const origin = `${search.get('origin') ?? '报告'}${search.get('target') === 'group' ? '分组' : ''}`;
      const data = byOrigin[origin] ?? [];
      return HttpResponse.json({ code: 200, result: { data, pageNo: 1, pageSize: 10, total: data.length, retention_days: 30 } });
    }),
    http.post(`${base}/recycle_bin/:action/`, async ({ request, params }) => {
      const body = (await request.json()) as { ids?: string; all?: boolean; origin?: string; target?: string };
      posts.push({ path: String(params.action), body });
      const ids = new Set((body.ids ?? '').split(',').map(Number));
      for (const origin of Object.keys(byOrigin)) byOrigin[origin] = body.all && `${body.origin}${body.target === 'group' ? '分组' : ''}` === origin ? [] : byOrigin[origin].filter((row) => !ids.has(row.id));
      const n = body.all ? 2 : ids.size;
      return HttpResponse.json({ code: 200, message: params.action === 'restore' ? (restoredMessage ?? `已还原 ${n} 项`) : `已彻底删除 ${n} 项`, data: {} });
    }),
  );
  return posts;
}

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('回收站', { timeout: 45_000 }, () => {
  it('lists the deleted reports with group, deleter and days left, and restores one, the chosen, and empties the bin', async () => {
    serveProject(adminDetails);
    const posts = serveBin({
      报告: [entry(11, '年度报告'), entry(12, '季度报告', { group_exists: false, days_left: 2 }), entry(13, '月度报告', { group_id: -1, group_name: null })],
      素材: [entry(21, '航拍图', { origin: '素材', group_id: -1, group_name: null })],
    });
    signIn();
    const { user } = openScreen('#/main/p-1/recycleBin');
    const first = await row('年度报告');
    for (const text of ['专项报告', '演示用户', '2026-12-01 10:00:00', '30 天']) expect(within(first).getByText(text)).toBeInTheDocument();
    expect(within(await row('季度报告')).getByText('已删除，还原时重建')).toBeInTheDocument();
    expect(within(await row('月度报告')).getByText('未分组')).toBeInTheDocument();
    expect(screen.getByText(/删除的报告在回收站保留 30 天/)).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: '还原' }));
    await user.click(await confirmButton('确定还原「年度报告」吗？'));
    expect(await screen.findByText('已还原 1 项')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('年度报告')).not.toBeInTheDocument());

    expect(screen.getByRole('button', { name: '还原所选' })).toBeDisabled();
    await user.click(within(await row('季度报告')).getByRole('checkbox'));
    await user.click(within(await row('月度报告')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '还原所选' }));
    await user.click(await confirmButton(/确定还原所选的 2 项吗？原分组已删除的，将重建同名分组后放回/));
    await waitFor(() => expect(screen.getByText('回收站中没有报告')).toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: '素材' }));
    expect(await row('航拍图')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '清空回收站' }));
    await user.click(await confirmButton('此操作将彻底删除回收站中的全部素材及其文件，无法恢复，是否继续操作?'));
    await waitFor(() => expect(screen.getByText('回收站中没有素材')).toBeInTheDocument());
    expect(posts).toEqual([
      { path: 'restore', body: { ids: '11' } },
      { path: 'restore', body: { ids: '12,13' } },
      { path: 'purge', body: { all: true, origin: '素材' } },
    ]);
  });

  it('lists deleted groups with how many items they held, restores one saying what comes back, and empties the group bin', async () => {
    serveProject(adminDetails);
    const posts = serveBin(
      { 报告: [], 报告分组: [groupEntry(31, '专项分组'), groupEntry(32, '年度分组', { name_taken: true, item_count: 0, batch_size: 2 })] },
      '已还原分组「专项分组」，移回其中 2 项；另有 1 项已移至其他分组或已删除，未移动',
    );
    signIn();
    const { user } = openScreen('#/main/p-1/recycleBin');
    await user.click(await screen.findByRole('tab', { name: '报告分组' }));
    const first = await row('专项分组');
    for (const text of ['包含 3 项', '演示用户', '2026-12-01 10:00:00', '30 天']) expect(within(first).getByText(text)).toBeInTheDocument();
    const second = await row('年度分组');
    expect(within(second).getByText('已有同名分组，还原时并入')).toBeInTheDocument();
    expect(within(second).getByText('包含 0 项')).toBeInTheDocument();
    expect(screen.getByText(/删除的报告分组在回收站保留 30 天，到期后彻底删除（其中的报告不受影响）/)).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: '还原' }));
    await user.click(await confirmButton(/确定还原分组「专项分组」吗？其中删除分组时所含、至今仍未分组的报告将移回该分组/));
    expect(await screen.findByText('已还原分组「专项分组」，移回其中 2 项；另有 1 项已移至其他分组或已删除，未移动')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('专项分组')).not.toBeInTheDocument());

    await user.click(within(await row('年度分组')).getByRole('button', { name: '还原此批' }));
    const batchAsk = (await screen.findByText(/确定还原与「年度分组」同一次删除的 2 个分组吗？.*已有同名分组的，将并入该分组/)).closest('.ant-modal') as HTMLElement;
    await user.click(within(batchAsk).getByRole('button', { name: /取\s*消/ }));
    await user.click(screen.getByRole('button', { name: '清空回收站' }));
    await user.click(await confirmButton('此操作将彻底删除回收站中的全部报告分组（其中的报告不受影响），无法还原，是否继续操作?'));
    await waitFor(() => expect(screen.getByText('回收站中没有报告分组')).toBeInTheDocument());
    expect(posts).toEqual([
      { path: 'restore', body: { ids: '31' } },
      { path: 'purge', body: { all: true, origin: '报告', target: 'group' } },
    ]);
  });

  it('shows a visitor the entries without restore or purge', async () => {
    serveProject(visitorDetails, '访客');
    serveBin({ 报告: [entry(11, '年度报告')], 素材: [] });
    signIn();
    openScreen('#/main/p-1/recycleBin');
    const first = await row('年度报告');
    expect(within(first).queryByRole('button', { name: '还原' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '清空回收站' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '还原所选' })).not.toBeInTheDocument();
  });

  it('shows a member who may manage report groups but not reports the 报告分组 tab alone, with its actions', async () => {
    serveProject(adminDetails.filter((detail) => detail.endsWith('_reportgroup')), '分组管理员');
    serveBin({ 报告: [entry(11, '年度报告')], 报告分组: [groupEntry(21, '旧分组')] });
    signIn();
    openScreen('#/main/p-1/recycleBin');
    const group = await row('旧分组');
    expect(within(group).getByRole('button', { name: '还原' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['报告分组']);
    expect(screen.queryByText('年度报告')).not.toBeInTheDocument();
  });
});
