import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { read, utils } from 'xlsx';
import { card } from './library-fixtures';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';
import { demoStats, job, result, serveResults } from './results-fixtures';

afterEach(() => vi.restoreAllMocks());

/** jsdom lays nothing out: the charts' containers measure as a card would, so recharts draws its bars. */
beforeEach(() => {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? ({ width: 400, height: 220, top: 0, left: 0, right: 400, bottom: 220, x: 0, y: 0 } as DOMRect) : measure.call(this);
  });
});

const reports = [
  result(1, '幸福社区生态宜居体检报告'),
  result(3, '西城区交通便捷体检报告', { region: ['示例省', '示例市', '西城区'], dimension: { id: 102, name: '交通便捷' } }),
];

/** The bars of a chart, in its data's order. */
async function bars(title: string) {
  const figure = await screen.findByRole('figure', { name: title });
  await waitFor(() => expect(figure.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0));
  return Array.from(figure.querySelectorAll<SVGElement>('.recharts-bar-rectangle'));
}

/** The text the 研究维度 filter shows, or undefined when it shows its placeholder. */
const dimensionFilter = () => document.querySelector('.results-filters__dimension .ant-select-selection-item')?.textContent ?? undefined;

/** Catches the file the app hands to the browser. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    last = blob as Blob;
    return 'blob:chart';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  return saved;
}

describe('成果统计 charts', { timeout: 60_000 }, () => {
  it('filters the page by a clicked dimension bar, and a second click clears it', async () => {
    const calls = serveResults({ items: reports, stats: demoStats });
    serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/cstjPage/p-1/statistics');
    await card('幸福社区生态宜居体检报告');
    expect(dimensionFilter()).toBeUndefined();

    await user.click((await bars('各维度成果数'))[1]);
    await waitFor(() => expect(calls.lists.at(-1)?.get('dimension_id')).toBe('102'));
    expect(calls.stats.at(-1)?.get('dimension_id')).toBe('102');
    expect(window.location.hash).toContain('dimension_id=102');
    await waitFor(() => expect(dimensionFilter()).toBe('交通便捷'));

    await user.click((await bars('各维度成果数'))[1]);
    await waitFor(() => expect(window.location.hash).not.toContain('dimension_id'));
    await waitFor(() => expect(calls.lists.at(-1)?.has('dimension_id')).toBe(false));
    await waitFor(() => expect(dimensionFilter()).toBeUndefined());
  });

  it('filters by a clicked region bar, and 上一级 goes back to the whole city', async () => {
    const calls = serveResults({ items: reports, stats: demoStats });
    serveProject(adminDetails);
    signIn();
    const { user } = openScreen('#/cstjPage/p-1/statistics');
    await card('幸福社区生态宜居体检报告');
    await user.click((await bars('各区县成果数'))[1]);
    const west = JSON.stringify([['示例省', '示例市', '西城区']]);
    await waitFor(() => expect(calls.lists.at(-1)?.get('regions')).toBe(west));
    expect(calls.stats.at(-1)?.get('regions')).toBe(west);
    // The region filter holds it (jsdom lays out no tags: its clear button shows it holds a value).
    const regionFilter = () => document.querySelector('.results-filters__regions .ant-select-clear');
    await waitFor(() => expect(regionFilter()).not.toBeNull());

    await user.click(within(screen.getByRole('figure', { name: '各区县成果数' })).getByRole('button', { name: '上一级' }));
    await waitFor(() => expect(calls.lists.at(-1)?.has('regions')).toBe(false));
    expect(window.location.hash).not.toContain('regions=');
    await waitFor(() => expect(regionFilter()).toBeNull());
  });

  it('exports a chart’s data as an xlsx with Chinese headers and the chart’s rows', async () => {
    serveResults({ items: reports, stats: demoStats });
    serveProject(adminDetails);
    signIn();
    const saved = catchDownloads();
    const { user } = openScreen('#/cstjPage/p-1/statistics');
    const figure = await screen.findByRole('figure', { name: '各维度成果数' });
    await user.click(within(figure).getByRole('button', { name: '导出数据' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['各维度成果数.xlsx']));
    const book = read(new Uint8Array(await saved[0].blob.arrayBuffer()), { type: 'array' });
    const rows = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows).toEqual([['体检维度', '成果数（份）'], ...demoStats.by_dimension.map((entry) => [entry.name, entry.count])]);

    await user.click(within(screen.getByRole('figure', { name: '指标达标率' })).getByRole('button', { name: '导出数据' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1].name).toBe('指标达标率.xlsx');
    const share = read(new Uint8Array(await saved[1].blob.arrayBuffer()), { type: 'array' });
    expect(utils.sheet_to_json<unknown[]>(share.Sheets[share.SheetNames[0]], { header: 1 })).toEqual([
      ['类别', '指标数（项）'],
      ['达标', 18],
      ['未达标', 7],
      ['指标总数', 25],
      ['达标率', '72%'],
    ]);
  });
});

describe('成果 generation notices', { timeout: 60_000 }, () => {
  const finished = job({
    state: 'completed',
    total: 2,
    done: 2,
    regions: [],
    finished_at: '2026-11-25 09:01:00',
  });

  /** Counts GET generate/ after serveResults' handler (which answers `jobs` in turn). */
  function countJobRequests() {
    const asked = { count: 0 };
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/report/generate/')) asked.count += 1;
    });
    return asked;
  }

  afterEach(() => server.events.removeAllListeners());

  it('tells the user on another screen that the generation they started there finished, and the bell keeps it', async () => {
    serveResults({ items: reports, stats: demoStats });
    serveProject(adminDetails);
    signIn();
    // The job runs until the test lets it finish, once the user has left 成果统计.
    let state: 'none' | 'running' | 'finished' = 'none';
    server.use(
      http.get('*/studio/report/api/oa_result/projects/p-1/report/generate/', () => {
        const jobs = state === 'none' ? [] : [state === 'running' ? job({ total: 2, done: 1 }) : finished];
        return HttpResponse.json({ code: 200, result: { data: jobs, pageNo: 1, pageSize: 20, total: jobs.length } });
      }),
      http.post('*/studio/report/api/oa_result/projects/p-1/report/generate/', () => {
        state = 'running';
        return HttpResponse.json({ code: 200, message: '成果生成中', data: { job_id: 7, state: 'queued', total: 2 } });
      }),
    );
    const street = JSON.stringify([['示例省', '示例市', '东城区', '和平街道']]);
    const { user } = openApp(`#/cstjPage/p-1/statistics?dimension_id=101&regions=${encodeURIComponent(street)}`);
    await card('幸福社区生态宜居体检报告');
    await user.click(await screen.findByRole('button', { name: /成果生成/ }));
    const dialog = await screen.findByRole('dialog');
    for (const [label, option] of [['报告类型', '社区体检报告'], ['目标分组', '2026 年体检成果']]) {
      await user.click(within(dialog).getAllByLabelText(label)[0].closest('.ant-select')?.querySelector('.ant-select-selector') as HTMLElement);
      await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
    }
    await user.click(within(dialog).getByRole('button', { name: '开始生成' }));
    expect(await screen.findByText('成果生成中')).toBeInTheDocument();

    // Off to another screen of the app; the job ends there.
    await user.click(screen.getByText('单体报告列表', { selector: '.ant-menu-item *' }));
    await waitFor(() => expect(window.location.hash).toContain('/cstjPage/p-1/singleReportList'));
    state = 'finished';
    const notice = await screen.findByText('成果生成完成', { selector: '.ant-notification-notice-message' }, { timeout: 15_000 });
    expect(within(notice.closest('.ant-notification-notice') as HTMLElement).getByText('生态宜居 · 社区体检报告：已完成 2 / 失败 0 / 共 2')).toBeInTheDocument();
    expect(window.location.hash).toContain('/cstjPage/p-1/singleReportList');
    await user.click(await screen.findByRole('button', { name: '成果通知，1 条未读' }));
    const list = await screen.findByRole('list', { name: '成果通知列表' });
    expect(within(list).getByText('成果生成完成')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: '查看成果' })).toHaveAttribute('href', '#/cstjPage/p-1/statistics?dimension_id=101');
  });

  it('follows a generation started before a reload: a notice with 查看成果 on any screen, then the bell lists it unread', async () => {
    // Started before this load (the 成果生成 dialog records it), then the user went to the project list.
    localStorage.setItem('generationWatch:u-1', JSON.stringify([{ projectId: 'p-1', jobId: 7, since: Date.now() - 1000 }]));
    serveResults({ items: reports, stats: demoStats, jobs: [[job({ total: 2, done: 1 })], [finished]] });
    serveProject(adminDetails);
    signIn();
    const asked = countJobRequests();
    const { user } = openApp('#/main/p-1/reportList');
    const notice = await screen.findByText('成果生成完成', { selector: '.ant-notification-notice-message' }, { timeout: 15_000 });
    const card_ = notice.closest('.ant-notification-notice') as HTMLElement;
    expect(within(card_).getByText('生态宜居 · 社区体检报告：已完成 2 / 失败 0 / 共 2')).toBeInTheDocument();
    const bell = await screen.findByRole('button', { name: '成果通知，1 条未读' });
    // Nothing is asked once no generation is followed.
    const settled = asked.count;
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(asked.count).toBe(settled);

    await user.click(bell);
    const list = await screen.findByRole('list', { name: '成果通知列表' });
    expect(within(list).getByText('成果生成完成')).toBeInTheDocument();
    expect(within(list).getByText('生态宜居 · 社区体检报告：已完成 2 / 失败 0 / 共 2')).toBeInTheDocument();
    await user.click(within(card_).getByRole('button', { name: '查看成果' }));
    await waitFor(() => expect(window.location.hash).toBe('#/cstjPage/p-1/statistics?dimension_id=101'));
    await waitFor(() => expect(screen.getByRole('button', { name: '成果通知' })).toBeInTheDocument());
  });

  it('asks nothing about generations on other screens when none is followed', async () => {
    serveResults({ items: reports, stats: demoStats, jobs: [[job()]] });
    serveProject(adminDetails);
    signIn();
    const asked = countJobRequests();
    openApp('#/main/p-1/reportList');
    expect(await screen.findByRole('button', { name: '成果通知' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(asked.count).toBe(0);
  });
});
