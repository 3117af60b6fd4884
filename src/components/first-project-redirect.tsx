import { useList } from '@refinedev/core';
import { Navigate } from 'react-router-dom';
import type { Project } from '../resources/records';
import { PageLoading } from './page-loading';

/** /main and /projectSetting open the first project's screen, or the list when there is none. */
export function FirstProjectRedirect({ to }: { to: (projectId: string) => string }) {
  const { data, isLoading } = useList<Project>({ resource: 'projects', pagination: { current: 1, pageSize: 100 } });
  if (isLoading) return <PageLoading />;
  const first = data?.data[0];
  return <Navigate to={first ? to(first.uuid) : '/list'} replace />;
}
