import { vi } from 'vitest';
import { utils, write } from 'xlsx';
import { answerSheetRequest } from '../../src/lib/spreadsheet/parse';

/** A real .xlsx (or .xls with bookType 'biff8') of rows of cells, as Excel would hand it over. */
export function workbookBytes(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Uint8Array<ArrayBuffer> {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Sheet1');
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer);
}

export function sheetFile(rows: unknown[][], name = '标签导出.xlsx'): File {
  return new File([workbookBytes(rows)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** A stand-in for the browser's Worker: answers with whatever `respond` makes of the request. */
export function fakeWorker(respond: (data: { buffer: ArrayBuffer; maxRows: number }) => unknown | undefined) {
  const made: { terminated: boolean }[] = [];
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    terminated = false;
    constructor() {
      made.push(this);
    }
    postMessage(data: { buffer: ArrayBuffer; maxRows: number }) {
      const answer = respond(data);
      if (answer !== undefined) queueMicrotask(() => this.onmessage?.({ data: answer }));
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return made;
}

/** jsdom has no Web Worker: the sheet worker's own answer is made in-process instead (unstubbed after each test). */
export const parseSheetsInProcess = () => fakeWorker(answerSheetRequest);
