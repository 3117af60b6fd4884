import { LibraryScreen } from '../library/library-screen';
import { REPORT_KIND } from '../library/kinds';
import { ResultListScreen } from './result-list-screen';

export { StatisticsScreen as Statistics } from './statistics/statistics-screen';

/** 单体报告列表: every report of the area, with 新增报告 and the delete mode. */
export function SingleReportList() {
  return <ResultListScreen title="单体报告列表" path="singleReportList" source="all" actions="manage" />;
}

/** 报告上传列表: the reports uploaded by hand, with the results variant of the report dialog. */
export function SingleReportUpload() {
  return <ResultListScreen title="报告上传列表" path="singleReportUpload" source="uploaded" actions="upload" />;
}

/** 报告列表: the library's report list, inside the 成果 area. */
export function ResultReportList() {
  return <LibraryScreen kind={REPORT_KIND} />;
}
