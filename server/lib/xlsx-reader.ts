import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { badRequest } from './errors';

/** One sheet's cells as rows of values (null for an empty cell); `firstRow` is the row number Excel shows for `rows[0]`. */
export interface SheetRows {
  name: string;
  firstRow: number;
  rows: unknown[][];
}

const XLSX_PATH = createRequire(import.meta.url).resolve('xlsx');
const READ_TIMEOUT_MS = 30_000;
const NOT_XLSX = '文件不是 Excel 表格（.xlsx），请下载模板填写后上传';
/** An .xlsx is a zip: its first bytes are a local file header. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Plain CommonJS run in the worker: xlsx 0.18.5 has unfixed advisories for crafted files (prototype
 * pollution, slow patterns), so it parses in a thread of its own, bounded in memory and time, whose
 * objects never reach the server's; only arrays of plain values come back.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require(workerData.xlsxPath);
const book = XLSX.read(workerData.bytes, { type: 'buffer', sheetRows: workerData.rowsMax, cellFormula: false, cellHTML: false, cellText: false, cellStyles: false, bookVBA: false });
parentPort.postMessage(book.SheetNames.map((name) => {
  const sheet = book.Sheets[name];
  const firstRow = sheet && sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r + 1 : 1;
  const rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null, blankrows: true }) : [];
  return { name: String(name), firstRow, rows: rows.map((row) => Array.from(row, (cell) => (typeof cell === 'number' || typeof cell === 'boolean' || cell === null ? cell : String(cell)))) };
}));
`;

/**
 * The sheets of an .xlsx file, each read to at most `rowsMax` rows (so a huge sheet costs no more
 * than that). Anything that is not a readable .xlsx answers 400 in Chinese.
 */
export async function readXlsx(bytes: Buffer, rowsMax: number): Promise<SheetRows[]> {
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(NOT_XLSX);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { bytes, xlsxPath: XLSX_PATH, rowsMax },
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
  });
  try {
    return await new Promise<SheetRows[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(badRequest('读取表格超时，请精简文件后再试')), READ_TIMEOUT_MS);
      const settle = (done: () => void) => {
        clearTimeout(timer);
        done();
      };
      worker.once('message', (sheets: SheetRows[]) => settle(() => resolve(sheets)));
      worker.once('error', (error: Error & { code?: string }) =>
        settle(() => reject(badRequest(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? '表格过大，无法读取，请精简文件后再试' : NOT_XLSX))),
      );
      worker.once('exit', () => settle(() => reject(badRequest(NOT_XLSX))));
    });
  } finally {
    await worker.terminate();
  }
}
