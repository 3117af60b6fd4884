import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';

/** The committed subset of WenQuanYi Micro Hei (assets/LICENSE); made by scripts/make-demo-font.ts. */
export const DEMO_FONT_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets/demo-font.ttf');

let bytes: Buffer | undefined;
let parsed: fontkit.Font | undefined;

export const demoFontBytes = () => (bytes ??= readFileSync(DEMO_FONT_PATH));
export const demoFont = () => (parsed ??= fontkit.create(demoFontBytes()));

/**
 * Text as SVG paths in the demo font, so pictures carry Chinese captions without any font
 * installed on the machine. `anchor` places x at the start, middle or end of the text.
 */
export function svgText(text: string, x: number, y: number, size: number, fill: string, anchor: 'start' | 'middle' | 'end' = 'start'): string {
  const font = demoFont();
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const width = run.positions.reduce((sum, position) => sum + position.xAdvance, 0) * scale;
  let cursor = x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const glyphs = run.glyphs.map((glyph, i) => {
    const at = `translate(${cursor.toFixed(2)} ${y}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})`;
    cursor += run.positions[i].xAdvance * scale;
    const d = glyph.path.toSVG();
    return d ? `<path transform="${at}" d="${d}"/>` : '';
  });
  return `<g fill="${fill}">${glyphs.join('')}</g>`;
}
