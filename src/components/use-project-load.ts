import { useOne } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isAllowed, projectPermissionQuery } from '../providers/access-control';
import { useIdentity } from '../providers/identity';
import type { ProjectProfile } from '../resources/records';
import type { Project } from '../resources/records';
import type { ResourceAction } from '../resources/types';

const noDetails: string[] = [];

/**
 * Everything the project shell needs before it shows a screen: the user, the caller's
 * permission in the project, then (as that permission allows) the project and its profile.
 */
export function useProjectLoad(projectId: string) {
  const identity = useIdentity();
  const permission = useQuery(projectPermissionQuery(projectId));
  const details = permission.data?.permissions_detail ?? noDetails;
  const can = useCallback(
    (resource: string, action: ResourceAction) => isAllowed(resource, action, details),
    [details],
  );
  const loaded = permission.isSuccess;
  const project = useOne<Project>({
    resource: 'projects',
    id: projectId,
    queryOptions: { enabled: loaded && can('projects', 'show'), keepPreviousData: false },
  });
  const profile = useOne<ProjectProfile>({
    resource: 'projectProfile',
    id: projectId,
    queryOptions: { enabled: loaded && can('projectProfile', 'list'), keepPreviousData: false },
  });

  const loading =
    identity.isLoading || permission.isLoading || project.isInitialLoading || profile.isInitialLoading;
  // The server answers 404 for a project that does not exist and for one the caller is not a member of.
  const notFound = permission.isError || project.error?.statusCode === 404;
  const projectData = project.data?.data;
  const profileData = profile.data?.data;
  const value = useMemo(
    () =>
      permission.data && {
        projectId,
        project: projectData,
        profile: profileData ?? {},
        permission: permission.data,
        can,
      },
    [projectId, projectData, profileData, permission.data, can],
  );
  return { loading, notFound, value };
}
