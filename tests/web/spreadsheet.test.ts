import { read, utils, write } from 'xlsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readColumns } from '../../src/lib/spreadsheet/columns';
import { SheetProblem, type SheetGrid } from '../../src/lib/spreadsheet/grid';
import { itemTagImportRows, itemTagSheetRows, splitTags } from '../../src/lib/spreadsheet/item-tag-sheet';
import { labelImportRows, labelSheetRows, LABEL_SHEET } from '../../src/lib/spreadsheet/label-sheet';
import { parseSheet } from '../../src/lib/spreadsheet/parse';
import { readSheetFile } from '../../src/lib/spreadsheet/read-file';
import { SHEET_TIMEOUT_MS } from '../../src/lib/spreadsheet/worker-client';
import { sheetBlob } from '../../src/lib/spreadsheet/write';
import { fakeWorker, sheetFile, workbookBytes } from './spreadsheet-sheets';

const labelHeader = ['序号', '标签名称', '标签类别', '实体'];
const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SheetProblem);
    return (error as Error).message;
  }
  throw new Error('no problem raised');
};

describe('parseSheet', () => {
  it('reads the first sheet as strings, numbers as shown', () => {
    const grid = parseSheet(workbookBytes([labelHeader, [1, '生态宜居', '体检维度', '报告'], [2, '超大城市', '', '素材']]));
    expect(grid.header).toEqual(labelHeader);
    expect(grid.rows).toEqual([['1', '生态宜居', '体检维度', '报告'], ['2', '超大城市', '', '素材']]);
    expect(grid.headerLine).toBe(1);
  });

  it('reads an old .xls (OLE) file too', () => {
    expect(parseSheet(workbookBytes([labelHeader, [1, '旧格式', '分组', '报告']], 'biff8')).rows[0][1]).toBe('旧格式');
  });

  it('keeps formula-like text as text and never evaluates a formula', () => {
    const sheet = utils.aoa_to_sheet([['标签名称', '实体'], ['=1+1', '报告'], ['+cmd', '@SUM(A1)'], ['-2', '报告']]);
    sheet.A5 = { t: 'n', v: 7, f: 'HYPERLINK("http://x","y")' };
    sheet['!ref'] = 'A1:B5';
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, 'S');
    const grid = parseSheet(new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
    expect(grid.rows.map((row) => row[0])).toEqual(['=1+1', '+cmd', '-2', '7']);
    expect(grid.rows[1][1]).toBe('@SUM(A1)');
  });

  it('refuses bytes that are not a workbook, and a broken zip', () => {
    expect(problem(() => parseSheet(new TextEncoder().encode('名称,实体\n甲,报告')))).toBe('文件内容无法识别，请上传有效的xls或者xlsx文件');
    const broken = workbookBytes([labelHeader]).slice(0, 200);
    expect(problem(() => parseSheet(broken))).toBe('文件内容无法识别，请上传有效的xls或者xlsx文件');
  });

  it('reads 10,000 rows in a few seconds', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [i + 1, `标签${i}`, `分组${i % 10}`, i % 2 ? '素材' : '报告']);
    const started = performance.now();
    const grid = parseSheet(workbookBytes([labelHeader, ...rows]));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(grid.rows).toHaveLength(10_000);
    expect(grid.rows[9_999]).toEqual(['10000', '标签9999', '分组9', '素材']);
  });

  it('refuses more rows than allowed and files over 10MB', () => {
    const rows = Array.from({ length: 6 }, (_, i) => [`标签${i}`]);
    expect(problem(() => parseSheet(workbookBytes([['标签名称'], ...rows]), 5))).toBe('当前excel数据超过 5 行，请分批导入');
    expect(parseSheet(workbookBytes([['标签名称'], ...rows.slice(0, 5)]), 5).rows).toHaveLength(5);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(problem(() => parseSheet(big))).toBe('文件大小不能超过 10MB');
  });
});

describe('readColumns', () => {
  const grid = (header: string[], rows: string[][], headerLine = 1): SheetGrid => ({ header, rows, headerLine });

  it('names every missing column, joined by 、', () => {
    expect(labelImportRows(grid(['序号', '名称'], [['1', '甲']]))).toEqual({
      ok: false,
      message: '当前excel缺少如下字段：标签名称、标签类别、实体',
    });
  });

  it('says 当前excel无数据 when only blank rows follow the header', () => {
    expect(labelImportRows(grid(labelHeader, [['', '', '', ''], []]))).toEqual({ ok: false, message: '当前excel无数据' });
  });

  it('skips blank rows and keeps each row number of the sheet', () => {
    const read = labelImportRows(grid(['标签名称', '实体', '标签类别'], [[' 甲 ', '报告', ''], ['', '', ''], ['乙', '素材', '维度']], 3));
    expect(read).toEqual({
      ok: true,
      rows: [{ name: '甲', group: '', origin: '报告' }, { name: '乙', group: '维度', origin: '素材' }],
      lines: [4, 6],
    });
  });

  it('reads absent optional columns as empty and says which were there', () => {
    const read = readColumns(grid(['id', '名称', '实体'], [['1', '甲', '报告']]), ['id', '名称', '实体'], ['标签']);
    expect(read.ok && read.records[0].cells['标签']).toBe('');
    expect(read.ok && [...read.present]).toEqual(['id', '名称', '实体']);
  });
});

describe('item tag sheet', () => {
  it('splits tags on half- and full-width commas', () => {
    expect(splitTags('生态宜居，健康舒适, 安全韧性,,生态宜居')).toEqual(['生态宜居', '健康舒适', '安全韧性']);
  });

  it('needs id, 名称 and 实体; 标签 absent means tags are not given', () => {
    const missing = itemTagImportRows({ header: ['名称', '标签'], rows: [['甲', 'x']], headerLine: 1 });
    expect(missing).toEqual({ ok: false, message: '当前excel缺少如下字段：id、实体' });
    const read = itemTagImportRows({ header: ['id', '名称', '实体'], rows: [['7', '甲', '报告']], headerLine: 1 });
    expect(read.ok && read.rows[0]).toEqual({ line: 2, id: '7', name: '甲', cover: '', origin: '报告' });
  });

  it('writes id, 名称, 封面, 实体 and the tags joined by commas', () => {
    const rows = itemTagSheetRows([{ id: 3, name: '报告甲', cover: null, labels: [{ name: '生态宜居' }, { name: '健康舒适' }] }], '报告');
    expect(rows).toEqual([[3, '报告甲', '', '报告', '生态宜居,健康舒适']]);
  });
});

describe('sheetBlob', () => {
  it('writes every text as a text cell, never a formula', async () => {
    const labels = [
      { name: '=HYPERLINK("http://evil","点我")', label_group_name: '+分组', origin: '报告' },
      { name: '@SUM(1)', label_group_name: null, origin: '素材' },
      { name: '-1', label_group_name: '普通', origin: '报告' },
    ];
    const blob = await sheetBlob([...LABEL_SHEET.header], labelSheetRows(labels));
    const book = read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const cells = Object.keys(sheet).filter((key) => !key.startsWith('!')).map((key) => sheet[key]);
    expect(cells.some((cell) => 'f' in cell)).toBe(false);
    expect(sheet.B2).toMatchObject({ t: 's', v: '=HYPERLINK("http://evil","点我")' });
    expect(sheet.C2).toMatchObject({ t: 's', v: '+分组' });
    expect(sheet.B3).toMatchObject({ t: 's', v: '@SUM(1)' });
    expect(sheet.B4).toMatchObject({ t: 's', v: '-1' });
    expect(utils.sheet_to_json(sheet, { header: 1, defval: '' })).toEqual([
      labelHeader,
      [1, '=HYPERLINK("http://evil","点我")', '+分组', '报告'],
      [2, '@SUM(1)', '', '素材'],
      [3, '-1', '普通', '报告'],
    ]);
  });
});


describe('readSheetFile (the worker client)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses other extensions before reading the file', async () => {
    const made = fakeWorker(() => undefined);
    await expect(readSheetFile(new File(['a,b'], '标签.csv'))).rejects.toThrow('上传格式不正确，请上传xls或者xlsx格式');
    expect(made).toHaveLength(0);
  });

  it('hands the bytes to a worker, takes back strings only, and ends the worker', async () => {
    const made = fakeWorker(({ buffer, maxRows }) => ({ ok: true, grid: parseSheet(buffer, maxRows) }));
    const grid = await readSheetFile(sheetFile([labelHeader, [1, '甲', '分组', '报告']]));
    expect(grid.rows).toEqual([['1', '甲', '分组', '报告']]);
    expect(made[0].terminated).toBe(true);
  });

  it('passes on the worker\'s message and refuses an answer of another shape', async () => {
    fakeWorker(() => ({ ok: false, error: '当前excel无数据' }));
    await expect(readSheetFile(sheetFile([labelHeader]))).rejects.toThrow('当前excel无数据');
    fakeWorker(() => ({ ok: true, grid: { header: [{ toString: () => 'x' }], rows: [], headerLine: 1 } }));
    await expect(readSheetFile(sheetFile([labelHeader]))).rejects.toThrow('文件内容无法识别，请上传有效的xls或者xlsx文件');
  });

  it('gives up on a worker that does not answer in time', async () => {
    vi.useFakeTimers();
    const made = fakeWorker(() => undefined);
    const reading = readSheetFile(sheetFile([labelHeader])).catch((error: Error) => error.message);
    await vi.waitFor(() => expect(made).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(SHEET_TIMEOUT_MS);
    expect(await reading).toBe('表格解析超时，请检查文件后重试');
    expect(made[0].terminated).toBe(true);
  });
});
