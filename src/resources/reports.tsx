import { REPORT } from '../../contract/library';
import { lazyPage } from '../components/lazy-page';
import { libraryOperations, libraryResources } from './library';

const ReportList = lazyPage(() => import('../pages/reports'), 'ReportList');
const ReportDetail = lazyPage(() => import('../pages/reports/detail'), 'ReportDetail');

/** 报告管理 (`reports`) and its groups (`reportGroups`). */
export const [reportsResource, reportGroupsResource] = libraryResources({
  kind: REPORT,
  operations: libraryOperations('Report'),
  name: 'reports',
  label: '报告管理',
  list: '/main/:projectId/reportList',
  show: '/report/:projectId/reportDetail',
  page: ReportList,
  routes: [
    { area: 'report', path: 'reportList', page: ReportList, menu: '报告管理' },
    { area: 'report', path: 'reportDetail', page: ReportDetail, within: 'reportList' },
    { area: 'cstjPage', path: 'statisticsDetail', page: ReportDetail, within: 'reportList' },
  ],
});
