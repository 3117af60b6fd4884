import { lazyPage } from '../components/lazy-page';
import { libraryResource } from './library';

/** 素材管理: the image library of a project, the report library's twin. */
export const materialsResource = libraryResource({
  name: 'materials',
  label: '素材管理',
  path: 'material',
  model: 'material',
  editEndpoint: 'material_edit',
  list: '/main/:projectId/materialList',
  page: lazyPage(() => import('../pages/materials'), 'MaterialList'),
});
