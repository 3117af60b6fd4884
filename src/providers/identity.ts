import { useGetIdentity } from '@refinedev/core';
import type { UserInfo } from './auth';

/**
 * The signed-in user (useGetIdentity), read once per page: a screen that mounts later shares the
 * answer instead of asking again. Every change of it (the profile page, an invitation link, a new
 * organization) invalidates the auth store, which asks again.
 */
export function useIdentity() {
  return useGetIdentity<UserInfo>({ queryOptions: { staleTime: Infinity } });
}
