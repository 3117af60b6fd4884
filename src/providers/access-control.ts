import type { AccessControlProvider } from '@refinedev/core';
import type { QueryClient } from '@tanstack/react-query';
import { permissionChecker } from '../../contract/permissions';
import { api } from '../api/client';
import { currentHashPath } from '../lib/navigation';
import { findResource } from '../resources';
import type { ProjectPermission } from '../resources/records';
import type { ResourceAction } from '../resources/types';
import { errorTexts, toHttpError } from './http';

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

/** The project of the current route (`#/{area}/{projectId}/…`), for checks made without one. */
function routeProjectId(): string | undefined {
  const match = /^\/(?:main|report|material|cstjPage|projectSetting)\/([^/?]+)/i.exec(currentHashPath());
  return match ? decodeURIComponent(match[1]) : undefined;
}

/**
 * Refine's access control: `useCan` and `<CanAccess>` ask it with a resource name and an
 * action; `params.projectId` (or the route's project) picks the permission details, which
 * the project shell has already loaded into the same query cache.
 */
export function accessControlProvider(queryClient: QueryClient): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      if (!resource) return { can: true };
      const projectId = typeof params?.projectId === 'string' ? params.projectId : routeProjectId();
      let details: string[] = [];
      if (projectId) {
        const permission = await queryClient.fetchQuery({ ...projectPermissionQuery(projectId), staleTime: 30_000 });
        details = permission.permissions_detail;
      }
      const can = isAllowed(resource, action as ResourceAction, details);
      return can ? { can } : { can, reason: errorTexts.forbidden };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
