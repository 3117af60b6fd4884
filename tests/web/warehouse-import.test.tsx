import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WarehouseImportResult } from '../../contract/warehouse';
import { WarehouseImport } from '../../src/pages/project-settings/warehouse-import';
import { server } from './msw';
import { renderInApp, signIn } from './render';
import { sheetFile } from './spreadsheet-sheets';

const BASE = '*/studio/report/api/report/projects/p-1/warehouse';
const counts = (regions: number[], indicators: number, values: number) => ({
  regions: Object.fromEntries(regions.map((count, i) => [i + 1, count])) as WarehouseImportResult['after']['regions'],
  indicators,
  values,
});
const preview: WarehouseImportResult = {
  dry_run: true,
  schema_name: 'warehouse_p1',
  before: null,
  after: counts([1, 1, 2, 1, 1, 1, 2], 5, 7),
  replaces_source: { connection_id: '1', schema_name: 'public' },
  prepared: [],
};

/** The import route: a dry run answers `preview`, an import the same marked done; every call is kept. */
function serveImport(answer?: (dryRun: boolean) => Response) {
  const calls: Array<{ dryRun: boolean; sent: boolean }> = [];
  server.use(
    http.post(`${BASE}/import/`, async ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dry_run') === '1';
      const file = (await request.formData()).get('file') as File | null;
      calls.push({ dryRun, sent: (file?.size ?? 0) > 0 });
      await delay(300);
      if (answer) return answer(dryRun);
      return HttpResponse.json({ code: 200, message: dryRun ? '预览' : '导入成功', data: { ...preview, dry_run: dryRun, prepared: dryRun ? [] : ['研究维度「生态宜居」（区县级）', '报告类型「体检报告」'] } });
    }),
  );
  return calls;
}

const choose = (container: HTMLElement, file: File) => fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('WarehouseImport', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the template as 成果数据导入模板.xlsx', async () => {
    signIn();
    const template = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    server.use(
      http.get(`${BASE}/template/`, () =>
        HttpResponse.arrayBuffer(template.buffer, { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
      ),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (saved.push(blob as Blob), 'blob:template'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderInApp(<WarehouseImport projectId="p-1" />);
    fireEvent.click(await screen.findByRole('button', { name: /下载模板/ }));
    await waitFor(() => expect(names).toEqual(['成果数据导入模板.xlsx']));
    expect(new Uint8Array(await saved[0].arrayBuffer())).toEqual(template);
  });

  it('previews the upload, then imports it on 确认导入', async () => {
    signIn();
    const calls = serveImport();
    const onImported = vi.fn();
    const { container } = renderInApp(<WarehouseImport projectId="p-1" onImported={onImported} />);
    choose(container, sheetFile([['省名称'], ['示例省']], '我的数据.xlsx'));
    expect(await screen.findByText('正在上传并检查：我的数据.xlsx')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '上传进度' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(screen.getByText('导入「我的数据.xlsx」后将发生的变化：')).toBeInTheDocument();
    const row = (what: string) => within(table).getByText(what).closest('tr')!;
    expect(within(row('区域（区县级）')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['区域（区县级）', '0', '2']);
    expect(within(row('指标值')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['指标值', '0', '7']);
    expect(screen.getByText(/目前读取数据连接 1 的 public，导入后将改为读取本次导入的数据/)).toBeInTheDocument();
    expect(calls).toEqual([{ dryRun: true, sent: true }]);
    expect(onImported).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '确认导入' }));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ dry_run: false, schema_name: 'warehouse_p1' })));
    expect(calls).toEqual([
      { dryRun: true, sent: true },
      { dryRun: false, sent: true },
    ]);
    expect(await screen.findByText('导入成功，并为成果生成新增了研究维度「生态宜居」（区县级）、报告类型「体检报告」')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认导入' })).not.toBeInTheDocument();
  });

  it('lists every error of a refused file with its sheet, row and column, and imports nothing', async () => {
    signIn();
    const errors = [
      { sheet: '指标', row: 5, column: '标准值', message: '不是数字', text: '「指标」第 5 行「标准值」列：不是数字' },
      { sheet: '区域', row: 3, column: '城市名称', message: '上级区域「示例省 / 示例市」不在本表中，请为它单独填写一行', text: '「区域」第 3 行「城市名称」列：上级区域「示例省 / 示例市」不在本表中，请为它单独填写一行' },
    ];
    const calls = serveImport(() =>
      HttpResponse.json({ code: 40000, message: `文件有 102 处错误，未导入任何数据。${errors[0].text}`, data: { errors, total: 102 } }, { status: 400 }),
    );
    const onImported = vi.fn();
    const { container } = renderInApp(<WarehouseImport projectId="p-1" onImported={onImported} />);
    choose(container, sheetFile([['省名称']], '有错的数据.xlsx'));
    expect(await screen.findByText('文件「有错的数据.xlsx」有 102 处错误，未导入任何数据，请修改后重新上传')).toBeInTheDocument();
    const list = screen.getByLabelText('错误列表');
    expect(within(list).getByText('「指标」第 5 行「标准值」列：不是数字')).toBeInTheDocument();
    expect(within(list).getByText(errors[1].text)).toBeInTheDocument();
    expect(within(list).getByText('另有 100 处错误未列出')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认导入' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('takes only .xlsx files', async () => {
    signIn();
    const calls = serveImport();
    const { container } = renderInApp(<WarehouseImport projectId="p-1" />);
    expect(container.querySelector('input[type=file]')).toHaveAttribute('accept', '.xlsx');
    choose(container, new File(['省名称\n示例省'], '数据.csv', { type: 'text/csv' }));
    expect(await screen.findByText('请上传 .xlsx 格式的 Excel 文件')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
