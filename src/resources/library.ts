import type { AppResource } from './types';

/** What tells the report library from the material library; the rest is shared (ARCHITECTURE principle 2). */
interface LibrarySpec {
  name: string;
  label: string;
  /** Path segment under the report service: report or material. */
  path: string;
  /** Permission model: report or material. */
  model: string;
  editEndpoint: string;
  list: string;
  show?: string;
  page: AppResource['meta']['page'];
}

/** A library resource: its report-service endpoints and its permission patterns. */
export function libraryResource(spec: LibrarySpec): AppResource {
  const base = `/studio/report/api/report/projects/:projectId/${spec.path}/`;
  return {
    name: spec.name,
    list: spec.list,
    ...(spec.show ? { show: spec.show } : {}),
    meta: {
      label: spec.label,
      dataProviderName: 'report',
      endpoints: {
        list: `${base}report_list/`,
        one: `${base}:id/`,
        create: `${base}report_create/`,
        createMany: `${base}bulk_create/`,
        update: `${base}${spec.editEndpoint}/`,
        deleteMany: `${base}batch_delete/`,
      },
      permissions: {
        list: [`report.${spec.model}`],
        ...(spec.show ? { show: [`report.${spec.model}`] } : {}),
        create: [`create_${spec.model}`],
        edit: [`edit_${spec.model}`],
        delete: [`delete_${spec.model}`],
      },
      page: spec.page,
    },
  };
}
