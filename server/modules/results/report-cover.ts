import sharp from 'sharp';
import { svgText } from '../../lib/svg-text';
import { reportFont } from './report-font';
import { fit, fitPath } from './report-layout';
import { formatPercent, metLine, reportTitle, tally, verdictOf } from './report-text';
import type { ResultReportInput } from './types';

/** The size of the default covers (320×200) twice over, so cards stay sharp on dense screens. */
export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 400;
const PAD = 40;
const BAND = 236;
const BARS = 12;

/**
 * The cover of a generated report: page 1's design drawn small (sharp cannot rasterize a PDF),
 * the blue band with report type, title and region, then the met ratio with its bar and the
 * indicators as small bars. Text is drawn as paths in Noto Sans SC.
 */
export function renderReportCover(input: ResultReportInput, met: number, total: number): Promise<Buffer> {
  const regular = reportFont('regular').font;
  const bold = reportFont('bold').font;
  const inner = COVER_WIDTH - 2 * PAD;
  const counts = tally(input.indicators);
  const share = (n: number) => (total ? (n / total) * 250 : 0);

  // Small bars of value / standard (up to 2), as the chart on page 1 draws them.
  const bars = input.indicators.slice(0, BARS).map((indicator, i) => {
    const x = COVER_WIDTH - PAD - BARS * 16 + i * 16;
    const verdict = verdictOf(indicator);
    const ratio = indicator.value === null ? 0.08 : indicator.standard ? Math.min(2, Math.max(0.08, indicator.value / indicator.standard)) : 1;
    const height = ratio * 56;
    const fill = verdict === 'met' ? '#2f9e5a' : verdict === 'unmet' ? '#d64545' : '#b4bac3';
    return `<rect x="${x}" y="${COVER_HEIGHT - 44 - height}" width="11" height="${height.toFixed(1)}" rx="2" fill="${fill}"/>`;
  });
  const standardY = COVER_HEIGHT - 44 - 56;

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">`,
    `<defs><linearGradient id="band" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f4e9c"/><stop offset="1" stop-color="#2f6fb5"/></linearGradient></defs>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="#ffffff"/>`,
    `<rect width="${COVER_WIDTH}" height="${BAND}" fill="url(#band)"/>`,
    `<circle cx="${COVER_WIDTH - 30}" cy="24" r="120" fill="#ffffff" fill-opacity="0.06"/>`,
    svgText(regular, fit(`城市体检 · ${input.reportType}`, 'regular', 20, inner), PAD, 58, 20, '#c7d9f2'),
    svgText(bold, fit(reportTitle(input), 'bold', 46, inner), PAD, 130, 46, '#ffffff'),
    svgText(regular, fitPath(input.region, 'regular', 24, inner), PAD, 180, 24, '#ffffff'),
    `<rect x="${PAD}" y="${BAND - 32}" width="56" height="5" fill="#ffffff" fill-opacity="0.7"/>`,
    svgText(bold, formatPercent(met, total), PAD, BAND + 80, 52, '#1f4e9c'),
    svgText(regular, `达标率 · ${metLine(met, total)}`, PAD, BAND + 114, 18, '#6b7785'),
    `<rect x="${PAD}" y="${BAND + 132}" width="250" height="8" rx="4" fill="#e9ecf1"/>`,
    `<rect x="${PAD}" y="${BAND + 132}" width="${share(counts.met).toFixed(1)}" height="8" fill="#2f9e5a"/>`,
    `<rect x="${(PAD + share(counts.met)).toFixed(1)}" y="${BAND + 132}" width="${share(counts.unmet).toFixed(1)}" height="8" fill="#d64545"/>`,
    ...bars,
    bars.length ? `<line x1="${COVER_WIDTH - PAD - BARS * 16 - 6}" y1="${standardY}" x2="${COVER_WIDTH - PAD + 2}" y2="${standardY}" stroke="#1f2933" stroke-width="1.5" stroke-dasharray="4 3"/>` : '',
    `</svg>`,
  ].join('');
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
