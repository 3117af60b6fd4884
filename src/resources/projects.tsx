import { Route } from 'react-router-dom';
import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

export const projectsResource: AppResource = {
  name: 'projects',
  list: '/list',
  meta: {
    label: '项目',
    dataProviderName: 'default',
    endpoints: { list: 'getProjectProjects', create: 'postProjectProjects', one: 'getProjectProjectsByUuid', update: 'patchProjectProjectsByUuid' },
    permissions: {
      show: ['project/view_project'],
      edit: ['project/edit_project'],
      delete: ['project/delete_project'],
    },
  },
};

export const ProjectList = lazyPage(() => import('../pages/projects/list'), 'ProjectList');

export const projectRoutes = <Route path="/list" element={<ProjectList />} />;
