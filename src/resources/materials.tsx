import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

const base = '/studio/report/api/report/projects/:projectId/material/';

/** 素材管理: the image library of a project, the report library's twin. */
export const materialsResource: AppResource = {
  name: 'materials',
  list: '/main/:projectId/materialList',
  meta: {
    label: '素材管理',
    dataProviderName: 'report',
    endpoints: {
      list: `${base}report_list/`,
      one: `${base}:id/`,
      create: `${base}report_create/`,
      createMany: `${base}bulk_create/`,
      update: `${base}material_edit/`,
      deleteMany: `${base}batch_delete/`,
    },
    permissions: {
      list: ['report.material'],
      create: ['create_material'],
      edit: ['edit_material'],
      delete: ['delete_material'],
    },
    page: lazyPage(() => import('../pages/materials'), 'MaterialList'),
  },
};
