import { connectionsResource } from './connections';
import { filterSettingsResource } from './filter-settings';
import { labelGroupsResource } from './label-groups';
import { labelsResource } from './labels';
import { materialGroupsResource, materialsResource } from './materials';
import { projectAdvancedResource } from './project-advanced';
import { projectMembersResource } from './project-members';
import { projectProfileResource } from './project-profile';
import { projectRolesResource } from './project-roles';
import { projectsResource } from './projects';
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
  projectProfileResource,
  projectMembersResource,
  projectRolesResource,
  connectionsResource,
  resultsDataResource,
  scriptsResource,
  workflowsResource,
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

export function findResource(name: string): AppResource | undefined {
  return resources.find((resource) => resource.name === name);
}
