import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';


/** 项目信息: the project's name, skin and colour (the project) and its description and logo (the profile). */
export const projectProfileResource: AppResource = {
  name: 'projectProfile',
  list: '/projectSetting/:projectId/projectInfo',
  meta: {
    label: '项目信息',
    dataProviderName: 'default',
    endpoints: { one: 'getProjectProfileProjectsByProjectUuidProjectProfileGetProfile' },
    permissions: { list: ['projectprofile/view_projectprofile'], edit: ['projectprofile/edit_projectprofile'] },
    page: lazyPage(() => import('../pages/project-settings/info'), 'ProjectInfo'),
  },
};
