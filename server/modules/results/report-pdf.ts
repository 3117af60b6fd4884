import { PDFDocument, type PDFPage } from 'pdf-lib';
import { renderReportCover } from './report-cover';
import { embedReportFont, textWidth } from './report-font';
import { A4, BOTTOM, COLORS, CONTENT_WIDTH, MARGIN, drawLine, fit, fitPath, roundedRect, wrap, type Fonts } from './report-layout';
import {
  TABLE_HEADER,
  VERDICT_NAMES,
  conclusionLead,
  formatDay,
  formatNumber,
  formatPercent,
  formatStandard,
  metLine,
  regionTitle,
  reportTitle,
  shortfallSentence,
  shortfalls,
  tally,
  verdictOf,
  type Verdict,
} from './report-text';
import type { IndicatorValue, RenderedResultReport, ResultReportInput } from './types';

const [PAGE_WIDTH, PAGE_HEIGHT] = A4;
const FIRST_BAND = 150;
const RUNNING_BAND = 30;
const RIGHT = MARGIN + CONTENT_WIDTH;

const VERDICT_COLORS: Record<Verdict, { strong: typeof COLORS.met; light: typeof COLORS.met }> = {
  met: { strong: COLORS.met, light: COLORS.metLight },
  unmet: { strong: COLORS.unmet, light: COLORS.unmetLight },
  missing: { strong: COLORS.missing, light: COLORS.missingLight },
};

/** Where the next block goes: a page and the baseline below which it may draw. */
interface Cursor {
  page: PDFPage;
  y: number;
}

interface Context {
  doc: PDFDocument;
  fonts: Fonts;
  input: ResultReportInput;
  cursor: Cursor;
}

/**
 * The PDF of one generated 城市体检 report, and its JPEG cover. A function of its input and the
 * font: the same input gives the same bytes.
 */
export async function renderResultReport(input: ResultReportInput): Promise<RenderedResultReport> {
  const { met, total } = tally(input.indicators);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${regionTitle(input)} ${reportTitle(input)}`);
  doc.setSubject(`${input.reportType} · ${metLine(met, total)}`);
  doc.setAuthor(input.projectName);
  doc.setCreator('城市体检成果生成');
  doc.setProducer('pdf-lib');
  doc.setLanguage('zh-CN');
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);
  const fonts: Fonts = { regular: await embedReportFont(doc, 'regular'), bold: await embedReportFont(doc, 'bold') };

  const ctx: Context = { doc, fonts, input, cursor: { page: doc.addPage(A4), y: 0 } };
  drawTitleBand(ctx);
  drawSummary(ctx, met, total);
  if (total > 0) {
    drawChart(ctx);
    drawTable(ctx);
  }
  drawConclusion(ctx, met, total);
  drawFooters(ctx);

  const [pdf, cover] = await Promise.all([doc.save(), renderReportCover(input, met, total)]);
  return { pdf, cover, met, total };
}

function drawTitleBand({ cursor, fonts, input }: Context): void {
  const { page } = cursor;
  const top = PAGE_HEIGHT;
  page.drawRectangle({ x: 0, y: top - FIRST_BAND, width: PAGE_WIDTH, height: FIRST_BAND, color: COLORS.blue });
  page.drawRectangle({ x: MARGIN, y: top - FIRST_BAND + 22, width: 36, height: 3, color: COLORS.white, opacity: 0.7 });
  drawLine(page, fonts, fit(`城市体检 · ${input.reportType}`, 'regular', 10.5, CONTENT_WIDTH - 120), MARGIN, top - 40, { size: 10.5, color: COLORS.blueOnBand });
  drawLine(page, fonts, formatDay(input.date, input.timeZone), RIGHT, top - 40, { size: 10.5, color: COLORS.blueOnBand, align: 'right' });
  drawLine(page, fonts, fit(reportTitle(input), 'bold', 26, CONTENT_WIDTH), MARGIN, top - 82, { size: 26, weight: 'bold', color: COLORS.white });
  drawLine(page, fonts, fitPath(input.region, 'regular', 14, CONTENT_WIDTH), MARGIN, top - 110, { size: 14, color: COLORS.white });

  // The facts of the report under the band, two by two.
  const facts: Array<[string, string]> = [
    ['项目名称', input.projectName],
    ['报告类型', input.reportType],
    [input.levelName, input.region[input.region.length - 1] ?? ''],
    ['报告日期', formatDay(input.date, input.timeZone)],
  ];
  const column = CONTENT_WIDTH / 2;
  facts.forEach(([label, value], i) => {
    const x = MARGIN + (i % 2) * column;
    const y = top - FIRST_BAND - 30 - Math.floor(i / 2) * 24;
    drawLine(page, fonts, label, x, y, { size: 9.5, color: COLORS.muted });
    drawLine(page, fonts, fit(value, 'regular', 11, column - 70), x + 58, y, { size: 11 });
  });
  cursor.y = top - FIRST_BAND - 30 - 24 - 26;
}

function drawSummary({ cursor, fonts, input }: Context, met: number, total: number): void {
  const { page } = cursor;
  const height = 84;
  const bottom = cursor.y - height;
  roundedRect(page, MARGIN, bottom, CONTENT_WIDTH, height, 6, COLORS.panel);

  const rate = formatPercent(met, total);
  drawLine(page, fonts, rate, MARGIN + 20, bottom + 38, { size: 30, weight: 'bold', color: COLORS.blue });
  drawLine(page, fonts, '达标率', MARGIN + 20, bottom + 18, { size: 10, color: COLORS.muted });

  const left = MARGIN + 150;
  const barWidth = RIGHT - 20 - left;
  drawLine(page, fonts, metLine(met, total), left, bottom + 56, { size: 14, weight: 'bold' });
  const counts = tally(input.indicators);
  roundedRect(page, left, bottom + 34, barWidth, 8, 4, COLORS.missingLight);
  let x = left;
  for (const verdict of ['met', 'unmet', 'missing'] as const) {
    const width = total ? (barWidth * counts[verdict]) / total : 0;
    if (width > 0) page.drawRectangle({ x, y: bottom + 34, width, height: 8, color: VERDICT_COLORS[verdict].strong });
    x += width;
  }
  let legend = left;
  for (const verdict of ['met', 'unmet', 'missing'] as const) {
    page.drawCircle({ x: legend + 4, y: bottom + 18 + 3.5, size: 3.5, color: VERDICT_COLORS[verdict].strong });
    const label = `${VERDICT_NAMES[verdict]} ${counts[verdict]} 项`;
    drawLine(page, fonts, label, legend + 12, bottom + 18, { size: 9.5, color: COLORS.muted });
    legend += 12 + textWidth('regular', label, 9.5) + 22;
  }
  cursor.y = bottom - 30;
}

/** A new page with the running header; the cursor moves to its top. */
function nextPage(ctx: Context): void {
  const page = ctx.doc.addPage(A4);
  const { fonts, input } = ctx;
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - RUNNING_BAND, width: PAGE_WIDTH, height: RUNNING_BAND, color: COLORS.blue });
  const title = reportTitle(input);
  drawLine(page, fonts, title, MARGIN, PAGE_HEIGHT - 19, { size: 10, weight: 'bold', color: COLORS.white });
  const regionWidth = CONTENT_WIDTH - textWidth('bold', title, 10) - 24;
  drawLine(page, fonts, fitPath(input.region, 'regular', 9, regionWidth), RIGHT, PAGE_HEIGHT - 19, { size: 9, color: COLORS.blueOnBand, align: 'right' });
  ctx.cursor = { page, y: PAGE_HEIGHT - RUNNING_BAND - 40 };
}

/** Room for `height` more points on this page, or a new page. */
function ensure(ctx: Context, height: number): void {
  if (ctx.cursor.y - height < BOTTOM) nextPage(ctx);
}

function drawHeading(ctx: Context, text: string, keepWith: number): void {
  ensure(ctx, 34 + keepWith);
  const { page, y } = ctx.cursor;
  page.drawRectangle({ x: MARGIN, y: y - 3, width: 4, height: 17, color: COLORS.blue });
  drawLine(page, ctx.fonts, text, MARGIN + 12, y, { size: 14, weight: 'bold' });
  ctx.cursor.y -= 26;
}

const CHART = {
  label: 150,
  /** The bars show value / standard up to this ratio; longer ones are cut with a notch. */
  maxRatio: 2,
  row: 20,
  bar: 11,
  top: 16,
  axis: 24,
};

/** value / standard as the bar draws it; null without a value. */
function ratioOf(indicator: IndicatorValue): number | null {
  if (indicator.value === null) return null;
  if (indicator.standard === 0) return verdictOf(indicator) === 'met' ? 1 : CHART.maxRatio;
  return Math.max(0, indicator.value / indicator.standard);
}

/** Horizontal bars of each indicator's value against its standard, continued over pages. */
function drawChart(ctx: Context): void {
  drawHeading(ctx, '一、指标达标情况', CHART.top + CHART.axis + CHART.row * Math.min(3, ctx.input.indicators.length));
  const plotLeft = MARGIN + CHART.label + 10;
  const plotRight = RIGHT - 44;
  const xOf = (ratio: number) => plotLeft + ((plotRight - plotLeft) * Math.min(ratio, CHART.maxRatio)) / CHART.maxRatio;
  const rows = [...ctx.input.indicators];
  while (rows.length) {
    const room = Math.floor((ctx.cursor.y - BOTTOM - CHART.top - CHART.axis - 24) / CHART.row);
    if (room < Math.min(3, rows.length)) {
      nextPage(ctx);
      continue;
    }
    const chunk = rows.splice(0, room);
    const { page } = ctx.cursor;
    const top = ctx.cursor.y;
    const plotTop = top - CHART.top;
    const plotBottom = plotTop - chunk.length * CHART.row;
    drawLine(page, ctx.fonts, '现状值 / 标准值', plotLeft, top, { size: 8.5, color: COLORS.muted });
    drawLine(page, ctx.fonts, '标准值', xOf(1), top, { size: 8.5, color: COLORS.text, align: 'center' });
    for (let tick = 0; tick <= CHART.maxRatio; tick += 0.5) {
      const x = xOf(tick);
      page.drawLine({ start: { x, y: plotTop }, end: { x, y: plotBottom }, thickness: 0.5, color: COLORS.rule });
      drawLine(page, ctx.fonts, `${tick * 100}%`, x, plotBottom - 13, { size: 8.5, color: COLORS.muted, align: 'center' });
    }
    page.drawLine({ start: { x: plotLeft, y: plotBottom }, end: { x: plotRight, y: plotBottom }, thickness: 0.8, color: COLORS.muted });
    chunk.forEach((indicator, i) => {
      const middle = plotTop - i * CHART.row - CHART.row / 2;
      drawLine(page, ctx.fonts, fit(indicator.name, 'regular', 9.5, CHART.label), MARGIN + CHART.label, middle - 3.3, { size: 9.5, align: 'right' });
      const ratio = ratioOf(indicator);
      const verdict = verdictOf(indicator);
      if (ratio === null) {
        drawLine(page, ctx.fonts, VERDICT_NAMES.missing, plotLeft + 4, middle - 3, { size: 8.5, color: COLORS.missing });
        return;
      }
      const end = xOf(ratio);
      if (end > plotLeft) page.drawRectangle({ x: plotLeft, y: middle - CHART.bar / 2, width: end - plotLeft, height: CHART.bar, color: VERDICT_COLORS[verdict].strong });
      if (ratio > CHART.maxRatio) page.drawLine({ start: { x: end - 4, y: middle - CHART.bar / 2 - 1 }, end: { x: end - 1, y: middle + CHART.bar / 2 + 1 }, thickness: 1.5, color: COLORS.white });
      drawLine(page, ctx.fonts, `${Math.round(ratio * 100)}%`, RIGHT, middle - 3, { size: 8.5, color: VERDICT_COLORS[verdict].strong, align: 'right' });
    });
    // The standard line over the bars.
    page.drawLine({ start: { x: xOf(1), y: plotTop + 2 }, end: { x: xOf(1), y: plotBottom }, thickness: 1.2, color: COLORS.text, dashArray: [3, 2] });
    ctx.cursor.y = plotBottom - CHART.axis - 6;
  }
  const caption = '图 1  各指标现状值与标准值之比（虚线为标准值；绿色达标，红色未达标）';
  drawLine(ctx.cursor.page, ctx.fonts, caption, MARGIN + CONTENT_WIDTH / 2, ctx.cursor.y, { size: 9, color: COLORS.muted, align: 'center' });
  ctx.cursor.y -= 34;
}

/** Column widths of the table, adding up to the content width. */
const COLUMNS = [205, 74, 82, 66, CONTENT_WIDTH - 205 - 74 - 82 - 66];
const HEADER_HEIGHT = 24;
const ROW_LINE = 14;

function drawTableHeader(ctx: Context): void {
  const { page, y } = ctx.cursor;
  page.drawRectangle({ x: MARGIN, y: y - HEADER_HEIGHT, width: CONTENT_WIDTH, height: HEADER_HEIGHT, color: COLORS.blueLight });
  page.drawLine({ start: { x: MARGIN, y: y - HEADER_HEIGHT }, end: { x: RIGHT, y: y - HEADER_HEIGHT }, thickness: 1, color: COLORS.blue });
  let x = MARGIN;
  TABLE_HEADER.forEach((cell, i) => {
    const left = i === 0;
    drawLine(page, ctx.fonts, cell, left ? x + 10 : x + COLUMNS[i] / 2, y - 16, { size: 10, weight: 'bold', color: COLORS.blue, align: left ? 'left' : 'center' });
    x += COLUMNS[i];
  });
  ctx.cursor.y -= HEADER_HEIGHT;
}

/** Every indicator with value, standard, unit and verdict; the header repeats on each page. */
function drawTable(ctx: Context): void {
  drawHeading(ctx, '二、指标明细', HEADER_HEIGHT + 2 * ROW_LINE + 8);
  drawTableHeader(ctx);
  ctx.input.indicators.forEach((indicator, index) => {
    const names = wrap(indicator.name, 'regular', 10, COLUMNS[0] - 20);
    const height = Math.max(24, names.length * ROW_LINE + 10);
    if (ctx.cursor.y - height < BOTTOM) {
      nextPage(ctx);
      drawTableHeader(ctx);
    }
    const { page, y } = ctx.cursor;
    if (index % 2 === 1) page.drawRectangle({ x: MARGIN, y: y - height, width: CONTENT_WIDTH, height, color: COLORS.stripe });
    const first = y - height / 2 + ((names.length - 1) * ROW_LINE) / 2 - 3.5;
    names.forEach((line, i) => drawLine(page, ctx.fonts, line, MARGIN + 10, first - i * ROW_LINE, { size: 10 }));
    const verdict = verdictOf(indicator);
    const cells = [indicator.value === null ? '—' : formatNumber(indicator.value), formatStandard(indicator), indicator.unit || '—'];
    let x = MARGIN + COLUMNS[0];
    cells.forEach((cell, i) => {
      const width = COLUMNS[i + 1];
      drawLine(page, ctx.fonts, fit(cell, 'regular', 10, width - 8), x + width / 2, y - height / 2 - 3.5, { size: 10, align: 'center' });
      x += width;
    });
    const pill = 46;
    const pillX = x + (COLUMNS[4] - pill) / 2;
    roundedRect(page, pillX, y - height / 2 - 8, pill, 16, 8, VERDICT_COLORS[verdict].light);
    drawLine(page, ctx.fonts, VERDICT_NAMES[verdict], pillX + pill / 2, y - height / 2 - 3.3, { size: 9, color: VERDICT_COLORS[verdict].strong, align: 'center' });
    page.drawLine({ start: { x: MARGIN, y: y - height }, end: { x: RIGHT, y: y - height }, thickness: 0.5, color: COLORS.rule });
    ctx.cursor.y -= height;
  });
  ctx.cursor.y -= 34;
}

/** The shortfalls (短板), farthest first, each with a sentence; or that all meet the standard. */
function drawConclusion(ctx: Context, met: number, total: number): void {
  const heading = total > 0 ? '三、结论与短板' : '结论';
  const size = 10.5;
  const leading = 18;
  const lead = wrap(conclusionLead(ctx.input, met, total), 'regular', size, CONTENT_WIDTH);
  drawHeading(ctx, heading, lead.length * leading);
  for (const line of lead) {
    drawLine(ctx.cursor.page, ctx.fonts, line, MARGIN, ctx.cursor.y, { size });
    ctx.cursor.y -= leading;
  }
  ctx.cursor.y -= 6;
  shortfalls(ctx.input.indicators).forEach((indicator, i) => {
    const marker = `${i + 1}.`;
    const lines = wrap(shortfallSentence(indicator), 'regular', size, CONTENT_WIDTH - 22);
    ensure(ctx, lines.length * leading);
    const color = indicator.value === null ? COLORS.missing : COLORS.unmet;
    drawLine(ctx.cursor.page, ctx.fonts, marker, MARGIN, ctx.cursor.y, { size, weight: 'bold', color });
    for (const line of lines) {
      drawLine(ctx.cursor.page, ctx.fonts, line, MARGIN + 22, ctx.cursor.y, { size });
      ctx.cursor.y -= leading;
    }
    ctx.cursor.y -= 4;
  });
}

/** 第 i 页 / 共 N 页 and the project on every page, once the count is known. */
function drawFooters({ doc, fonts, input }: Context): void {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawLine({ start: { x: MARGIN, y: 42 }, end: { x: RIGHT, y: 42 }, thickness: 0.5, color: COLORS.rule });
    drawLine(page, fonts, `第 ${i + 1} 页 / 共 ${pages.length} 页`, RIGHT, 28, { size: 9, color: COLORS.muted, align: 'right' });
    drawLine(page, fonts, fit(`${input.projectName} · ${input.reportType}`, 'regular', 9, CONTENT_WIDTH - 120), MARGIN, 28, { size: 9, color: COLORS.muted });
  });
}
