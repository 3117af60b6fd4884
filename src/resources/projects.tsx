import { Route } from 'react-router-dom';
import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

export interface Project {
  uuid: string;
  name: string;
  extra_info: { project_id?: string; connection_id?: string; schema_name?: string; database_name?: string } | null;
  is_public: boolean;
  project_card_url: string | null;
  skin: string | null;
  color: string | null;
  organization_uuid?: string;
  created_at: string;
  updated_at: string;
}

/** `GET …/permission/`: the caller's role in a project and the detail strings it grants. */
export interface ProjectPermission {
  role: { id: number; name: string } | null;
  permissions: string[];
  permissions_detail: string[];
}

export const projectsResource: AppResource = {
  name: 'projects',
  list: '/list',
  meta: {
    label: '项目',
    dataProviderName: 'default',
    endpoints: {
      list: '/api/project/v1/projects/',
      permission: '/api/project/v1/projects/:projectId/permission/',
    },
    permissions: {
      show: ['project/view_project'],
      edit: ['project/edit_project'],
      delete: ['project/delete_project'],
    },
  },
};

const ProjectList = lazyPage(() => import('../pages/projects/list'), 'ProjectList');

export const projectRoutes = <Route path="/list" element={<ProjectList />} />;
