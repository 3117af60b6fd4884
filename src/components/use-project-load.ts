import { useOne, type HttpError } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { feedback } from '../lib/feedback';
import { isAllowed, projectPermissionQuery } from '../providers/access-control';
import { useIdentity } from '../providers/identity';
import type { ProjectProfile } from '../resources/records';
import type { Project } from '../resources/records';
import type { ResourceAction } from '../resources/types';

const noDetails: string[] = [];

/** Asked before the role is known, so silent: the failures worth telling are told by useToldFailure. */
const beforeTheRole = { queryOptions: { keepPreviousData: false }, meta: { silent: true } };

/**
 * A failure of a read the role allows, told once (a 403 too: the server and the role's permissions
 * disagree); a 404 is the shell's own page, a 401 the permission's.
 */
function useToldFailure(error: HttpError | null | false | undefined) {
  useEffect(() => {
    if (error && ![401, 404].includes(error.statusCode)) feedback.error(error.message);
  }, [error]);
}

/**
 * Everything the project shell needs before it shows a screen: the user, the caller's
 * permission in the project, and (as that permission allows) the project and its profile.
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
  // The project and its profile are asked beside the permission, not after it: a role that may not
  // read them is refused quietly, and what it was refused is not shown.
  const mayShowProject = loaded && can('projects', 'show');
  const mayShowProfile = loaded && can('projectProfile', 'list');
  const project = useOne<Project>({
    resource: 'projects',
    id: projectId,
    ...beforeTheRole,
  });
  const profile = useOne<ProjectProfile>({
    resource: 'projectProfile',
    id: projectId,
    ...beforeTheRole,
  });

  useToldFailure(mayShowProject && project.error);
  useToldFailure(mayShowProfile && profile.error);

  const loading =
    identity.isLoading || permission.isLoading || (mayShowProject && project.isInitialLoading) || (mayShowProfile && profile.isInitialLoading);
  // The server answers 404 for a project that does not exist and for one the caller is not a member of.
  const notFound = permission.isError || (mayShowProject && project.error?.statusCode === 404);
  const projectData = mayShowProject ? project.data?.data : undefined;
  const profileData = mayShowProfile ? profile.data?.data : undefined;
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
