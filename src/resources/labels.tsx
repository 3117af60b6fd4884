import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

const base = '/studio/report/api/report/projects/:projectId/label/';

/** 标签管理: labels, label groups and filter groups of a project. */
export const labelsResource: AppResource = {
  name: 'labels',
  list: '/main/:projectId/tags',
  meta: {
    label: '标签管理',
    dataProviderName: 'report',
    endpoints: {
      list: base,
      one: `${base}:id/`,
      createMany: `${base}bulk_create/`,
      deleteMany: `${base}bulk_delete/`,
    },
    permissions: {
      list: ['report.label'],
      create: ['report.label.create_label'],
      edit: ['report.label.edit_label'],
      delete: ['report.label.delete_label'],
    },
    page: lazyPage(() => import('../pages/tags'), 'TagList'),
  },
};
