import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll } from 'vitest';
import { read, utils, write } from 'xlsx';
import { DEMO_PROJECT, type DemoApi } from './browser';

/** The cover the reports made here carry. */
export const REPORT_COVER = '/covers/default-2.png';

/** A temporary folder for one test file, removed after its tests. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** A real one-page PDF whose size differs by its text. */
export async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // The standard font encodes only Latin text.
  doc.addPage([200, 200]).drawText(text.replace(/[^\x20-\x7e]/g, 'x'), { x: 12, y: 170, size: 16 });
  return doc.save();
}

/** Uploads a one-page PDF and adds it as a report of the demo project, outside any group. */
export async function addPdfReport(api: DemoApi, report: { name: string; text: string; labels: number[] }) {
  const bytes = await onePagePdf(report.text);
  const file = `${report.name}.pdf`;
  const url = await api.upload('report', file, bytes, 'application/pdf');
  const created = await api.post<{ data: { id: number } }>(`/studio/report/api/report/projects/${DEMO_PROJECT}/report/report_create/`, {
    name: report.name,
    create_user: 'demo',
    cover: REPORT_COVER,
    file: url,
    real_file_name: file,
    labels: report.labels,
    group_id: -1,
  });
  return { id: created.data.id, name: report.name, file, size: bytes.length };
}

/** The rows of a workbook's first sheet, empty cells as ''. */
export function readSheetRows(file: string): (string | number)[][] {
  const book = read(readFileSync(file));
  return utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: '' });
}

/** Writes the rows as the one sheet of an .xlsx file and answers its path. */
export function writeSheetRows(file: string, rows: (string | number)[][]): string {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Sheet1');
  writeFileSync(file, write(book, { type: 'buffer', bookType: 'xlsx' }));
  return file;
}
