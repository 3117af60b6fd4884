import { MATERIAL } from '../../contract/library';
import { lazyPage } from '../components/lazy-page';
import { libraryOperations, libraryResources } from './library';

const MaterialList = lazyPage(() => import('../pages/materials'), 'MaterialList');

/** 素材管理 (`materials`), the report library's twin, and its groups (`materialGroups`). */
export const [materialsResource, materialGroupsResource] = libraryResources({
  kind: MATERIAL,
  operations: libraryOperations('Material'),
  name: 'materials',
  label: '素材管理',
  list: '/main/:projectId/materialList',
  page: MaterialList,
  routes: [{ area: 'material', path: 'materialList', page: MaterialList, menu: '素材管理' }],
});
