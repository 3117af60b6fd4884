import { lazyScreen } from './lazy-screen';
import type { AppResource } from './types';

const page = (name: 'Statistics' | 'SingleReportList' | 'SingleReportUpload' | 'ResultReportList') =>
  lazyScreen(() => import('../pages/results'), name);

/** 城市体检成果: the screens of the results area (its own issue fills them in). */
export const resultsResource: AppResource = {
  name: 'results',
  meta: {
    label: '成果',
    dataProviderName: 'report',
    endpoints: {},
    permissions: {},
    routes: [
      { area: 'cstjPage', path: 'statistics', page: page('Statistics'), menu: '成果统计' },
      { area: 'cstjPage', path: 'singleReportList', page: page('SingleReportList'), menu: '单体报告列表' },
      { area: 'cstjPage', path: 'singleReportUpload', page: page('SingleReportUpload'), menu: '报告上传列表' },
      { area: 'cstjPage', path: 'reportList', page: page('ResultReportList'), menu: '报告列表' },
    ],
  },
};
