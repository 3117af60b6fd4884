import { REPORT_KIND, type LibraryKind } from '../library/kinds';

/** The reports of 成果统计: library reports, downloaded as reports.zip like the report list's. */
export const RESULT_KIND: LibraryKind = { ...REPORT_KIND, title: '成果统计', emptyText: '暂无成果' };
