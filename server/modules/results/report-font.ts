import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/** Noto Sans SC (OFL-1.1) from the npm package @expo-google-fonts/noto-sans-sc: static TrueType weights. */
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
export type ReportWeight = keyof typeof FILES;

interface LoadedFont {
  bytes: Uint8Array;
  font: fontkit.Font;
  /** Advance widths by code point, in font units: measuring text is then a sum, not a shaping run. */
  advances: Map<number, number>;
}

const require = createRequire(import.meta.url);
const loaded = new Map<ReportWeight, LoadedFont>();

/** Each weight is read and parsed once per process (10 MB a file); documents share the parsed font. */
export function reportFont(weight: ReportWeight): LoadedFont {
  let entry = loaded.get(weight);
  if (!entry) {
    const bytes = readFileSync(require.resolve(FILES[weight]));
    entry = { bytes, font: withEvenGlyphs(fontkit.create(bytes)), advances: new Map() };
    loaded.set(weight, entry);
  }
  return entry;
}

/**
 * Embeds the weight in `doc`, subset to the glyphs the document draws. pdf-lib would parse the
 * 10 MB file again for every document (about 40 ms); handing it the parsed font makes that
 * free, while each document still gets its own subset.
 */
export function embedReportFont(doc: PDFDocument, weight: ReportWeight) {
  const { bytes } = reportFont(weight);
  doc.registerFontkit(sharedFontkit);
  return doc.embedFont(bytes, { subset: true, customName: SUBSET_NAMES[weight] });
}

interface TrueTypeSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

/**
 * @pdf-lib/fontkit 1.1.1 writes a subset's glyph offsets in the short loca format (offset / 2)
 * whenever they fit, but copies Noto's glyphs unpadded: after the first glyph of odd length the
 * offsets are off by one byte and viewers draw many characters as nothing. Padding each glyph
 * to an even length (as the TrueType spec recommends anyway) keeps the offsets exact.
 */
function withEvenGlyphs(font: fontkit.Font): fontkit.Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as unknown as TrueTypeSubset;
    const addGlyph = subset._addGlyph;
    subset._addGlyph = function (gid: number) {
      const index = addGlyph.call(this, gid);
      const glyph = this.glyf[index];
      if (glyph.length % 2 === 1) {
        // fontkit streams only its own bundled Buffer class, so the padded copy is made with it.
        const padded = (glyph.constructor as typeof Buffer).alloc(glyph.length + 1);
        padded.set(glyph);
        this.glyf[index] = padded;
        this.offset += 1;
      }
      return index;
    };
    return subset as unknown as ReturnType<typeof createSubset>;
  };
  return font;
}

/** Fixed subset names keep the output a function of the input (pdf-lib's default has a random tag). */
const SUBSET_NAMES: Record<ReportWeight, string> = { regular: 'NSSCRG+NotoSansSC-Regular', bold: 'NSSCBD+NotoSansSC-Bold' };

const sharedFontkit = {
  create: (bytes: Uint8Array) => [...loaded.values()].find((entry) => entry.bytes === bytes)?.font ?? fontkit.create(bytes),
} as unknown as typeof fontkit;

/** The width of `text` at `size` points (no kerning: Chinese text has none to speak of). */
export function textWidth(weight: ReportWeight, text: string, size: number): number {
  const { font, advances } = reportFont(weight);
  let units = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    let advance = advances.get(codePoint);
    if (advance === undefined) {
      advance = font.glyphForCodePoint(codePoint).advanceWidth;
      advances.set(codePoint, advance);
    }
    units += advance;
  }
  return (units * size) / font.unitsPerEm;
}
