import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

/** 高级管理: deleting the project, once its name is typed. */
export const projectAdvancedResource: AppResource = {
  name: 'projectAdvanced',
  list: '/projectSetting/:projectId/projectSeniorSetting',
  meta: {
    label: '高级管理',
    dataProviderName: 'default',
    endpoints: { deleteOne: 'deleteProjectProjectsByUuid' },
    permissions: { list: ['project/delete_project'], delete: ['project/delete_project'] },
    page: lazyPage(() => import('../pages/project-settings/advanced'), 'ProjectAdvanced'),
  },
};
