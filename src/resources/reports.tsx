import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

const base = '/studio/report/api/report/projects/:projectId/report/';

/** 报告管理: the report library of a project (its screens arrive with the library issue). */
export const reportsResource: AppResource = {
  name: 'reports',
  list: '/main/:projectId/reportList',
  show: '/report/:projectId/reportDetail',
  meta: {
    label: '报告管理',
    dataProviderName: 'report',
    endpoints: {
      list: `${base}report_list/`,
      one: `${base}:id/`,
      create: `${base}report_create/`,
      createMany: `${base}bulk_create/`,
      update: `${base}report_edit/`,
      deleteMany: `${base}batch_delete/`,
    },
    permissions: {
      list: ['report.report'],
      show: ['report.report'],
      create: ['create_report'],
      edit: ['edit_report'],
      delete: ['delete_report'],
    },
    page: lazyPage(() => import('../pages/reports'), 'ReportList'),
  },
};
