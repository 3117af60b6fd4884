import { feedback } from '../../../lib/feedback';
import { ITEM_TAG_SHEET, itemTagSheetRows } from '../../../lib/spreadsheet/item-tag-sheet';
import { downloadSheet } from '../../../lib/spreadsheet/write';
import { REPORT_KIND, type LibraryKind } from '../kinds';
import type { LibraryItem } from '../types';

/**
 * Writes the items' tags to a spreadsheet (id, 名称, 封面, 实体, 标签) and downloads it; text
 * cells only, so no name becomes a formula. Never rejects: a failure is shown to the user.
 */
export async function exportItemTags(items: LibraryItem[], kind: LibraryKind = REPORT_KIND): Promise<void> {
  try {
    await downloadSheet(ITEM_TAG_SHEET.fileName, [...ITEM_TAG_SHEET.header], itemTagSheetRows(items, kind.entity));
    feedback.success('浏览器准备下载');
  } catch {
    feedback.error('导出失败，请重试');
  }
}
