import { readColumns } from './columns';
import { sheetTexts, type SheetGrid } from './grid';
import type { SheetValue } from './write';

/** Spec section 3: the tag spreadsheet of reports (and materials). */
export const ITEM_TAG_SHEET = {
  fileName: '报告信息导出.xlsx',
  header: ['id', '名称', '封面', '实体', '标签'],
  required: ['id', '名称', '实体'],
  optional: ['封面', '标签'],
} as const;

/** POST export_report/ takes at most this many rows. */
const ITEM_TAG_MAX_ROWS = 10_000;

interface SheetItem {
  id: number;
  name: string;
  cover: string | null;
  labels: { name: string }[];
}

/** One row per item: its id, name, cover, the entity (报告 or 素材) and its tag names joined by ','. */
export function itemTagSheetRows(items: SheetItem[], origin: string): SheetValue[][] {
  return items.map((item) => [item.id, item.name, item.cover ?? '', origin, item.labels.map((label) => label.name).join(',')]);
}

/** Tag names of a cell: separated by half- or full-width commas. */
export function splitTags(text: string): string[] {
  return [...new Set(text.split(/[,，]/).map((name) => name.trim()).filter(Boolean))];
}

export interface ItemTagRow {
  line: number;
  id: string;
  name: string;
  cover: string;
  origin: string;
  /** Absent when the sheet has no 标签 column. */
  tags?: string[];
}

type ItemTagRowsResult = { ok: true; rows: ItemTagRow[] } | { ok: false; message: string };

export function itemTagImportRows(grid: SheetGrid): ItemTagRowsResult {
  const read = readColumns(grid, ITEM_TAG_SHEET.required, ITEM_TAG_SHEET.optional);
  if (!read.ok) return read;
  if (read.records.length > ITEM_TAG_MAX_ROWS) return { ok: false, message: sheetTexts.tooManyRows(ITEM_TAG_MAX_ROWS) };
  const hasTags = read.present.has('标签');
  return {
    ok: true,
    rows: read.records.map(({ line, cells }) => ({
      line,
      id: cells.id,
      name: cells['名称'],
      cover: cells['封面'],
      origin: cells['实体'],
      ...(hasTags ? { tags: splitTags(cells['标签']) } : {}),
    })),
  };
}
