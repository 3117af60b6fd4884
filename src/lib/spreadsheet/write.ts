import type { CellObject, WorkSheet } from 'xlsx';
import { saveBlob } from '../save-blob';

export type SheetValue = string | number;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An .xlsx of one sheet. Every cell is written as a value cell, strings as text (t: 's'), so a
 * name such as `=HYPERLINK(…)` or `+1` stays text and is never a formula; an empty string is a
 * blank cell. xlsx is loaded only when a sheet is written.
 */
export async function sheetBlob(header: string[], rows: SheetValue[][]): Promise<Blob> {
  const { utils, write } = await import('xlsx');
  const lines = [header, ...rows];
  const width = Math.max(...lines.map((line) => line.length));
  const sheet: WorkSheet = {};
  lines.forEach((line, r) =>
    line.forEach((value, c) => {
      if (value !== '') sheet[utils.encode_cell({ r, c })] = valueCell(value);
    }),
  );
  sheet['!ref'] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lines.length - 1, c: Math.max(width - 1, 0) } });
  sheet['!cols'] = header.map((_, c) => ({ wch: columnWidth(lines, c) }));
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'Sheet1');
  const bytes = write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Blob([bytes], { type: XLSX_TYPE });
}

function valueCell(value: SheetValue): CellObject {
  return typeof value === 'number' ? { t: 'n', v: value } : { t: 's', v: value };
}

/** Wide enough for the longest of the first rows (a CJK character takes two), within 8 to 60. */
function columnWidth(lines: SheetValue[][], column: number): number {
  const longest = Math.max(
    ...lines.slice(0, 200).map((line) => [...String(line[column] ?? '')].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0)),
  );
  return Math.min(Math.max(longest + 2, 8), 60);
}

/** Writes the sheet and downloads it under `fileName`. */
export async function downloadSheet(fileName: string, header: string[], rows: SheetValue[][]): Promise<void> {
  saveBlob(await sheetBlob(header, rows), fileName);
}
