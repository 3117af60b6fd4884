import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { card, group, item, label, serveLibrary } from './library-fixtures';
import { openApp, openScreen, signIn } from './render';

const reports = [
  item(1, '城市体检年度报告', { labels: [label(11, '生态宜居'), label(12, '健康舒适')], created_at: '2024-03-01 09:30:00' }),
  item(2, '交通专项报告', { group_id: 5, created_at: '2024-03-02 10:00:00' }),
];

// Whole-app renders under jsdom: slower than the default 20 s on a busy machine.
describe('报告列表', { timeout: 45_000 }, () => {
  it('shows 暂无报告 with the add hint to a user who may add reports', async () => {
    serveProject(adminDetails);
    serveLibrary('report');
    signIn();
    openScreen('#/main/p-1/reportList');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(screen.getByText('点击右上角新增报告')).toBeInTheDocument();
    expect(screen.getByText('报告列表页', { selector: 'h4' })).toBeInTheDocument();
  });

  it('shows 暂无报告 without the hint or the add button to a visitor', async () => {
    serveProject(visitorDetails);
    serveLibrary('report');
    signIn();
    openScreen('#/main/p-1/reportList');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(screen.queryByText('点击右上角新增报告')).not.toBeInTheDocument();
    expect(screen.queryByText('新增报告')).not.toBeInTheDocument();
    expect(screen.queryByText('批量操作')).not.toBeInTheDocument();
  });

  it('says no report matches, not that there is none, when a search finds nothing', async () => {
    serveProject(adminDetails);
    serveLibrary('report');
    signIn();
    openScreen(`#/main/p-1/reportList?content=${encodeURIComponent('萤火虫')}`);
    expect(await screen.findByText('没有符合条件的报告')).toBeInTheDocument();
    expect(screen.getByText('没有文字中含有「萤火虫」的报告，可换个说法再检索')).toBeInTheDocument();
    expect(screen.queryByText('点击右上角新增报告')).not.toBeInTheDocument();
  });

  it('shows skeleton cards while the first answer is on its way', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports, listDelay: 'infinite' });
    signIn();
    openScreen('#/main/p-1/reportList');
    const busy = await screen.findByLabelText('加载中');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('暂无报告')).not.toBeInTheDocument();
  });

  it('shows cards with name, date and tags, and the list view with its columns', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports, groups: [group(5, '专项报告', 1)] });
    signIn();
    const { user } = openScreen('#/main/p-1/reportList');
    const first = await card('城市体检年度报告');
    expect(within(first).getByText('2024-03-01')).toBeInTheDocument();
    expect(within(first).getByText('生态宜居')).toBeInTheDocument();
    expect(within(first).getByLabelText('编辑')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();

    await user.click(screen.getByText('列表'));
    const [headerCell] = await screen.findAllByText('创建时间', { selector: 'th, th *' });
    const header = headerCell.closest('tr') as HTMLElement;
    for (const title of ['序号', '名称', '更新时间', '标签', '操作']) expect(within(header).getByText(title)).toBeInTheDocument();
    const row = (await screen.findByText('交通专项报告', { selector: 'td, td *' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2024-03-02 10:00:00')).toBeInTheDocument();
    expect(within(row).getByText('查看')).toBeInTheDocument();
    expect(within(row).getByText('更新')).toBeInTheDocument();
    expect(window.location.hash).toContain('view=list');
  });

  it('shows a report with no cover of its own by its file’s first page, from the top; an uploaded cover whole', async () => {
    const file = '/api/uploader/v1/files/8/体检报告.pdf';
    serveProject(adminDetails);
    serveLibrary('report', {
      items: [
        item(8, '首页报告', { file, cover: '/covers/default-1.png', thumbnail: `${file}?format=thumbnail` }),
        item(9, '封面报告', { file, cover: '/api/uploader/v1/files/10/封面.png', thumbnail: '/api/uploader/v1/files/10/封面.png?format=thumbnail' }),
      ],
    });
    signIn();
    openScreen('#/main/p-1/reportList');
    const page = within(await card('首页报告')).getByAltText('首页报告');
    expect(page).toHaveAttribute('src', `${file}?format=thumbnail`);
    expect(page).toHaveClass('library-card__page');
    expect(within(await card('封面报告')).getByAltText('封面报告')).not.toHaveClass('library-card__page');
  });

  it('cuts a very long name short in the list view and shows it whole on hover', async () => {
    const long = `${'城市体检综合评估与更新行动专项报告'.repeat(6)}（终稿）`;
    serveProject(adminDetails);
    serveLibrary('report', { items: [item(3, long), ...reports] });
    signIn();
    const { user } = openScreen('#/main/p-1/reportList?view=list');
    const cell = (await screen.findByText(long, { selector: 'td, td *' }, { timeout: 30_000 })).closest('td') as HTMLElement;
    expect(cell).toHaveClass('ant-table-cell-ellipsis');
    // The columns keep their widths: the table is as wide as they are, not as the longest name.
    expect((cell.closest('table') as HTMLElement).style.width).not.toBe('max-content');
    await user.hover(within(cell).getByText(long));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  });

  it('opens with the URL query and sends those values', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports });
    signIn();
    openScreen('#/main/p-1/reportList?name=%E4%BA%A4%E9%80%9A&pageNo=2&created_at=-created_at&label_ids=11,12');
    await waitFor(() => expect(calls.lists.length).toBeGreaterThan(0));
    const sent = calls.lists[0];
    expect(sent.get('name')).toBe('交通');
    expect(sent.get('pageNo')).toBe('2');
    expect(sent.get('pageSize')).toBe('10');
    expect(sent.get('created_at')).toBe('-created_at');
    expect(sent.get('label_ids')).toBe('11,12');
    expect(sent.has('group_id')).toBe(false);
    expect(await screen.findByDisplayValue('交通')).toBeInTheDocument();
    expect(screen.getByLabelText('创建时间降序')).toBeInTheDocument();
  });

  it('selecting a group resets the date range, the tags and the page', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports, groups: [group(5, '专项报告', 1)] });
    signIn();
    const { user } = openApp(
      '#/main/p-1/reportList?pageNo=2&name=%E6%8A%A5%E5%91%8A&start_time=2024-03-01%2000:00:00&end_time=2024-03-31%2023:59:59&label_ids=11',
    );
    await waitFor(() => expect(calls.lists.length).toBeGreaterThan(0));
    expect(calls.lists[0].get('start_time')).toBe('2024-03-01 00:00:00');
    const panel = screen.getByLabelText('分组');
    await user.click(await within(panel).findByText('专项报告'));
    expect(await card('交通专项报告')).toBeInTheDocument();
    const last = calls.lists[calls.lists.length - 1];
    expect(last.get('group_id')).toBe('5');
    expect(last.get('pageNo')).toBe('1');
    expect(last.get('name')).toBe('报告');
    expect(last.has('start_time')).toBe(false);
    expect(last.has('end_time')).toBe(false);
    expect(last.has('label_ids')).toBe(false);
    expect(window.location.hash).toContain('groupId=5');
  });

  it('filters reports by level, kept in the URL', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports, groups: [] });
    signIn();
    const { user } = openScreen('#/main/p-1/reportList?pageNo=3');
    await waitFor(() => expect(calls.lists.length).toBeGreaterThan(0));
    await user.click(screen.getByRole('combobox', { name: '层级' }));
    await user.click(await screen.findByText('社区级', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(calls.lists[calls.lists.length - 1].get('level')).toBe('5'));
    expect(calls.lists[calls.lists.length - 1].get('pageNo')).toBe('1');
    expect(window.location.hash).toContain('level=5');
  });

  it('opens the last view of the project again when the route is visited without parameters', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports, groups: [group(5, '专项报告', 1)] });
    signIn();
    const { user, unmount } = openScreen('#/main/p-1/reportList');
    await card('城市体检年度报告');
    await user.click(screen.getByText('列表'));
    await user.click(within(screen.getByLabelText('分组')).getByText('专项报告'));
    await waitFor(() => expect(calls.lists[calls.lists.length - 1].get('group_id')).toBe('5'));
    unmount();

    openScreen('#/main/p-1/reportList');
    await waitFor(() => expect(window.location.hash).toContain('groupId=5'));
    expect(window.location.hash).toContain('view=list');
    expect(await screen.findByText('交通专项报告', { selector: 'td, td *' })).toBeInTheDocument();
  });

  it('keeps a resized column width in localStorage columnWidths', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports });
    signIn();
    openScreen('#/main/p-1/reportList?view=list');
    const handle = await screen.findByLabelText('调整列宽：名称');
    const before = Number(handle.getAttribute('aria-valuenow'));
    fireEvent.mouseDown(handle, { clientX: 300 });
    fireEvent.mouseMove(document, { clientX: 360 });
    fireEvent.mouseUp(document, { clientX: 360 });
    expect(JSON.parse(localStorage.getItem('columnWidths')!)).toEqual({ report: { name: before + 60 } });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(JSON.parse(localStorage.getItem('columnWidths')!).report.name).toBe(before + 44);
  });

  it('hides the search box when it is emptied and loses focus', async () => {
    serveProject(adminDetails);
    const calls = serveLibrary('report', { items: reports });
    signIn();
    const { user } = openScreen('#/main/p-1/reportList?name=%E4%BA%A4%E9%80%9A');
    const box = await screen.findByDisplayValue('交通');
    await user.clear(box);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.lists[calls.lists.length - 1].has('name')).toBe(false));
    fireEvent.blur(box);
    expect(await screen.findByLabelText('搜索')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('请输入报告名称')).not.toBeInTheDocument();
  });

  it('hides the toolbar with the workflow parameter', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports });
    signIn();
    openScreen('#/main/p-1/reportList?workflow=1');
    await card('城市体检年度报告');
    expect(screen.queryByText('报告列表页')).not.toBeInTheDocument();
    expect(screen.queryByText('新增报告')).not.toBeInTheDocument();
    expect(screen.getByText('全部内容')).toBeInTheDocument();
  });

  it('opens a report in the detail route with its query', async () => {
    serveProject(adminDetails);
    serveLibrary('report', { items: reports });
    signIn();
    const { user } = openScreen('#/main/p-1/reportList');
    await card('城市体检年度报告');
    await user.click(screen.getByLabelText('查看 城市体检年度报告'));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/report\/p-1\/reportDetail\?id=1&name=/));
    expect(decodeURIComponent(window.location.hash)).toContain('labels=生态宜居,健康舒适');
  });
});

describe('素材列表', () => {
  it('shows 暂无素材 and 点击右上角新增素材 to a user who may add materials', async () => {
    serveProject(adminDetails);
    serveLibrary('material');
    signIn();
    openScreen('#/main/p-1/materialList');
    expect(await screen.findByText('暂无素材')).toBeInTheDocument();
    expect(screen.getByText('点击右上角新增素材')).toBeInTheDocument();
    expect(screen.getByText('全部素材', { selector: 'h4' })).toBeInTheDocument();
  });

  it('shows 暂无素材 without the hint to a visitor', async () => {
    serveProject(visitorDetails);
    serveLibrary('material');
    signIn();
    openScreen('#/material/p-1/materialList');
    expect(await screen.findByText('暂无素材')).toBeInTheDocument();
    expect(screen.queryByText('点击右上角新增素材')).not.toBeInTheDocument();
  });

  it('shows the image of a material and opens the preview on it', async () => {
    serveProject(adminDetails);
    serveLibrary('material', {
      items: [item(7, '街景', { file: '/api/uploader/v1/files/7/a.png', thumbnail: '/api/uploader/v1/files/7/a.png?thumbnail=1' })],
    });
    signIn();
    const { user } = openScreen('#/main/p-1/materialList');
    const shown = await card('街景');
    expect(within(shown).getByAltText('街景')).toHaveAttribute('src', '/api/uploader/v1/files/7/a.png?thumbnail=1');
    await user.click(screen.getByLabelText('查看 街景'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
