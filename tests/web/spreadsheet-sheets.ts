import { utils, write } from 'xlsx';

/** A real .xlsx (or .xls with bookType 'biff8') of rows of cells, as Excel would hand it over. */
export function workbookBytes(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Uint8Array<ArrayBuffer> {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Sheet1');
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer);
}

export function sheetFile(rows: unknown[][], name = '标签导出.xlsx'): File {
  return new File([workbookBytes(rows)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
