import { sheetTexts, type SheetGrid } from './grid';

/** One data row by column name, with its row number in the sheet. */
interface SheetRecord<Column extends string> {
  line: number;
  cells: Record<Column, string>;
}

type ColumnsResult<Column extends string> =
  | { ok: true; records: SheetRecord<Column>[]; present: Set<Column> }
  | { ok: false; message: string };

/**
 * Picks the named columns out of a grid. Missing required columns and a sheet without data rows
 * answer the spec's messages; optional columns that are absent read as empty and are left out of
 * `present`. Rows whose cells of these columns are all blank are skipped.
 */
export function readColumns<Required extends string, Optional extends string = never>(
  grid: SheetGrid,
  required: readonly Required[],
  optional: readonly Optional[] = [],
): ColumnsResult<Required | Optional> {
  type Column = Required | Optional;
  const missing = required.filter((column) => !grid.header.includes(column));
  if (missing.length > 0) return { ok: false, message: sheetTexts.missing(missing) };
  const columns: Column[] = [...required, ...optional];
  const present = new Set(columns.filter((column) => grid.header.includes(column)));
  const index = new Map(columns.map((column) => [column, grid.header.indexOf(column)]));
  const records: SheetRecord<Column>[] = [];
  grid.rows.forEach((row, i) => {
    const cells = Object.fromEntries(
      columns.map((column) => {
        const at = index.get(column) ?? -1;
        return [column, at < 0 ? '' : (row[at] ?? '').trim()];
      }),
    ) as Record<Column, string>;
    if (columns.some((column) => cells[column] !== '')) records.push({ line: grid.headerLine + 1 + i, cells });
  });
  if (records.length === 0) return { ok: false, message: sheetTexts.empty };
  return { ok: true, records, present };
}
