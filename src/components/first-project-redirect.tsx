import { useList } from '@refinedev/core';
import { Navigate } from 'react-router-dom';
import { appStorage } from '../lib/placement';
import type { Project } from '../resources/records';
import { PageLoading } from './page-loading';

const LAST_PROJECT = 'lastProject';

/** The project the user last opened, kept per browser (namespaced under a host). */
export const rememberProject = (projectId: string) => appStorage.set('localStorage', LAST_PROJECT, projectId);

/** /main and /projectSetting open the last project the user visited (if still listed), else the first, else the list. */
export function FirstProjectRedirect({ to }: { to: (projectId: string) => string }) {
  const { data, isLoading } = useList<Project>({ resource: 'projects', pagination: { current: 1, pageSize: 100 } });
  if (isLoading) return <PageLoading />;
  const projects = data?.data ?? [];
  const last = appStorage.get('localStorage', LAST_PROJECT);
  const target = projects.find((project) => project.uuid === last) ?? projects[0];
  return <Navigate to={target ? to(target.uuid) : '/list'} replace />;
}
