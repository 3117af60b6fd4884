import { lazyPage } from '../components/lazy-page';
import { VIEW_ACTIVITY } from '../../contract/activity';
import type { AppResource } from './types';

/** 操作记录: who wrote what in the project, read only. */
export const projectActivityResource: AppResource = {
  name: 'projectActivity',
  list: '/projectSetting/:projectId/activity',
  meta: {
    label: '操作记录',
    dataProviderName: 'report',
    endpoints: { list: 'getReportProjectsByProjectIdActivity' },
    permissions: { list: [VIEW_ACTIVITY] },
    page: lazyPage(() => import('../pages/activity/activity-page'), 'ActivityPage'),
  },
};
