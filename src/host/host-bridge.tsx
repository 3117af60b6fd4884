import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { currentHashPath, loginPath } from '../lib/navigation';
import { projectPermissionQuery } from '../providers/access-control';
import type { ProjectPermission } from '../resources/records';
import { sharedState, subscribeShared, type SharedState } from './shared-state';

const projectRoute = /^\/(main|report|material|cstjPage|projectSetting)\/([^/?]+)/i;

/** The host's permission details stand in until the server's own answer arrives. */
function seedPermission(queryClient: QueryClient, state: SharedState): void {
  const uuid = state.projectInfo?.uuid;
  const detail = state.projectPermissionDetail;
  if (!uuid || !Array.isArray(detail)) return;
  const { queryKey } = projectPermissionQuery(uuid);
  queryClient.setQueryData<ProjectPermission>(queryKey, (old) => old ?? { role: null, permissions: [], permissions_detail: detail });
}

/** The host's current project: opened from the project list, and followed when the host switches. */
function followProject(navigate: NavigateFunction, state: SharedState, previous: SharedState): void {
  const uuid = state.projectInfo?.uuid;
  if (!uuid || uuid === previous.projectInfo?.uuid) return;
  const here = currentHashPath();
  const inProject = projectRoute.exec(here);
  if (inProject && decodeURIComponent(inProject[2]) !== uuid) navigate(`/${inProject[1]}/${encodeURIComponent(uuid)}`);
  else if (!inProject && /^\/(list)?([?]|$)/.test(here)) navigate(`/main/${encodeURIComponent(uuid)}/reportList`, { replace: true });
}

/** Follows the data a host shell shares: its session, its project and that project's permissions. */
export function HostBridge() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    seedPermission(queryClient, sharedState());
    followProject(navigate, sharedState(), {});
    return subscribeShared((state, previous) => {
      const sessionChanged = state.token !== previous.token || state.orgInfo?.uuid !== previous.orgInfo?.uuid;
      if (sessionChanged && !state.token) navigate(loginPath(currentHashPath()));
      else if (sessionChanged) void queryClient.resetQueries();
      seedPermission(queryClient, state);
      followProject(navigate, state, previous);
    });
  }, [queryClient, navigate]);
  return null;
}
