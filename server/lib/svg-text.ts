import type fontkit from '@pdf-lib/fontkit';

export type SvgAnchor = 'start' | 'middle' | 'end';

/** The advance of `text` in `font` at `size`, in the units of the picture. */
export function svgTextWidth(font: fontkit.Font, text: string, size: number): number {
  const run = font.layout(text);
  return (run.positions.reduce((sum, position) => sum + position.xAdvance, 0) * size) / font.unitsPerEm;
}

/**
 * Text as SVG paths in `font`, so pictures carry Chinese text without any font installed on
 * the machine (sharp's SVG renderer would otherwise draw boxes). `anchor` places x at the
 * start, middle or end of the text.
 */
export function svgText(font: fontkit.Font, text: string, x: number, y: number, size: number, fill: string, anchor: SvgAnchor = 'start'): string {
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
