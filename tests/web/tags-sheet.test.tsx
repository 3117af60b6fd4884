import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { read, utils } from 'xlsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { button, dialog, row } from './admin-helpers';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';
import { parseSheetsInProcess, sheetFile } from './spreadsheet-sheets';

beforeEach(() => void parseSheetsInProcess());

const at = '2024-03-01 09:30:00';
const groups = [
  { id: 1, name: '城市类型', order: 1, label_num: 2 },
  { id: 2, name: '体检维度', order: 2, label_num: 1 },
];
const label = (id: number, name: string, origin: string, group: (typeof groups)[number] | null) => ({
  id, name, origin, type: '原子标签', label_group: group?.id ?? null, label_group_name: group?.name ?? null,
  extra_info: {}, created_at: at, updated_at: at,
});
const labels = [
  label(1, '超大城市', '报告', groups[0]),
  label(2, '=HYPERLINK("http://x","点我")', '素材', null),
  label(3, '生态宜居', '报告', groups[1]),
];

interface ImportBody {
  dry_run?: boolean;
  rows: { name: string; group: string; origin: string }[];
}

/** Serves labels of project p-1 and a label/import/ that plans the way the real one does for these rows. */
function serveLabels() {
  const calls = { queries: [] as URLSearchParams[], imports: [] as ImportBody[] };
  const base = '*/studio/report/api/report/projects/p-1';
  server.use(
    http.get(`${base}/label_group/`, () => HttpResponse.json({ results: groups, total_label: labels.length })),
    http.get(`${base}/label/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.queries.push(query);
      return HttpResponse.json({ count: labels.length, next: null, previous: null, results: labels });
    }),
    http.post(`${base}/label/import/`, async ({ request }) => {
      const body = (await request.json()) as ImportBody;
      calls.imports.push(body);
      const rows = body.rows.map((input, index) => {
        const known = labels.find((l) => l.name === input.name && l.origin === input.origin);
        const planned = { row: index + 1, ...input };
        if (!['报告', '素材'].includes(input.origin)) return { ...planned, action: 'reject', reason: '实体只能是报告或素材' };
        if (!known) return { ...planned, action: 'create' };
        if (known.label_group_name === (input.group || null)) return { ...planned, action: 'unchanged', labelId: known.id };
        return { ...planned, action: 'change', labelId: known.id, reason: `标签类别由「${known.label_group_name ?? '未分组'}」改为「${input.group}」` };
      });
      const tally = (action: string) => rows.filter((r) => r.action === action).length;
      const data = { created: tally('create'), changed: tally('change'), unchanged: tally('unchanged'), rejected: tally('reject'), rows };
      return HttpResponse.json({ code: 200, message: body.dry_run ? '预览' : '导入成功', data });
    }),
  );
  return calls;
}

async function openEditMode() {
  serveProject(adminDetails);
  const calls = serveLabels();
  signIn();
  const opened = openScreen('#/main/p-1/tags');
  await row('超大城市');
  await opened.user.click(screen.getByText('编辑模式'));
  return { ...opened, calls };
}

/** Chooses a file in the import dialog, as the file picker would hand it over. */
async function choose(file: File) {
  const modal = await dialog('批量导入标签');
  fireEvent.change(modal.querySelector('input[type=file]')!, { target: { files: [file] } });
  return modal;
}

describe('标签导出', () => {
  let saved: { blob: Blob; name: string }[];
  beforeEach(() => {
    saved = [];
    let blob: Blob | undefined;
    URL.createObjectURL = (object: Blob | MediaSource) => {
      blob = object as Blob;
      return 'blob:sheet';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: blob!, name: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const cellsOf = async (blob: Blob) => {
    const book = read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', cellFormula: true });
    return book.Sheets[book.SheetNames[0]];
  };

  it('writes every label the filters show when none is selected, names as text cells', async () => {
    const { user, calls } = await openEditMode();
    await user.click(button(document.body, '批量导出'));
    expect(await screen.findByText('浏览器准备下载')).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['标签导出.xlsx']);
    expect(calls.queries.at(-1)?.get('limit')).toBe('1000');
    const sheet = await cellsOf(saved[0].blob);
    expect(utils.sheet_to_json(sheet, { header: 1, defval: '' })).toEqual([
      ['序号', '标签名称', '标签类别', '实体'],
      [1, '超大城市', '城市类型', '报告'],
      [2, '=HYPERLINK("http://x","点我")', '', '素材'],
      [3, '生态宜居', '体检维度', '报告'],
    ]);
    expect(sheet.B3).toMatchObject({ t: 's', v: '=HYPERLINK("http://x","点我")' });
    expect(Object.keys(sheet).some((key) => !key.startsWith('!') && 'f' in sheet[key])).toBe(false);
  });

  it('writes only the selected labels when some are selected', async () => {
    const { user } = await openEditMode();
    await user.click(within(await row('生态宜居')).getByRole('checkbox'));
    await user.click(button(document.body, '批量导出（1）'));
    await screen.findByText('浏览器准备下载');
    expect(utils.sheet_to_json(await cellsOf(saved[0].blob), { header: 1 })).toEqual([
      ['序号', '标签名称', '标签类别', '实体'],
      [1, '生态宜居', '体检维度', '报告'],
    ]);
  });
});

describe('标签导入', () => {
  it('accepts only .xls and .xlsx', async () => {
    const { user, calls } = await openEditMode();
    await user.click(button(document.body, '批量导入'));
    await choose(new File(['序号,标签名称'], '标签.csv', { type: 'text/csv' }));
    expect(await screen.findByText('上传格式不正确，请上传xls或者xlsx格式')).toBeInTheDocument();
    expect(calls.imports).toHaveLength(0);
  });

  it('names the missing columns', async () => {
    const { user, calls } = await openEditMode();
    await user.click(button(document.body, '批量导入'));
    await choose(sheetFile([['序号', '名称', '实体'], [1, '甲', '报告']]));
    expect(await screen.findByText('当前excel缺少如下字段：标签名称、标签类别')).toBeInTheDocument();
    expect(calls.imports).toHaveLength(0);
  });

  it('says so when the sheet has no rows', async () => {
    const { user } = await openEditMode();
    await user.click(button(document.body, '批量导入'));
    await choose(sheetFile([['序号', '标签名称', '标签类别', '实体']]));
    expect(await screen.findByText('当前excel无数据')).toBeInTheDocument();
  });

  it('previews each row, then imports all of them in one request', async () => {
    const { user, calls } = await openEditMode();
    await user.click(button(document.body, '批量导入'));
    await choose(
      sheetFile([
        ['序号', '标签名称', '标签类别', '实体'],
        [1, '超大城市', '城市类型', '报告'],
        [2, '生态宜居', '城市类型', '报告'],
        [3, '新标签', '新分组', '素材'],
        [4, '坏实体', '', '文件'],
      ]),
    );
    const preview = await dialog('导入预览');
    expect(within(preview).getByText('共 4 行：新增 1 个，变更 1 个，不变 1 个，无法导入 1 个')).toBeInTheDocument();
    expect(calls.imports).toEqual([
      {
        dry_run: true,
        rows: [
          { name: '超大城市', group: '城市类型', origin: '报告' },
          { name: '生态宜居', group: '城市类型', origin: '报告' },
          { name: '新标签', group: '新分组', origin: '素材' },
          { name: '坏实体', group: '', origin: '文件' },
        ],
      },
    ]);
    const changed = (within(preview).getByText('标签类别由「体检维度」改为「城市类型」').closest('tr'))!;
    expect(within(changed).getByText('变更')).toBeInTheDocument();
    expect(within(changed).getByText('3')).toBeInTheDocument();
    expect(within(within(preview).getByText('新标签').closest('tr')!).getByText('新增')).toBeInTheDocument();
    expect(within(within(preview).getByText('实体只能是报告或素材').closest('tr')!).getByText('无法导入')).toBeInTheDocument();

    const listed = calls.queries.length;
    await user.click(button(preview, '确认导入'));
    expect(await screen.findByText('导入成功')).toBeInTheDocument();
    expect(calls.imports).toHaveLength(2);
    expect(calls.imports[1]).toEqual({ ...calls.imports[0], dry_run: false });
    await waitFor(() => expect(calls.queries.length).toBeGreaterThan(listed));
  });

  it('offers no import when nothing would change', async () => {
    const { user } = await openEditMode();
    await user.click(button(document.body, '批量导入'));
    await choose(sheetFile([['标签名称', '标签类别', '实体'], ['超大城市', '城市类型', '报告']]));
    const preview = await dialog('导入预览');
    expect(within(preview).getByText('没有需要导入的标签。')).toBeInTheDocument();
    expect(button(preview, '确认导入')).toBeDisabled();
  });
});
