import { LABEL_PERMISSIONS } from '../../contract/labels';
import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

/** 标签管理: the labels of a project (the tag screen also shows label groups and filter groups). */
export const labelsResource: AppResource = {
  name: 'labels',
  list: '/main/:projectId/tags',
  meta: {
    label: '标签管理',
    dataProviderName: 'report',
    paging: 'offset',
    endpoints: {
      list: 'getReportProjectsByProjectIdLabel',
      create: 'postReportProjectsByProjectIdLabel',
      createMany: 'postReportProjectsByProjectIdLabelBulkCreate',
      update: 'patchReportProjectsByProjectIdLabelById',
      deleteOne: 'deleteReportProjectsByProjectIdLabelById',
      deleteMany: 'postReportProjectsByProjectIdLabelBulkDelete',
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
