import { REPORT_SERVICE_BASE, type LibraryKindContract } from '../../contract/library';
import type { AppResource } from './types';

/** What tells the report library from the material library; the rest is shared (ARCHITECTURE principle 2). */
interface LibrarySpec {
  kind: LibraryKindContract;
  name: string;
  label: string;
  list: string;
  show?: string;
  page: AppResource['meta']['page'];
  routes: AppResource['meta']['routes'];
}

/**
 * A library's items resource (its screens' routes, report-service endpoints and permission
 * table from the contract) and its groups resource (endpoints and permissions only, no menu item).
 */
export function libraryResources({ kind, name, label, list, show, page, routes }: LibrarySpec): [AppResource, AppResource] {
  const items = `${REPORT_SERVICE_BASE}/${kind.itemPath}/`;
  const groups = `${REPORT_SERVICE_BASE}/${kind.groupPath}/`;
  const { permissions } = kind;
  const menu = [`report.${kind.model}`];
  return [
    {
      name,
      list,
      ...(show ? { show } : {}),
      meta: {
        label,
        dataProviderName: 'report',
        endpoints: {
          list: `${items}report_list/`,
          one: `${items}:id/`,
          create: `${items}report_create/`,
          createMany: `${items}bulk_create/`,
          update: `${items}${kind.editPath}/`,
          deleteMany: `${items}batch_delete/`,
          move: `${items}batch_remove_edit/`,
          importTags: `${items}export_report/`,
        },
        permissions: {
          list: menu,
          show: menu,
          create: permissions.create,
          edit: permissions.edit,
          delete: permissions.delete,
          batchEdit: permissions.batchEdit,
          batchDelete: permissions.batchDelete,
          settings: permissions.settings,
        },
        page,
        routes,
      },
    },
    {
      name: `${name.replace(/s$/, '')}Groups`,
      meta: {
        label: `${label}分组`,
        dataProviderName: 'report',
        endpoints: {
          list: `${groups}group_list/`,
          create: `${groups}group_create/`,
          one: `${groups}:id/`,
          sort: `${groups}batch_edit/`,
          deleteMany: `${groups}batch_delete/`,
        },
        permissions: {
          list: permissions.viewGroups,
          create: permissions.createGroup,
          edit: permissions.editGroup,
          delete: permissions.deleteGroup,
        },
      },
    },
  ];
}
