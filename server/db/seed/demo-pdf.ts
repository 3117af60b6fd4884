import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { demoFontBytes } from './demo-font';
import { CHART_WORDS, DIMENSIONS, REPORT_WORDS as W } from './demo-library-content';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;
const TEXT = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.45, 0.48, 0.55);
const ACCENTS: RGB[] = [rgb(0.12, 0.31, 0.61), rgb(0.1, 0.5, 0.42), rgb(0.62, 0.32, 0.12), rgb(0.45, 0.22, 0.55), rgb(0.7, 0.2, 0.25)];

export interface ReportPdfInput {
  title: string;
  /** The 体检维度 chapters, by label name. */
  dimensions: string[];
  year: number;
  month: number;
  /** Picks the accent colour and the indicator values, so reports differ. */
  variant: number;
}

/** The same numbers for the same report on every machine. */
function numbers(seed: number): () => number {
  let state = seed * 2654435761;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lines of at most `width` points; Chinese text breaks between any two characters. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const char of text) {
    const advance = font.widthOfTextAtSize(char, size);
    if (line && used + advance > width) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += char;
    used += advance;
  }
  return line ? [...lines, line] : lines;
}

interface Writer {
  page: PDFPage;
  y: number;
}

/**
 * A several-page Chinese PDF of a health-check report: a title page, a table of contents, an
 * overview, one chapter per 体检维度 with its indicator table and a bar chart, and advice.
 */
export async function reportPdf(input: ReportPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(demoFontBytes(), { subset: true });
  doc.setTitle(input.title);
  doc.setAuthor('示例企业');
  doc.setProducer('报告工作台演示数据');
  const accent = ACCENTS[input.variant % ACCENTS.length];
  const random = numbers(input.variant + 1);
  const width = A4[0] - 2 * MARGIN;

  const text = (w: Writer, value: string, size: number, color = TEXT, x = MARGIN) => {
    w.page.drawText(value, { x, y: w.y, size, font, color });
  };
  const paragraph = (w: Writer, value: string, size = 11.5) => {
    for (const line of wrap(value, font, size, width)) {
      text(w, line, size);
      w.y -= size * 1.8;
    }
  };
  const heading = (w: Writer, value: string) => {
    w.page.drawRectangle({ x: MARGIN, y: w.y - 6, width: 4, height: 24, color: accent });
    text(w, value, 18, TEXT, MARGIN + 14);
    w.y -= 44;
  };

  // Title page.
  const cover = doc.addPage(A4);
  cover.drawRectangle({ x: 0, y: A4[1] - 260, width: A4[0], height: 260, color: accent });
  cover.drawRectangle({ x: MARGIN, y: A4[1] - 300, width: 120, height: 6, color: accent });
  const titleLines = wrap(input.title, font, 30, width);
  titleLines.forEach((line, i) => cover.drawText(line, { x: MARGIN, y: A4[1] - 150 - i * 44, size: 30, font, color: rgb(1, 1, 1) }));
  [W.project, W.preparedBy, W.dateLine(input.year, input.month)].forEach((line, i) =>
    cover.drawText(line, { x: MARGIN, y: A4[1] - 360 - i * 28, size: 14, font, color: MUTED }),
  );

  const chapters = [W.introduction, ...input.dimensions, W.conclusion];
  const contents = doc.addPage(A4);

  // Overview: the dimensions with a score each.
  const overview: Writer = { page: doc.addPage(A4), y: A4[1] - MARGIN - 10 };
  heading(overview, `${W.chapter[0]}、${W.introduction}`);
  paragraph(overview, W.introductionText);
  overview.y -= 16;
  for (const name of input.dimensions) {
    const score = 60 + Math.round(random() * 35);
    text(overview, name, 12);
    overview.page.drawRectangle({ x: MARGIN + 90, y: overview.y - 2, width: (width - 140) * (score / 100), height: 12, color: accent, opacity: 0.75 });
    text(overview, String(score), 12, MUTED, MARGIN + width - 30);
    overview.y -= 26;
  }

  // One chapter per dimension: summary, indicator table, bar chart.
  input.dimensions.forEach((name, index) => {
    const dimension = DIMENSIONS.find((entry) => entry.name === name)!;
    const w: Writer = { page: doc.addPage(A4), y: A4[1] - MARGIN - 10 };
    heading(w, `${W.chapter[index + 1]}、${name}`);
    paragraph(w, dimension.summary);
    w.y -= 12;
    const columns = [0, 240, 300, 400];
    const values = dimension.indicators.map((indicator) => ({ indicator, value: indicator.unit === '%' ? 50 + random() * 49 : 1 + random() * 30 }));
    w.page.drawRectangle({ x: MARGIN, y: w.y - 8, width, height: 26, color: accent, opacity: 0.12 });
    W.indicatorHeader.forEach((cell, i) => text(w, cell, 11.5, TEXT, MARGIN + 8 + columns[i]));
    w.y -= 30;
    for (const { indicator, value } of values) {
      const rating = W.ratings[Math.floor(random() * W.ratings.length)];
      [indicator.name, value.toFixed(1), indicator.unit, rating].forEach((cell, i) => text(w, cell, 11, i === 3 ? accent : TEXT, MARGIN + 8 + columns[i]));
      w.page.drawLine({ start: { x: MARGIN, y: w.y - 9 }, end: { x: MARGIN + width, y: w.y - 9 }, thickness: 0.5, color: MUTED, opacity: 0.5 });
      w.y -= 28;
    }
    w.y -= 30;
    const base = w.y - 170;
    const slot = (width - 40) / CHART_WORDS.years.length;
    CHART_WORDS.years.forEach((year, bar) => {
      const x = MARGIN + 20 + bar * slot;
      w.page.drawRectangle({ x: x + 8, y: base, width: slot - 16, height: 40 + random() * 110, color: accent, opacity: 0.4 + bar * 0.12 });
      w.page.drawText(year, { x: x + (slot - font.widthOfTextAtSize(year, 10)) / 2, y: base - 18, size: 10, font, color: MUTED });
    });
    w.page.drawLine({ start: { x: MARGIN, y: base }, end: { x: MARGIN + width, y: base }, thickness: 1, color: MUTED });
    const caption = `图：${name}指标变化`;
    w.page.drawText(caption, { x: MARGIN + (width - font.widthOfTextAtSize(caption, 10.5)) / 2, y: base - 44, size: 10.5, font, color: TEXT });
  });

  const advice: Writer = { page: doc.addPage(A4), y: A4[1] - MARGIN - 10 };
  heading(advice, `${W.chapter[input.dimensions.length + 1]}、${W.conclusion}`);
  paragraph(advice, W.conclusionText);

  // Contents and page numbers, now that the pages are known (the title page is page 1).
  const toc: Writer = { page: contents, y: A4[1] - MARGIN - 10 };
  heading(toc, W.tableOfContents);
  chapters.forEach((chapter, i) => {
    const label = `${W.chapter[i]}、${chapter}`;
    const pageNumber = String(i + 3);
    text(toc, label, 13);
    const dotsFrom = MARGIN + font.widthOfTextAtSize(label, 13) + 8;
    const dotsTo = MARGIN + width - font.widthOfTextAtSize(pageNumber, 13) - 8;
    toc.page.drawLine({ start: { x: dotsFrom, y: toc.y + 4 }, end: { x: dotsTo, y: toc.y + 4 }, thickness: 1.2, color: MUTED, dashArray: [1.2, 4.8] });
    text(toc, pageNumber, 13, TEXT, MARGIN + width - font.widthOfTextAtSize(pageNumber, 13));
    toc.y -= 30;
  });
  const total = doc.getPageCount();
  doc.getPages().forEach((page, i) => {
    if (i === 0) return;
    const label = W.page(i + 1, total);
    page.drawText(label, { x: (A4[0] - font.widthOfTextAtSize(label, 9)) / 2, y: 32, size: 9, font, color: MUTED });
  });
  return doc.save();
}
