import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { textWidth, type ReportWeight } from './report-font';

/** Page geometry, colours and text drawing shared by the parts of a generated report. */

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
export const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
/** Content stops above the footer. */
export const BOTTOM = 64;

/** The product's blue (the app's colorPrimary), and the colours of met, unmet and missing. */
export const COLORS = {
  blue: rgb(0x1f / 255, 0x4e / 255, 0x9c / 255),
  blueLight: rgb(0.91, 0.93, 0.97),
  blueOnBand: rgb(0.78, 0.85, 0.95),
  text: rgb(0.13, 0.15, 0.2),
  muted: rgb(0.45, 0.48, 0.55),
  rule: rgb(0.85, 0.87, 0.9),
  stripe: rgb(0.97, 0.975, 0.985),
  panel: rgb(0.96, 0.97, 0.985),
  white: rgb(1, 1, 1),
  met: rgb(0x2f / 255, 0x9e / 255, 0x5a / 255),
  metLight: rgb(0.9, 0.96, 0.92),
  unmet: rgb(0xd6 / 255, 0x45 / 255, 0x45 / 255),
  unmetLight: rgb(0.99, 0.92, 0.92),
  missing: rgb(0.62, 0.65, 0.7),
  missingLight: rgb(0.93, 0.94, 0.95),
};

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  size: number;
  weight?: ReportWeight;
  color?: RGB;
  align?: 'left' | 'center' | 'right';
  opacity?: number;
}

/** Draws one line; x is the left edge, the centre or the right edge by `align`. */
export function drawLine(page: PDFPage, fonts: Fonts, text: string, x: number, y: number, style: TextStyle): void {
  const weight = style.weight ?? 'regular';
  const width = style.align && style.align !== 'left' ? textWidth(weight, text, style.size) : 0;
  const left = style.align === 'center' ? x - width / 2 : style.align === 'right' ? x - width : x;
  page.drawText(text, { x: left, y, size: style.size, font: fonts[weight], color: style.color ?? COLORS.text, opacity: style.opacity });
}

/** Closing punctuation stays on the line before it; latin words and numbers do not break. */
const TOKENS = /[A-Za-z0-9.,%+\-/²³]+|[\s\S]/gu;
const CLOSING = /^[，。、；：？！）》」』,.;:?!)]$/u;

/** Lines of at most `width` points; Chinese text breaks between any two characters. */
export function wrap(text: string, weight: ReportWeight, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const token of text.match(TOKENS) ?? []) {
    const advance = textWidth(weight, token, size);
    if (line && used + advance > width && !CLOSING.test(token)) {
      lines.push(line.trimEnd());
      line = token.trimStart();
      used = textWidth(weight, line, size);
      continue;
    }
    line += token;
    used += advance;
  }
  return line ? [...lines, line] : lines;
}

/** `text`, cut with an ellipsis to fit `width`. */
export function fit(text: string, weight: ReportWeight, size: number, width: number): string {
  if (textWidth(weight, text, size) <= width) return text;
  const chars = [...text];
  while (chars.length && textWidth(weight, `${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('')}…`;
}

/** A region path that fits `width`: the leading levels give way first, since the last names the place. */
export function fitPath(path: string[], weight: ReportWeight, size: number, width: number): string {
  for (let from = 0; from < path.length - 1; from++) {
    const text = (from ? '… ' : '') + path.slice(from).join(' ');
    if (textWidth(weight, text, size) <= width) return text;
  }
  return fit(path.slice(-1).join(''), weight, size, width);
}

/** A rounded rectangle (pdf-lib draws square ones); y is the bottom edge. */
export function roundedRect(page: PDFPage, x: number, y: number, width: number, height: number, radius: number, color: RGB): void {
  const r = Math.min(radius, height / 2, width / 2);
  const path =
    `M ${r} 0 H ${width - r} A ${r} ${r} 0 0 1 ${width} ${r} V ${height - r} A ${r} ${r} 0 0 1 ${width - r} ${height} ` +
    `H ${r} A ${r} ${r} 0 0 1 0 ${height - r} V ${r} A ${r} ${r} 0 0 1 ${r} 0 Z`;
  // drawSvgPath measures from the top-left corner, with y growing downwards.
  page.drawSvgPath(path, { x, y: y + height, color, borderWidth: 0 });
}
