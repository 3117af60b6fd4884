import { lazyPage } from '../components/lazy-page';
import { BIN_TABS } from './recycle-bin-tabs';
import type { AppResource } from './types';

/** 回收站: the project's deleted reports, materials and groups of them, restored or purged by who may delete them. */
export const recycleBinResource: AppResource = {
  name: 'recycleBin',
  list: '/main/:projectId/recycleBin',
  meta: {
    label: '回收站',
    dataProviderName: 'report',
    endpoints: { list: 'getReportProjectsByProjectIdRecycleBin' },
    permissions: {
      list: BIN_TABS.flatMap((tab) => tab.permissions.view),
      ...Object.fromEntries(BIN_TABS.flatMap((tab) => [[tab.view, tab.permissions.view], [tab.restore, tab.permissions.restore]])),
    },
    page: lazyPage(() => import('../pages/recycle-bin'), 'RecycleBin'),
  },
};
