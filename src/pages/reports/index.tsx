import { LibraryScreen } from '../library/library-screen';
import { REPORT_KIND } from '../library/kinds';

/** 报告列表页: #/main/{projectId}/reportList and #/report/{projectId}/reportList. */
export function ReportList() {
  return <LibraryScreen kind={REPORT_KIND} />;
}
