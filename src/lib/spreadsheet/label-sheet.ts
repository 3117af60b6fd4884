import { readColumns } from './columns';
import type { SheetGrid } from './grid';
import type { SheetValue } from './write';

/** Spec section 3: the label import sheet. 序号 is only a row number and may be left out. */
export const LABEL_SHEET = {
  fileName: '标签导出.xlsx',
  header: ['序号', '标签名称', '标签类别', '实体'],
  required: ['标签名称', '标签类别', '实体'],
} as const;

interface SheetLabel {
  name: string;
  label_group_name: string | null;
  origin: string;
}

/** The rows of 标签导出.xlsx: 序号 counts from 1, 标签类别 is the label group (empty when ungrouped). */
export function labelSheetRows(labels: SheetLabel[]): SheetValue[][] {
  return labels.map((label, index) => [index + 1, label.name, label.label_group_name ?? '', label.origin]);
}

/** A row as POST label/import/ takes it (server/modules/labels/import.ts). */
export interface LabelImportRow {
  name: string;
  group: string;
  origin: string;
}

type LabelRowsResult = { ok: true; rows: LabelImportRow[]; lines: number[] } | { ok: false; message: string };

// The server refuses longer strings in the body outright; cut just past them, so the row is
// still rejected with its own reason (name too long, unknown entity) rather than the whole file.
const TEXT_MAX = 500;
const ORIGIN_MAX = 20;

/** The import rows of a parsed sheet and, at the same index, their row numbers in the sheet. */
export function labelImportRows(grid: SheetGrid): LabelRowsResult {
  const read = readColumns(grid, LABEL_SHEET.required, ['序号']);
  if (!read.ok) return read;
  return {
    ok: true,
    rows: read.records.map(({ cells }) => ({
      name: cells['标签名称'].slice(0, TEXT_MAX),
      group: cells['标签类别'].slice(0, TEXT_MAX),
      origin: cells['实体'].slice(0, ORIGIN_MAX),
    })),
    lines: read.records.map((record) => record.line),
  };
}
