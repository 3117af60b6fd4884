import { permissionDetail } from '../../contract/permissions';
import { REPORT } from '../../contract/library';
import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

const page = (name: 'Statistics' | 'SingleReportList' | 'SingleReportUpload' | 'ResultReportList') =>
  lazyPage(() => import('../pages/results'), name);

const viewReports = ['report.report'];

/**
 * 城市体检成果 (`results`): the reports of the results area with their region and dimension.
 * Hand-made reports are library reports, so adding and deleting go to the report endpoints;
 * spec section 6 gates 新增报告 and 删除报告 with `create_report`.
 */
export const resultsResource: AppResource = {
  name: 'results',
  meta: {
    label: '成果',
    dataProviderName: 'report',
    endpoints: {
      list: 'getOaResultProjectsByProjectIdReportList',
      create: 'postReportProjectsByProjectIdReportReportCreate',
      deleteMany: 'postReportProjectsByProjectIdReportBatchDelete',
    },
    permissions: {
      list: viewReports,
      show: viewReports,
      create: REPORT.permissions.create,
      delete: REPORT.permissions.create,
    },
    routes: [
      { area: 'cstjPage', path: 'statistics', page: page('Statistics'), menu: '成果统计' },
      { area: 'cstjPage', path: 'singleReportList', page: page('SingleReportList'), menu: '单体报告列表' },
      { area: 'cstjPage', path: 'singleReportUpload', page: page('SingleReportUpload'), menu: '报告上传列表' },
      { area: 'cstjPage', path: 'reportList', page: page('ResultReportList'), menu: '报告列表' },
    ],
  },
};

/** 成果生成: the project's generation jobs (GET lists them, POST starts one; spec section 7). */
export const resultJobsResource: AppResource = {
  name: 'resultJobs',
  meta: {
    label: '成果生成任务',
    dataProviderName: 'report',
    endpoints: { list: 'getOaResultProjectsByProjectIdReportGenerate', create: 'postOaResultProjectsByProjectIdReportGenerate' },
    permissions: { list: viewReports, create: REPORT.permissions.create },
  },
};

/** The project's investigation scope: its region tree down to `level_limit`. */
export const regionsResource: AppResource = {
  name: 'regions',
  meta: {
    label: '调查范围',
    dataProviderName: 'report',
    endpoints: { list: 'getReportProjectsByProjectIdInvestigationScopeTree' },
    permissions: { list: viewReports },
  },
};

/**
 * 成果数据: the project's own regions and indicators from a spreadsheet (contract/warehouse.ts).
 * Its screen is a widget of the project settings (pages/project-settings/warehouse-import.tsx).
 */
export const warehouseResource: AppResource = {
  name: 'projectWarehouse',
  meta: {
    label: '成果数据',
    dataProviderName: 'report',
    endpoints: {},
    permissions: { list: [], edit: [permissionDetail('project', 'project', 'edit')] },
  },
};
