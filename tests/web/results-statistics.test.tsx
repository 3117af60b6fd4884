import { screen, waitFor, within } from '@testing-library/react';
import JSZip from 'jszip';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card } from './library-fixtures';
import { server } from './msw';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';
import { demoStats, job, result, serveResults } from './results-fixtures';

type User = ReturnType<typeof openApp>['user'];

afterEach(() => vi.restoreAllMocks());

const reports = [
  result(1, '幸福社区生态宜居体检报告'),
  result(2, '光明社区生态宜居体检报告', { region: ['示例省', '示例市', '东城区', '和平街道', '光明社区'] }),
  result(3, '西城区交通便捷体检报告', { region: ['示例省', '示例市', '西城区'], dimension: { id: 102, name: '交通便捷' } }),
];

/** Opens the screen at `hash`; `inApp` for a test that leaves it for another area. */
function open(details = adminDetails, hash = '#/cstjPage/p-1/statistics', inApp = false) {
  serveProject(details);
  signIn();
  return inApp ? openApp(hash) : openScreen(hash);
}

/** The menu items of the open cascader's column `column` (0 = provinces). */
const cascaderColumn = (column: number) =>
  Array.from(document.querySelectorAll('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu')[column]?.querySelectorAll('.ant-cascader-menu-item') ?? []);
const columnNames = (column: number) => cascaderColumn(column).map((entry) => entry.getAttribute('title'));
/** Whether the named entry opens a further column. */
const expands = (column: number, name: string) => Boolean(cascaderColumn(column).find((entry) => entry.getAttribute('title') === name)?.querySelector('.ant-cascader-menu-item-expand-icon'));

async function openCascader(user: User, within_: HTMLElement = document.body) {
  await user.click(within(within_).getAllByLabelText('区域')[0].closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement);
  await waitFor(() => expect(columnNames(0)).toEqual(['示例省']));
}
async function walk(user: User, names: string[]) {
  for (const [column, name] of names.entries()) {
    await waitFor(() => expect(columnNames(column)).toContain(name));
    await user.click(cascaderColumn(column).find((entry) => entry.getAttribute('title') === name) as HTMLElement);
  }
}
async function chooseOption(user: User, label: string, option: string, root: HTMLElement = document.body) {
  await user.click(within(root).getAllByLabelText(label)[0].closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement);
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('成果统计', { timeout: 60_000 }, () => {
  it('shows the total, the cards and the charts with their labels', async () => {
    // jsdom lays nothing out: the charts' containers measure as a card would.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container') ? ({ width: 400, height: 220, top: 0, left: 0, right: 400, bottom: 220, x: 0, y: 0 } as DOMRect) : measure.call(this);
    });
    serveResults({ items: reports, stats: demoStats });
    open();
    expect(await card('幸福社区生态宜居体检报告')).toBeInTheDocument();
    expect(screen.getByText('成果总数')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.results-total .ant-statistic-content-value')).toHaveTextContent('3'));

    const byDimension = await screen.findByRole('figure', { name: '各维度成果数' });
    expect(await within(byDimension).findByText('交通便捷')).toBeInTheDocument();
    const byRegion = screen.getByRole('figure', { name: '各区县成果数' });
    expect(await within(byRegion).findByText('西城区')).toBeInTheDocument();
    const share = screen.getByRole('figure', { name: '指标达标率' });
    expect(await within(share).findByText('72%')).toBeInTheDocument();
    expect(within(share).getByText('18 项')).toBeInTheDocument();
    expect(within(share).getByText('7 项')).toBeInTheDocument();
  });

  it('says 暂无成果 without charts when nothing was generated', async () => {
    serveResults();
    open();
    expect(await screen.findByText('暂无成果')).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: '各维度成果数' })).not.toBeInTheDocument();
  });

  it('offers regions down to the chosen dimension level and filters by region and dimension', async () => {
    const calls = serveResults({ items: reports, stats: demoStats });
    const { user } = open();
    await card('幸福社区生态宜居体检报告');
    // No dimension: the deepest dimension level (社区, 5).
    await waitFor(() => expect(calls.trees).toContain('5'));
    await openCascader(user);
    await walk(user, ['示例省', '示例市', '东城区', '和平街道']);
    await waitFor(() => expect(columnNames(4)).toEqual(['幸福社区', '光明社区']));
    expect(expands(4, '幸福社区')).toBe(false);

    // Checking a district filters by it (a whole branch is sent as its parent).
    const district = cascaderColumn(2).find((entry) => entry.getAttribute('title') === '东城区') as HTMLElement;
    await user.click(district.querySelector('.ant-cascader-checkbox') as HTMLElement);
    await waitFor(() => expect(calls.lists.at(-1)?.get('regions')).toBe(JSON.stringify([['示例省', '示例市', '东城区']])));
    expect(calls.stats.at(-1)?.get('regions')).toBe(JSON.stringify([['示例省', '示例市', '东城区']]));
    await user.keyboard('{Escape}');

    // 交通便捷 is a district dimension: the tree stops at 区县.
    await chooseOption(user, '研究维度', '交通便捷');
    await waitFor(() => expect(calls.lists.at(-1)?.get('dimension_id')).toBe('102'));
    await waitFor(() => expect(calls.trees).toContain('3'));
    await openCascader(user);
    await walk(user, ['示例省', '示例市']);
    await waitFor(() => expect(columnNames(2)).toEqual(['东城区', '西城区']));
    expect(expands(2, '东城区')).toBe(false);
  });

  it('generates for the chosen communities: 成果生成中, a progress bar, then the new reports without a reload', async () => {
    const running = job({ total: 2, done: 1, regions: [] });
    const finished = job({
      state: 'completed',
      total: 2,
      done: 1,
      failed: 1,
      regions: [
        { path: ['示例省', '示例市', '东城区', '和平街道', '幸福社区'], state: 'done', error: null, report_id: 9 },
        { path: ['示例省', '示例市', '东城区', '和平街道', '光明社区'], state: 'failed', error: '缺少该社区的指标数据', report_id: null },
      ],
    });
    const calls = serveResults({
      items: [],
      laterItems: [result(9, '幸福社区生态宜居体检报告（新）')],
      jobs: [[], [running], [finished]],
    });
    const { user } = open();
    expect(await screen.findByText('暂无成果')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /成果生成/ }));
    const dialog = await screen.findByRole('dialog');
    await chooseOption(user, '研究维度', '生态宜居', dialog);
    await openCascader(user, dialog);
    await walk(user, ['示例省', '示例市', '东城区']);
    const street = cascaderColumn(3).find((entry) => entry.getAttribute('title') === '和平街道') as HTMLElement;
    await user.click(street.querySelector('.ant-cascader-checkbox') as HTMLElement);
    await user.keyboard('{Escape}');
    await chooseOption(user, '报告类型', '社区体检报告', dialog);
    await chooseOption(user, '目标分组', '2026 年体检成果', dialog);
    await user.click(within(dialog).getByRole('button', { name: '开始生成' }));

    expect(await screen.findByText('成果生成中')).toBeInTheDocument();
    expect(calls.generated).toEqual([
      {
        data_list: [
          { area: '东城区', street: '和平街道', community: '幸福社区' },
          { area: '东城区', street: '和平街道', community: '光明社区' },
        ],
        report_type: 201,
        level: 5,
        level_label: 101,
        report_project_uuid: 'p-1',
        connection_id: 1,
        schema_name: 'public',
        database_name: 'demo',
        report_group_id: 5,
      },
    ]);
    const progress = await screen.findByLabelText('生成进度');
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByText('已完成 1 / 失败 1 / 共 2', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('东城区 › 和平街道 › 光明社区：缺少该社区的指标数据')).toBeInTheDocument();
    expect(await card('幸福社区生态宜居体检报告（新）')).toBeInTheDocument();
  });

  it('opens 成果生成 with the dimension and regions chosen on the page', async () => {
    const calls = serveResults({ items: reports, stats: demoStats, jobs: [[]] });
    const street = JSON.stringify([['示例省', '示例市', '东城区', '和平街道']]);
    const { user } = open(adminDetails, `#/cstjPage/p-1/statistics?dimension_id=101&regions=${encodeURIComponent(street)}`);
    await user.click(await screen.findByRole('button', { name: /成果生成/ }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('生态宜居', { selector: '.ant-select-selection-item, .ant-select-selection-item *' })).toBeInTheDocument();
    // The street chosen on the page is its communities here (generation is per community): nothing left to choose but these two.
    await chooseOption(user, '报告类型', '社区体检报告', dialog);
    await chooseOption(user, '目标分组', '2026 年体检成果', dialog);
    await user.click(within(dialog).getByRole('button', { name: '开始生成' }));
    await waitFor(() => expect(calls.generated).toHaveLength(1));
    expect(calls.generated[0]).toMatchObject({
      level: 5,
      level_label: 101,
      data_list: [
        { area: '东城区', street: '和平街道', community: '幸福社区' },
        { area: '东城区', street: '和平街道', community: '光明社区' },
      ],
    });
  });

  it('downloads the checked reports as reports.zip after 批量下载, 全选本页 and 确认下载', async () => {
    serveResults({ items: reports, stats: demoStats });
    server.use(http.get('*/api/uploader/v1/files/:id/:name', ({ params }) => HttpResponse.text(`file ${String(params.id)}`)));
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
    const { user } = open();
    await card('幸福社区生态宜居体检报告');
    await user.click(screen.getByRole('button', { name: /批量下载/ }));
    const bar = await screen.findByRole('toolbar', { name: '批量操作' });
    await user.click(within(bar).getByRole('button', { name: /确认下载/ }));
    expect(await screen.findByText('请勾选需要下载的报告')).toBeInTheDocument();
    await user.click(within(bar).getByLabelText('全选本页'));
    expect(within(bar).getByText('已选 3 项')).toBeInTheDocument();
    // Everything matching is on this page: nothing more to offer.
    expect(within(bar).queryByText(/选择全部/)).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: /确认下载/ }));
    expect(await screen.findByText('浏览器准备下载')).toBeInTheDocument();
    expect(clicked).toEqual(['reports.zip']);
    const zip = await JSZip.loadAsync(await saved[0].arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(['光明社区生态宜居体检报告.pdf', '幸福社区生态宜居体检报告.pdf', '西城区交通便捷体检报告.pdf']);
  });

  it('says 全选本页 checks one page, and offers every report the filter matches across pages', async () => {
    const many = Array.from({ length: 12 }, (_, index) => result(index + 1, `第${index + 1}号社区体检报告`));
    serveResults({ items: many, stats: demoStats });
    server.use(http.get('*/api/uploader/v1/files/:id/:name', ({ params }) => HttpResponse.text(`file ${String(params.id)}`)));
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:reports';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: /批量下载/ }, { timeout: 30_000 }));
    await card('第1号社区体检报告');
    const bar = await screen.findByRole('toolbar', { name: '批量操作' });
    await user.click(within(bar).getByLabelText('全选本页'));
    expect(within(bar).getByText('已选 10 项')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: '选择全部 12 项' }));
    expect(within(bar).getByText('已选全部 12 项')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: /确认下载/ }));
    expect(await screen.findByText('浏览器准备下载', {}, { timeout: 15_000 })).toBeInTheDocument();
    const zip = await JSZip.loadAsync(await saved[0].arrayBuffer());
    expect(Object.keys(zip.files)).toHaveLength(12);
  });

  it('explains a project without a data connection and points to 项目设置', async () => {
    serveResults({ treeError: '项目尚未配置数据连接，请在项目设置中配置' });
    server.use(http.get('*/api/connection/projects/p-1/connections/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })));
    const { user } = open(adminDetails, undefined, true);
    expect(await screen.findByText('项目尚未配置数据连接，请在项目设置中配置')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /前往项目设置/ }));
    expect(await screen.findByText('成果数据', { selector: '.ant-menu-item-selected *' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/projectSetting/p-1/resultsData');
  });

  it('hides 成果生成 from a visitor, who may still filter and download', async () => {
    serveResults({ items: reports, stats: demoStats });
    open(visitorDetails);
    await card('幸福社区生态宜居体检报告');
    expect(screen.queryByRole('button', { name: /成果生成/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /批量下载/ })).toBeInTheDocument();
  });

  it('opens a report from anywhere on its card, its title too', async () => {
    serveResults({ items: reports, stats: demoStats });
    server.use(http.get('*/studio/report/api/report/projects/p-1/report/3/', () => HttpResponse.json({ code: 200, message: 'ok', data: reports[2] })));
    const { user } = open();
    const target = await screen.findByText('西城区交通便捷体检报告', { selector: '.library-card__name, .library-card__name *' }, { timeout: 30_000 });
    await user.click(target);
    await waitFor(() => expect(window.location.hash).toContain('/cstjPage/p-1/statisticsDetail?id=3'));
  });

  it('checks a card clicked anywhere while selecting for 批量下载', async () => {
    serveResults({ items: reports, stats: demoStats });
    const { user } = open();
    const chosen = await card('光明社区生态宜居体检报告');
    await user.click(screen.getByRole('button', { name: /批量下载/ }));
    await user.click(within(chosen).getByText('光明社区生态宜居体检报告'));
    expect(within(await screen.findByRole('toolbar', { name: '批量操作' })).getByText('已选 1 项')).toBeInTheDocument();
    expect(within(chosen).getByLabelText('勾选 光明社区生态宜居体检报告')).toBeChecked();
    expect(window.location.hash).toBe('#/cstjPage/p-1/statistics');
  });

  it('opens a report in statisticsDetail and 返回 comes back to 成果统计', async () => {
    serveResults({ items: reports, stats: demoStats });
    server.use(http.get('*/studio/report/api/report/projects/p-1/report/3/', () => HttpResponse.json({ code: 200, message: 'ok', data: reports[2] })));
    const { user } = open();
    await user.click(within(await card('西城区交通便捷体检报告')).getByRole('button', { name: '查看 西城区交通便捷体检报告' }));
    await waitFor(() => expect(window.location.hash).toContain('/cstjPage/p-1/statisticsDetail?id=3'));
    await user.click(await screen.findByRole('button', { name: /返\s*回/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/cstjPage/p-1/statistics'));
  });
});
