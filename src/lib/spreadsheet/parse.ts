import { read, utils } from 'xlsx';
import { SHEET_MAX_BYTES, SHEET_MAX_ROWS, SheetProblem, sheetTexts, type SheetAnswer, type SheetGrid } from './grid';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ROW_MARGIN = 100;
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/**
 * Reads the first sheet of an .xlsx (zip) or .xls (OLE) file into strings: each cell's shown
 * text, formulas never evaluated (a formula cell gives its stored result). Runs in the sheet
 * worker (src/workers/sheet-worker.ts); the app never calls it on its own thread.
 */
export function parseSheet(data: ArrayBuffer | Uint8Array, maxRows = SHEET_MAX_ROWS): SheetGrid {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength > SHEET_MAX_BYTES) throw new SheetProblem(sheetTexts.tooLarge);
  // Anything else would be read as CSV or HTML text and come out as a sheet of garbage.
  if (!startsWith(bytes, ZIP) && !startsWith(bytes, OLE)) throw new SheetProblem(sheetTexts.unreadable);
  let workbook;
  try {
    workbook = read(bytes, {
      type: 'array',
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      // Room for the header, maxRows rows and a few blank ones; '!fullref' tells of any more.
      sheetRows: maxRows + ROW_MARGIN,
    });
  } catch {
    throw new SheetProblem(sheetTexts.unreadable);
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) throw new SheetProblem(sheetTexts.empty);
  const full = sheet['!fullref'];
  const truncated = full !== undefined && utils.decode_range(full).e.r >= maxRows + ROW_MARGIN;
  const table = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  const [header = [], ...rows] = table.map((row) => row.map(cellText));
  if (truncated || rows.filter((row) => row.some((cell) => cell.trim() !== '')).length > maxRows) {
    throw new SheetProblem(sheetTexts.tooManyRows(maxRows));
  }
  const headerLine = sheet['!ref'] ? utils.decode_range(sheet['!ref']).s.r + 1 : 1;
  return { header: header.map((name) => name.trim()), rows, headerLine };
}

function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The sheet worker's answer to a request: the grid, or the message of why it cannot be read. */
export function answerSheetRequest(request: { buffer: ArrayBuffer; maxRows: number }): SheetAnswer {
  try {
    return { ok: true, grid: parseSheet(request.buffer, request.maxRows) };
  } catch (error) {
    return { ok: false, error: error instanceof SheetProblem ? error.message : sheetTexts.unreadable };
  }
}
