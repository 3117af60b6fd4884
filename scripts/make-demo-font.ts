/**
 * Writes server/db/seed/assets/demo-font.ttf: WenQuanYi Micro Hei cut down to the characters
 * the demo reports and materials draw (server/db/seed/demo-library-content.ts), so the seed
 * can write Chinese PDFs and captions on a machine without any CJK font.
 *
 *   npx tsx scripts/make-demo-font.ts [path of wqy-microhei.ttc]
 *
 * fontkit's subsetter writes only the tables a PDF needs; a font pdf-lib and fontkit can open
 * again also needs cmap, name, OS/2 and post, which this script adds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { demoTexts } from '../server/db/seed/demo-library-content';

const SOURCE = process.argv[2] ?? '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const FACE = 'WenQuanYiMicroHei';
const TARGET = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server/db/seed/assets/demo-font.ttf');
const EXTRA = '0123456789０１２３４５６７８９，。、；：？！（）《》“”‘’—…·％／ -–_.,:;!?()[]/%+*=#@&\'"';

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

/** The table records of the font whose offset table starts at `at` (offsets are from the file start). */
function tablesOf(file: Buffer, at: number): Map<string, TableRecord> {
  const count = file.readUInt16BE(at + 4);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < count; i++) {
    const record = at + 12 + i * 16;
    const tag = file.toString('latin1', record, record + 4);
    tables.set(tag, { tag, offset: file.readUInt32BE(record + 8), length: file.readUInt32BE(record + 12) });
  }
  return tables;
}

const tableBytes = (file: Buffer, record: TableRecord | undefined) => {
  if (!record) throw new Error('a required table is missing');
  return file.subarray(record.offset, record.offset + record.length);
};

/** The offset table of the face named FACE inside a TrueType collection (or 0 for a plain font). */
function faceOffset(file: Buffer, index: number): number {
  if (file.toString('latin1', 0, 4) !== 'ttcf') return 0;
  return file.readUInt32BE(12 + index * 4);
}

/** cmap with one format 4 subtable (every demo character is in the BMP), for Unicode and Windows. */
function cmapTable(glyphOf: Map<number, number>): Buffer {
  const codes = [...glyphOf.keys()].sort((a, b) => a - b);
  const segments: Array<{ start: number; end: number; delta: number }> = [];
  for (const code of codes) {
    const delta = (glyphOf.get(code)! - code + 0x10000) % 0x10000;
    const last = segments[segments.length - 1];
    if (last && last.end === code - 1 && last.delta === delta) last.end = code;
    else segments.push({ start: code, end: code, delta });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const n = segments.length;
  const searchRange = 2 ** Math.floor(Math.log2(n)) * 2;
  const sub = Buffer.alloc(16 + n * 8);
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(0, 4);
  sub.writeUInt16BE(n * 2, 6);
  sub.writeUInt16BE(searchRange, 8);
  sub.writeUInt16BE(Math.log2(searchRange / 2), 10);
  sub.writeUInt16BE(n * 2 - searchRange, 12);
  segments.forEach((segment, i) => {
    sub.writeUInt16BE(segment.end, 14 + i * 2);
    sub.writeUInt16BE(segment.start, 16 + n * 2 + i * 2);
    sub.writeUInt16BE(segment.delta, 16 + n * 4 + i * 2);
    sub.writeUInt16BE(0, 16 + n * 6 + i * 2); // idRangeOffset: deltas only
  });
  const header = Buffer.alloc(4 + 2 * 8);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(2, 2);
  [
    [0, 3],
    [3, 1],
  ].forEach(([platform, encoding], i) => {
    header.writeUInt16BE(platform, 4 + i * 8);
    header.writeUInt16BE(encoding, 6 + i * 8);
    header.writeUInt32BE(header.length, 8 + i * 8);
  });
  return Buffer.concat([header, sub]);
}

/** A Windows (UTF-16BE, en-US) name table. */
function nameTable(names: Array<[number, string]>): Buffer {
  const strings = names.map(([, text]) => Buffer.from(text, 'utf16le').swap16());
  const header = Buffer.alloc(6 + names.length * 12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(names.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  names.forEach(([id], i) => {
    const at = 6 + i * 12;
    header.writeUInt16BE(3, at);
    header.writeUInt16BE(1, at + 2);
    header.writeUInt16BE(0x409, at + 4);
    header.writeUInt16BE(id, at + 6);
    header.writeUInt16BE(strings[i].length, at + 8);
    header.writeUInt16BE(offset, at + 10);
    offset += strings[i].length;
  });
  return Buffer.concat([header, ...strings]);
}

const checksum = (data: Buffer) => {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

/** An sfnt file of the tables, with checksums and head.checkSumAdjustment. */
function writeFont(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const n = tags.length;
  const searchRange = 2 ** Math.floor(Math.log2(n)) * 16;
  const directory = Buffer.alloc(12 + n * 16);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(n, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(Math.log2(searchRange / 16), 8);
  directory.writeUInt16BE(n * 16 - searchRange, 10);
  const head = Buffer.from(tables.get('head')!);
  head.writeUInt32BE(0, 8);
  tables.set('head', head);
  const bodies: Buffer[] = [];
  let offset = directory.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    const at = 12 + i * 16;
    directory.write(tag, at, 'latin1');
    directory.writeUInt32BE(checksum(data), at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(data.length, at + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const font = Buffer.concat([directory, ...bodies]);
  const headAt = directory.readUInt32BE(12 + tags.indexOf('head') * 16 + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headAt + 8);
  return font;
}

async function encodeSubset(subset: ReturnType<fontkit.Font['createSubset']>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  await new Promise<void>((resolve) => subset.encodeStream().on('data', (chunk) => void chunks.push(chunk)).on('end', () => resolve()));
  return Buffer.concat(chunks);
}

async function main() {
  const file = readFileSync(SOURCE);
  const collection = fontkit.create(file) as unknown as { fonts?: fontkit.Font[] };
  const index = collection.fonts ? collection.fonts.findIndex((font) => font.postscriptName === FACE) : 0;
  const font = fontkit.create(file, FACE);
  const original = tablesOf(file, faceOffset(file, index));

  const characters = [...new Set([...demoTexts().join(''), ...EXTRA])].filter((char) => char.trim() !== '' || char === ' ');
  const subset = font.createSubset();
  const glyphOf = new Map<number, number>();
  const missing: string[] = [];
  for (const char of characters) {
    const code = char.codePointAt(0)!;
    const glyph = font.glyphForCodePoint(code);
    if (glyph.id === 0) missing.push(char);
    else glyphOf.set(code, subset.includeGlyph(glyph));
  }
  if (missing.length) throw new Error(`the font has no glyph for ${missing.join('')}`);

  const cut = await encodeSubset(subset);
  const tables = new Map<string, Buffer>();
  for (const record of tablesOf(cut, 0).values()) tables.set(record.tag, Buffer.from(tableBytes(cut, record)));
  const records = (font as unknown as { name: { records: Record<string, { en?: string }> } }).name.records;
  tables.set('cmap', cmapTable(glyphOf));
  tables.set(
    'name',
    nameTable([
      [0, records.copyright?.en ?? ''],
      [1, 'WenQuanYi Micro Hei Demo Subset'],
      [2, 'Regular'],
      [3, 'WenQuanYi Micro Hei Demo Subset'],
      [4, 'WenQuanYi Micro Hei Demo Subset'],
      [5, `${records.version?.en ?? 'Version 0'}; subset of ${glyphOf.size} characters for the demo data`],
      [6, 'WenQuanYiMicroHei-DemoSubset'],
      [13, records.license?.en ?? ''],
      [14, records.licenseURL?.en ?? ''],
    ]),
  );
  tables.set('OS/2', Buffer.from(tableBytes(file, original.get('OS/2'))));
  const post = Buffer.from(tableBytes(file, original.get('post')).subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0); // version 3: no glyph names
  tables.set('post', post);

  const output = writeFont(tables);
  const check = fontkit.create(output);
  for (const [code, id] of glyphOf) {
    if (check.glyphForCodePoint(code).id !== id) throw new Error(`U+${code.toString(16)} maps to the wrong glyph`);
  }
  writeFileSync(TARGET, output);
  console.log(`${path.relative(process.cwd(), TARGET)}: ${glyphOf.size} characters, ${output.length} bytes`);
}

await main();
