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

const askPermission = (projectId: string): Promise<ProjectPermission> => api.call('getProjectProjectsByUuidPermission', { path: { uuid: projectId } });

/** Permission requests sent ahead of the project shell, by project; the shell's first read takes the answer. */
const early = new Map<string, { sent: Promise<ProjectPermission>; at: number }>();
/** An early answer older than this is not used: the shell asks again. */
const EARLY_MS = 10_000;

/**
 * Sends the permission request of the project the first route opens now, as the workspace starts
 * to render, instead of once the project shell has rendered: the shell waits for it before anything else.
 */
export function requestPermissionEarly(projectId: string): void {
  if (early.has(projectId)) return;
  const sent = askPermission(projectId);
  // A failure has been told by the HTTP layer; the shell's query takes it as its own.
  sent.catch(() => undefined);
  early.set(projectId, { sent, at: Date.now() });
}

/** The caller's role and permission details in a project (`GET …/permission/`), as a react-query query. */
export function projectPermissionQuery(projectId: string) {
  return {
    queryKey: ['project-permission', projectId],
    queryFn: (): Promise<ProjectPermission> => {
      const sent = early.get(projectId);
      early.delete(projectId);
      const fresh = sent && Date.now() - sent.at < EARLY_MS ? sent.sent : undefined;
      return (fresh ?? askPermission(projectId)).catch((error: unknown) => {
        throw toHttpError(error);
      });
    },
    keepPreviousData: false,
  };
}
