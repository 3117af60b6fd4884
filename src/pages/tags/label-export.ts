import { feedback } from '../../lib/feedback';
import { LABEL_SHEET, labelSheetRows } from '../../lib/spreadsheet/label-sheet';
import { downloadSheet } from '../../lib/spreadsheet/write';
import type { Label } from '../../resources/records';
import type { LabelApi, LabelQuery } from './api';

/**
 * 批量导出 to 标签导出.xlsx: the selected labels, or with none selected every label the current
 * group, search and entity filter show (all pages).
 */
export async function exportLabels(api: LabelApi, selected: Label[], query: Omit<LabelQuery, 'page' | 'pageSize'>): Promise<void> {
  const labels = selected.length > 0 ? selected : await api.listAllLabels(query);
  if (labels.length === 0) {
    feedback.warning('暂无可导出的标签');
    return;
  }
  await downloadSheet(LABEL_SHEET.fileName, [...LABEL_SHEET.header], labelSheetRows(labels));
  feedback.success('浏览器准备下载');
}
