import { LibraryDetail } from '../library/detail';
import { REPORT_KIND } from '../library/kinds';

/** Read by /report/:projectId/reportDetail and /cstjPage/:projectId/statisticsDetail alike. */
export function ReportDetail() {
  return <LibraryDetail kind={REPORT_KIND} />;
}
