import { useApiQuery } from '../api/hooks';
import { useIdentity } from './identity';

/** Client state of spec section 3: the current organization (orgInfo) and its applications (apps). */
export interface OrgInfo {
  uuid: string;
  name: string;
  is_owner: boolean;
}

export interface AppEntry {
  id: string;
  name: string;
  description: string;
}

/** Where each application opens: its area's redirect to the last project visited. */
export const APP_ENTRY: Record<string, string> = { report: '/main', cstj: '/cstjPage' };

/** orgInfo and apps, read once per session (none without an organization). */
export function useOrganizationState(): { orgInfo?: OrgInfo; apps: AppEntry[] } {
  const { data: user } = useIdentity();
  const enabled = Boolean(user?.organization_uuid);
  const options = { enabled, staleTime: 5 * 60_000, retry: false };
  const organizations = useApiQuery('getOrganization', { query: { limit: 100 } }, { silent: true, queryOptions: options });
  const apps = useApiQuery('getApplications', {}, { silent: true, queryOptions: options });
  const orgInfo = organizations.data?.data.results.find((organization) => organization.is_current);
  return { orgInfo, apps: apps.data?.data.results ?? [] };
}
