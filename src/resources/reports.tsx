import { lazyPage } from '../components/lazy-page';
import { libraryResource } from './library';

/** 报告管理: the report library of a project (its screens arrive with the library issue). */
export const reportsResource = libraryResource({
  name: 'reports',
  label: '报告管理',
  path: 'report',
  model: 'report',
  editEndpoint: 'report_edit',
  list: '/main/:projectId/reportList',
  show: '/report/:projectId/reportDetail',
  page: lazyPage(() => import('../pages/reports'), 'ReportList'),
});
