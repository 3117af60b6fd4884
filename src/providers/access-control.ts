import { permissionChecker } from '../../contract/permissions';
import { api } from '../api/client';
import { findResource } from '../resources';
import type { ProjectPermission } from '../resources/records';
import type { ResourceAction } from '../resources/types';
import { toHttpError } from './http';

/**
 * Whether permission details allow an action on a resource, by the resource's permission
 * table (`meta.permissions`): any one of the action's patterns must match. An action the
 * table leaves out is open to every member; `show` falls back to `list`.
 */
export function isAllowed(resource: string, action: ResourceAction, details: readonly string[]): boolean {
  const table = findResource(resource)?.meta.permissions ?? {};
  const patterns = table[action] ?? (action === 'show' ? table.list : undefined);
  return patterns === undefined || permissionChecker(details).matchSome(patterns);
}

/** The caller's role and permission details in a project (`GET …/permission/`), as a react-query query. */
export function projectPermissionQuery(projectId: string) {
  return {
    queryKey: ['project-permission', projectId],
    queryFn: (): Promise<ProjectPermission> =>
      api.call('getProjectProjectsByUuidPermission', { path: { uuid: projectId } }).catch((error: unknown) => {
        throw toHttpError(error);
      }),
    keepPreviousData: false,
  };
}
