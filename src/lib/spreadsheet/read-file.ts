import { isSheetFileName, SHEET_MAX_BYTES, SHEET_MAX_ROWS, SheetProblem, sheetTexts, type SheetGrid } from './grid';
import { parseSheetInWorker } from './worker-client';

/**
 * A user-chosen spreadsheet as strings: .xls or .xlsx only, at most 10MB, parsed in the sheet
 * worker. Rejects with a SheetProblem whose message is the one to show.
 */
export async function readSheetFile(file: File, maxRows = SHEET_MAX_ROWS): Promise<SheetGrid> {
  if (!isSheetFileName(file.name)) throw new SheetProblem(sheetTexts.wrongType);
  if (file.size > SHEET_MAX_BYTES) throw new SheetProblem(sheetTexts.tooLarge);
  return parseSheetInWorker(await file.arrayBuffer(), maxRows);
}
