import type { LibraryKindContract } from '../../contract/library';
import type { AppResource } from './types';

/** The operations of the generated client that serve one kind's items and groups. */
export const libraryOperations = <K extends 'Report' | 'Material'>(kind: K) =>
  ({
    items: `getReportProjectsByProjectId${kind}ReportList`,
    item: `getReportProjectsByProjectId${kind}ById`,
    createItem: `postReportProjectsByProjectId${kind}ReportCreate`,
    createItems: `postReportProjectsByProjectId${kind}BulkCreate`,
    editItem: `putReportProjectsByProjectId${kind}${kind}Edit`,
    moveItems: `putReportProjectsByProjectId${kind}BatchRemoveEdit`,
    deleteItems: `postReportProjectsByProjectId${kind}BatchDelete`,
    writeTags: `postReportProjectsByProjectId${kind}ExportReport`,
    labelItems: `postReportProjectsByProjectId${kind}BatchLabel`,
    filterItems: `postReportProjectsByProjectId${kind}FilterItems`,
    batchJob: `getReportProjectsByProjectId${kind}BatchJobById`,
    groups: `getReportProjectsByProjectId${kind}GroupGroupList`,
    createGroup: `postReportProjectsByProjectId${kind}GroupGroupCreate`,
    renameGroup: `putReportProjectsByProjectId${kind}GroupById`,
    sortGroups: `putReportProjectsByProjectId${kind}GroupBatchEdit`,
    deleteGroups: `postReportProjectsByProjectId${kind}GroupBatchDelete`,
  }) as const;
export type LibraryOperations = ReturnType<typeof libraryOperations<'Report'>> | ReturnType<typeof libraryOperations<'Material'>>;

/** What tells the report library from the material library; the rest is shared (ARCHITECTURE principle 2). */
interface LibrarySpec {
  kind: LibraryKindContract;
  operations: LibraryOperations;
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
export function libraryResources({ kind, operations, name, label, list, show, page, routes }: LibrarySpec): [AppResource, AppResource] {
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
          list: operations.items,
          one: operations.item,
          create: operations.createItem,
          createMany: operations.createItems,
          update: operations.editItem,
          deleteMany: operations.deleteItems,
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
        endpoints: { list: operations.groups, create: operations.createGroup, update: operations.renameGroup, deleteMany: operations.deleteGroups },
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
