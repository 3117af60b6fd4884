import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COVER_HEIGHT, COVER_WIDTH } from '../../server/modules/results/report-cover';
import { renderResultReport } from '../../server/modules/results/report-pdf';
import type { IndicatorValue, ResultReportInput } from '../../server/modules/results/types';

/** The text of every page, whitespace removed (pdf.js splits runs at spaces as it likes). */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('').replace(/\s+/g, ''));
  }
  await pdf.destroy();
  return pages;
}

/** The TrueType programs embedded in the PDF (FontFile2 streams), parsed. */
async function embeddedFonts(bytes: Uint8Array): Promise<fontkit.Font[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts: fontkit.Font[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || !object.has(PDFName.of('FontFile2'))) continue;
    const stream = object.lookup(PDFName.of('FontFile2'));
    if (!(stream instanceof PDFRawStream)) throw new Error('FontFile2 is not a stream');
    fonts.push(fontkit.create(Buffer.from(decodePDFRawStream(stream).decode())));
  }
  return fonts;
}

const squash = (text: string) => text.replace(/\s+/g, '');

const INDICATORS: IndicatorValue[] = [
  { code: 'park', name: '人均公园绿地面积', unit: '平方米/人', standard: 12, direction: 'higher', value: 9.6 },
  { code: 'green', name: '公园绿化活动场地服务半径覆盖率', unit: '%', standard: 90, direction: 'higher', value: 93.2 },
  { code: 'sewage', name: '城市生活污水集中收集率', unit: '%', standard: 70, direction: 'higher', value: 70 },
  { code: 'air', name: '空气质量优良天数比率', unit: '%', standard: 85, direction: 'higher', value: 79.1 },
  { code: 'water', name: '地表水达到或好于Ⅲ类水体比例', unit: '%', standard: 80, direction: 'higher', value: null },
  { code: 'material', name: '新建建筑中绿色建材应用比例', unit: '%', standard: 60, direction: 'higher', value: 64 },
  { code: 'noise', name: '城市噪声平均值', unit: '分贝', standard: 55, direction: 'lower', value: 61.3 },
  { code: 'commute', name: '通勤时间平均值', unit: '分钟', standard: 45, direction: 'lower', value: 45 },
];

const input = (overrides: Partial<ResultReportInput> = {}): ResultReportInput => ({
  projectName: '示例市城市体检',
  region: ['示例省', '示例市', '东城区', '和平街道'],
  levelName: '街道名称',
  dimension: '生态宜居',
  reportType: '街道体检报告',
  date: new Date('2025-06-08T02:00:00Z'),
  indicators: INDICATORS,
  ...overrides,
});

describe('renderResultReport', () => {
  it('names the region path, the dimension, the date, every indicator and the met count, and counts met as the table shows it', async () => {
    const report = await renderResultReport(input());
    // Met: green (93.2 ≥ 90), sewage (70 ≥ 70), material, commute (45 ≤ 45); not: park, air, noise, water (no value).
    expect({ met: report.met, total: report.total }).toEqual({ met: 4, total: 8 });
    const pages = await pdfPages(report.pdf);
    const text = pages.join('');
    expect(pages[0]).toContain(squash('示例省 示例市 东城区 和平街道'));
    expect(pages[0]).toContain(squash('生态宜居 体检报告'));
    expect(pages[0]).toContain('2025年6月8日');
    expect(pages[0]).toContain('示例市城市体检');
    expect(pages[0]).toContain(squash('达标 4 项 / 共 8 项'));
    expect(pages[0]).toContain('50%');
    for (const indicator of INDICATORS) expect(text).toContain(indicator.name);
    for (const header of ['指标名称', '现状值', '标准值', '单位', '是否达标']) expect(text).toContain(header);
    expect(text).toContain('≥12');
    expect(text).toContain('≤55');
  });

  it('lists the shortfalls farthest first, a sentence each, with no value counted as unmet and said as 无数据', async () => {
    const report = await renderResultReport(input());
    const text = (await pdfPages(report.pdf)).join('');
    const conclusion = text.slice(text.indexOf('结论与短板'));
    expect(conclusion).toContain('3项未达到标准');
    expect(conclusion).toContain('1项暂无数据');
    // park misses by 20%, noise by 11.5%, air by 6.9%; the one without a value comes last.
    const order = ['人均公园绿地面积：', '城市噪声平均值：', '空气质量优良天数比率：', '地表水达到或好于Ⅲ类水体比例：'].map((name) => conclusion.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(conclusion).toContain('低于标准（≥12平方米/人）2.4平方米/人，差距20%');
    expect(conclusion).toContain('超出标准（≤55分贝）6.3分贝');
    expect(conclusion).not.toContain('公园绿化活动场地服务半径覆盖率：');
    expect(text).toContain('无数据');
  });

  it('says that all indicators meet the standard when they do', async () => {
    const indicators = INDICATORS.map((indicator) => ({ ...indicator, value: indicator.direction === 'higher' ? indicator.standard + 1 : indicator.standard - 1 }));
    const report = await renderResultReport(input({ indicators }));
    expect({ met: report.met, total: report.total }).toEqual({ met: 8, total: 8 });
    const text = (await pdfPages(report.pdf)).join('');
    expect(text).toContain('8项指标全部达到标准');
    expect(text).toContain('100%');
    expect(text).toContain('未达标0项');
    expect(text).not.toContain('按差距从大到小');
  });

  it('continues a long table on further pages with its header repeated and numbers every page', async () => {
    const indicators = Array.from({ length: 60 }, (_, i) => ({ ...INDICATORS[i % INDICATORS.length], code: `i${i}`, name: `第${i + 1}号体检指标` }));
    const report = await renderResultReport(input({ indicators }));
    const pages = await pdfPages(report.pdf);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((page, i) => expect(page).toContain(`第${i + 1}页/共${pages.length}页`));
    const withHeader = pages.filter((page) => page.includes('指标名称现状值标准值单位是否达标'));
    expect(withHeader.length).toBeGreaterThanOrEqual(2);
    const table = withHeader.join('');
    for (const indicator of indicators) expect(table).toContain(indicator.name);
  });

  it('draws region names with rare characters as real glyphs, extractable as text', async () => {
    const region = ['示例省', '亳州市', '鄠邑区', '埇桥街道', '𠙶家社区'];
    const report = await renderResultReport(input({ region, levelName: '社区名称' }));
    // A character missing from the font would be drawn as .notdef, which maps to no text.
    expect((await pdfPages(report.pdf))[0]).toContain(region.join(''));
  });

  it('embeds only the glyphs it uses: far smaller than the font file', async () => {
    const ttf = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
    const report = await renderResultReport(input());
    expect(report.pdf.length).toBeLessThan(300 * 1024);
    expect(report.pdf.length * 50).toBeLessThan(statSync(ttf).size);
  });

  it('embeds glyphs a viewer can draw: each outline where the subset says it is', async () => {
    const fonts = await embeddedFonts((await renderResultReport(input())).pdf);
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font.numGlyphs).toBeGreaterThan(20);
      for (let id = 1; id < font.numGlyphs; id++) {
        // A glyph read from the wrong offset has a header box that its points do not fill.
        const glyph = font.getGlyph(id);
        const header = (glyph as unknown as { _decode(): { xMin: number; yMin: number; xMax: number; yMax: number } | null })._decode();
        if (!header) continue;
        const box = glyph.path.cbox;
        expect([box.minX, box.minY, box.maxX, box.maxY], `glyph ${id}`).toEqual([header.xMin, header.yMin, header.xMax, header.yMax]);
      }
    }
  });

  it('gives the same bytes for the same input', async () => {
    const [first, second] = [await renderResultReport(input()), await renderResultReport(input())];
    expect(Buffer.from(first.pdf).equals(Buffer.from(second.pdf))).toBe(true);
  });

  it('makes a JPEG cover of the cover size', async () => {
    const report = await renderResultReport(input());
    const meta = await sharp(report.cover).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: COVER_WIDTH, height: COVER_HEIGHT });
    expect(report.cover.length).toBeLessThan(100 * 1024);
  });

  it('renders a dimension without indicators', async () => {
    const report = await renderResultReport(input({ indicators: [] }));
    expect({ met: report.met, total: report.total }).toEqual({ met: 0, total: 0 });
    expect((await pdfPages(report.pdf)).join('')).toContain('暂无生态宜居维度的体检指标');
  });
});
