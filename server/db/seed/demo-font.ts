import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { svgText as svgTextIn, type SvgAnchor } from '../../lib/svg-text';

/** The committed subset of WenQuanYi Micro Hei (assets/LICENSE); made by scripts/make-demo-font.ts. */
export const DEMO_FONT_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets/demo-font.ttf');

let bytes: Buffer | undefined;
let parsed: fontkit.Font | undefined;

export const demoFontBytes = () => (bytes ??= readFileSync(DEMO_FONT_PATH));
export const demoFont = () => (parsed ??= fontkit.create(demoFontBytes()));

/** Text as SVG paths in the demo font (see svgText in server/lib/svg-text.ts). */
export function svgText(text: string, x: number, y: number, size: number, fill: string, anchor: SvgAnchor = 'start'): string {
  return svgTextIn(demoFont(), text, x, y, size, fill, anchor);
}
