import { permissionDetail } from '../../contract/permissions';
import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

/** Choosing where 成果 reads from edits the project (server/modules/results/warehouse-source-routes.ts). */
const editProject = [permissionDetail('project', 'project', 'edit')];

/** 成果数据: the project's data connection, database and schema holding its regions and indicators (its extra_info). */
export const resultsDataResource: AppResource = {
  name: 'resultsData',
  list: '/projectSetting/:projectId/resultsData',
  meta: {
    label: '成果数据',
    dataProviderName: 'report',
    endpoints: {},
    permissions: { list: editProject, edit: editProject },
    page: lazyPage(() => import('../pages/project-settings/results-data'), 'ResultsData'),
  },
};
