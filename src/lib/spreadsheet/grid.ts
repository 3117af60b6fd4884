/** A spreadsheet's first sheet as plain text: the header row and the rows below it, blank ones kept. */
export interface SheetGrid {
  header: string[];
  rows: string[][];
  /** The header's row number in the sheet (1 when the sheet starts at the top). */
  headerLine: number;
}

/** What the sheet worker posts back: plain strings only, never an object of the xlsx library. */
export type SheetAnswer = { ok: true; grid: SheetGrid } | { ok: false; error: string };

/** Larger files are refused before parsing: the server takes at most 20,000 rows anyway. */
export const SHEET_MAX_BYTES = 10 * 1024 * 1024;
/** Data rows read at most (the label import's limit on the server). */
export const SHEET_MAX_ROWS = 20_000;

export const sheetTexts = {
  wrongType: '上传格式不正确，请上传xls或者xlsx格式',
  empty: '当前excel无数据',
  missing: (columns: string[]) => `当前excel缺少如下字段：${columns.join('、')}`,
  tooLarge: `文件大小不能超过 ${SHEET_MAX_BYTES / 1024 / 1024}MB`,
  tooManyRows: (max: number) => `当前excel数据超过 ${max} 行，请分批导入`,
  unreadable: '文件内容无法识别，请上传有效的xls或者xlsx文件',
  timeout: '表格解析超时，请检查文件后重试',
} as const;

/** A sheet that cannot be imported; the message is for the user. */
export class SheetProblem extends Error {}

/** The file name's extension decides, as the spec says: .xls or .xlsx only. */
export function isSheetFileName(name: string): boolean {
  return /\.xlsx?$/i.test(name);
}
