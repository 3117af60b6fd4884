import { LABEL_PERMISSIONS } from '../../contract/labels';
import { REPORT_SERVICE_BASE } from '../../contract/library';
import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

const base = `${REPORT_SERVICE_BASE}/label/`;

/** 标签管理: the labels of a project (the tag screen also shows label groups and filter groups). */
export const labelsResource: AppResource = {
  name: 'labels',
  list: '/main/:projectId/tags',
  meta: {
    label: '标签管理',
    dataProviderName: 'report',
    paging: 'offset',
    endpoints: {
      list: base,
      one: `${base}:id/`,
      create: base,
      createMany: `${base}bulk_create/`,
      deleteMany: `${base}bulk_delete/`,
      move: `${base}batch_update/`,
      import: `${base}import/`,
    },
    permissions: {
      list: ['report.label'],
      create: LABEL_PERMISSIONS.create,
      edit: LABEL_PERMISSIONS.edit,
      delete: LABEL_PERMISSIONS.delete,
    },
    page: lazyPage(() => import('../pages/tags'), 'TagList'),
  },
};
