import { storageKey } from '../../../lib/placement';

/** localStorage key of the list views' column widths: `{ [list]: { [column]: pixels } }`. */
const COLUMN_WIDTHS_KEY = 'columnWidths';

export const MIN_COLUMN_WIDTH = 48;

type Widths = Record<string, Record<string, number>>;

function readAll(): Widths {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(COLUMN_WIDTHS_KEY)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Widths) : {};
  } catch {
    return {};
  }
}

/** The saved widths of one list (e.g. 'report'), column by column. */
export function loadColumnWidths(list: string): Record<string, number> {
  const saved = readAll()[list];
  if (!saved || typeof saved !== 'object') return {};
  return Object.fromEntries(Object.entries(saved).filter(([, width]) => typeof width === 'number' && width >= MIN_COLUMN_WIDTH));
}

export function saveColumnWidth(list: string, column: string, width: number): void {
  const all = readAll();
  all[list] = { ...(all[list] ?? {}), [column]: Math.round(width) };
  try {
    localStorage.setItem(storageKey(COLUMN_WIDTHS_KEY), JSON.stringify(all));
  } catch {
    // Storage full or unavailable: the width holds until the page closes.
  }
}
