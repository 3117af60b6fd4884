import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { read, utils } from 'xlsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportItemTags, ItemTagImport } from '../../src/pages/library/item-tag-sheet';
import { REPORT_KIND } from '../../src/pages/library/kinds';
import type { LibraryItem } from '../../src/pages/library/types';
import { button, dialog } from './admin-helpers';
import { server } from './msw';
import { renderInApp, signIn } from './render';
import { parseSheetsInProcess, sheetFile } from './spreadsheet-sheets';

beforeEach(() => void parseSheetsInProcess());

const at = '2024-03-01 09:30:00';
const tag = (id: number, name: string) => ({ id, name, label_group: 1, extra_info: {} });
const item = (id: number, name: string, labels: ReturnType<typeof tag>[]): LibraryItem => ({
  id, name, create_user: 'demo', cover: `/covers/${id}.png`, file: '', real_file_name: '', thumbnail: null, group_id: -1, labels,
  created_at: at, updated_at: at,
});
const reports = [
  item(11, '上海体检报告', [tag(1, '生态宜居')]),
  item(12, '=HYPERLINK("x")', []),
  item(13, '北京体检报告', [tag(1, '生态宜居'), tag(2, '健康舒适')]),
];
const pool = ['生态宜居', '健康舒适', '安全韧性'].map((name, i) => ({ id: i + 1, name, origin: '报告', label_group: 1 }));

/**
 * Serves project p-1's reports as if it had `total` of them: the first two on page 1, the third on
 * page 2 (pages of 100); its 报告 label pool; and export_report/.
 */
function serveReports(total = 350) {
  const calls = { exports: [] as unknown[], pages: [] as string[], items: [] as string[], pools: [] as URLSearchParams[] };
  const base = '*/studio/report/api/report/projects/p-1';
  server.use(
    http.get(`${base}/report/report_list/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.pages.push(query.get('pageNo')!);
      const data = { '1': reports.slice(0, 2), '2': reports.slice(2) }[query.get('pageNo')!] ?? [];
      return HttpResponse.json({ code: 200, result: { data, pageNo: Number(query.get('pageNo')), pageSize: 100, total } });
    }),
    http.get(`${base}/report/:id/`, ({ params }) => {
      calls.items.push(String(params.id));
      const found = reports.find((r) => String(r.id) === params.id);
      return found ? HttpResponse.json({ code: 200, data: found }) : HttpResponse.json({ code: 404, message: '报告不存在' }, { status: 404 });
    }),
    http.get(`${base}/label/`, ({ request }) => {
      calls.pools.push(new URL(request.url).searchParams);
      return HttpResponse.json({ count: pool.length, next: null, previous: null, results: pool });
    }),
    http.post(`${base}/report/export_report/`, async ({ request }) => {
      calls.exports.push(await request.json());
      return HttpResponse.json({ code: 200, message: '导入成功', data: [] });
    }),
  );
  return calls;
}

function openImport(total?: number) {
  signIn();
  const calls = serveReports(total);
  const onImported = vi.fn();
  const user = userEvent.setup();
  renderInApp(<ItemTagImport projectUuid="p-1" kind={REPORT_KIND} onImported={onImported} />);
  return { user, calls, onImported };
}

async function choose(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.click(button(document.body, '导入标签'));
  const modal = await dialog('导入标签');
  fireEvent.change(modal.querySelector('input[type=file]')!, { target: { files: [file] } });
  return modal;
}

const header = ['id', '名称', '封面', '实体', '标签'];

describe('exportItemTags', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes id, 名称, 封面, 实体 and the comma-joined tags to 报告信息导出.xlsx, all text cells', async () => {
    let blob: Blob | undefined;
    const names: string[] = [];
    URL.createObjectURL = (object: Blob | MediaSource) => ((blob = object as Blob), 'blob:sheet');
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await exportItemTags(reports);
    expect(names).toEqual(['报告信息导出.xlsx']);
    const book = read(new Uint8Array(await blob!.arrayBuffer()), { type: 'array', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(utils.sheet_to_json(sheet, { header: 1, defval: '' })).toEqual([
      header,
      [11, '上海体检报告', '/covers/11.png', '报告', '生态宜居'],
      [12, '=HYPERLINK("x")', '/covers/12.png', '报告', ''],
      [13, '北京体检报告', '/covers/13.png', '报告', '生态宜居,健康舒适'],
    ]);
    expect(sheet.B3).toMatchObject({ t: 's', v: '=HYPERLINK("x")' });
    expect(Object.keys(sheet).some((key) => !key.startsWith('!') && 'f' in sheet[key])).toBe(false);
  });
});

describe('导入标签', () => {
  it('shows the tag pool hint and accepts only .xls and .xlsx', async () => {
    const { user, calls } = openImport();
    const modal = await choose(user, new File(['id'], '报告.txt'));
    expect(within(modal).getByText('标签名称必须存在于报告对应的标签池中，若不存在，则无法成功匹配')).toBeInTheDocument();
    expect(await screen.findByText('上传格式不正确，请上传xls或者xlsx格式')).toBeInTheDocument();
    expect(calls.pools).toHaveLength(0);
  });

  it('names the missing required columns', async () => {
    const { user } = openImport();
    await choose(user, sheetFile([['名称', '标签'], ['上海体检报告', '生态宜居']], '报告信息导出.xlsx'));
    expect(await screen.findByText('当前excel缺少如下字段：id、实体')).toBeInTheDocument();
  });

  it('says so when the sheet has no rows', async () => {
    const { user } = openImport();
    await choose(user, sheetFile([header], '报告信息导出.xlsx'));
    expect(await screen.findByText('当前excel无数据')).toBeInTheDocument();
  });

  it('previews current and new tags, unknown tag names and unknown ids, then writes in one request', async () => {
    const { user, calls, onImported } = openImport();
    const modal = await choose(
      user,
      sheetFile(
        [
          header,
          [11, '上海体检报告', '/covers/11.png', '报告', '健康舒适，安全韧性,不存在的标签'],
          [12, '=HYPERLINK("x")', '', '报告', '生态宜居'],
          [13, '北京体检报告', '', '报告', '健康舒适, 生态宜居'],
          [99, '已删除的报告', '', '报告', '生态宜居'],
          [12, '重复', '', '报告', ''],
        ],
        '报告信息导出.xlsx',
      ),
    );
    const preview = await dialog('导入预览');
    expect(preview).toBe(modal);
    expect(within(preview).getByText('共 5 行：更新 2 行，不变 1 行，无法导入 2 行')).toBeInTheDocument();
    const first = within(preview).getByText('上海体检报告').closest('tr')!;
    expect(within(first).getByText('生态宜居')).toBeInTheDocument();
    expect(within(first).getByText('健康舒适，安全韧性')).toBeInTheDocument();
    expect(within(first).getByText('不存在的标签')).toBeInTheDocument();
    expect(within(first).getByText('更新')).toBeInTheDocument();
    expect(within(within(preview).getByText('北京体检报告').closest('tr')!).getByText('不变')).toBeInTheDocument();
    expect(within(within(preview).getByText('报告不存在').closest('tr')!).getByText('已删除的报告')).toBeInTheDocument();
    expect(within(preview).getByText('与第 3 行重复')).toBeInTheDocument();
    // 13 and 99 are not on the first page; two requests by id are fewer than three more pages.
    expect(calls.pages).toEqual(['1']);
    expect(calls.items.sort()).toEqual(['13', '99']);
    expect(calls.pools[0].get('origin')).toBe('报告');

    await user.click(button(preview, '确认导入'));
    expect(await screen.findByText('导入成功')).toBeInTheDocument();
    expect(calls.exports).toEqual([
      {
        reports: [
          { id: 11, name: '上海体检报告', cover: '/covers/11.png', origin: '报告', labels: ['健康舒适', '安全韧性', '不存在的标签'] },
          { id: 12, name: '=HYPERLINK("x")', cover: '', origin: '报告', labels: ['生态宜居'] },
        ],
      },
    ]);
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
  });

  it('reads the remaining list pages when that takes fewer requests than fetching each id', async () => {
    const { user, calls } = openImport(150);
    await choose(user, sheetFile([header, [13, '北京', '', '报告', '生态宜居'], [98, '甲', '', '报告', ''], [99, '乙', '', '报告', '']], '报告信息导出.xlsx'));
    const preview = await dialog('导入预览');
    expect(calls.pages).toEqual(['1', '2']);
    expect(calls.items).toEqual([]);
    expect(within(within(preview).getByText('北京体检报告').closest('tr')!).getByText('更新')).toBeInTheDocument();
  });

  it('leaves tags alone when the sheet has no 标签 column', async () => {
    const { user } = openImport();
    await choose(user, sheetFile([['id', '名称', '实体'], [11, '上海体检报告', '报告'], [12, '素材甲', '素材']], '报告信息导出.xlsx'));
    const preview = await dialog('导入预览');
    expect(within(preview).getByText('表格中没有标签列，标签不变')).toBeInTheDocument();
    expect(within(preview).getByText('实体不是报告')).toBeInTheDocument();
    expect(button(preview, '确认导入')).toBeDisabled();
  });
});
