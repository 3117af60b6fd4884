import { connectionsResource } from './connections';
import { filterSettingsResource } from './filter-settings';
import { labelGroupsResource } from './label-groups';
import { labelsResource } from './labels';
import { materialGroupsResource, materialsResource } from './materials';
import { projectActivityResource } from './project-activity';
import { projectAdvancedResource } from './project-advanced';
import { projectMembersResource } from './project-members';
import { projectProfileResource } from './project-profile';
import { projectRolesResource } from './project-roles';
import { projectsResource } from './projects';
import { recycleBinResource } from './recycle-bin';
import { reportGroupsResource, reportsResource } from './reports';
import { regionsResource, resultJobsResource, resultsResource, warehouseResource } from './results';
import { resultsDataResource } from './results-data';
import { scriptParamsResource, scriptsResource } from './scripts';
import type { AppResource } from './types';
import { taskInstancesResource, workflowLinksResource, workflowRunsResource, workflowsResource, workflowTasksResource } from './workflows';

/**
 * Every resource of the app; each is declared in its own file. A resource whose `list`
 * is `/{area}/:projectId/{path}` is an item of that area's side menu, in this order.
 */
export const resources: AppResource[] = [
  projectsResource,
  reportsResource,
  materialsResource,
  labelsResource,
  recycleBinResource,
  projectProfileResource,
  projectMembersResource,
  projectRolesResource,
  connectionsResource,
  resultsDataResource,
  scriptsResource,
  workflowsResource,
  projectActivityResource,
  projectAdvancedResource,
  scriptParamsResource,
  workflowTasksResource,
  workflowLinksResource,
  workflowRunsResource,
  taskInstancesResource,
  reportGroupsResource,
  materialGroupsResource,
  labelGroupsResource,
  filterSettingsResource,
  resultsResource,
  resultJobsResource,
  regionsResource,
  warehouseResource,
];

/**
 * What Refine is given: each resource's meta without its screens, fields and hooks. Refine puts a
 * resource's meta into every query key of it; the rest is read through `findResource`.
 */
export const refineResources = resources.map(({ meta, ...resource }) => ({
  ...resource,
  meta: { label: meta.label, dataProviderName: meta.dataProviderName, endpoints: meta.endpoints, paging: meta.paging },
}));

export function findResource(name: string): AppResource | undefined {
  return resources.find((resource) => resource.name === name);
}
