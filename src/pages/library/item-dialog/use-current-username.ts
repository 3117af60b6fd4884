import { useGetIdentity } from '@refinedev/core';
import { getCookie } from '../../../lib/cookies';
import type { UserInfo } from '../../../providers/auth';

/** The signed-in user's username, as the header reads it (the cookie until the identity arrives). */
export function useCurrentUsername(): string {
  const { data: user } = useGetIdentity<UserInfo>();
  return user?.username || getCookie('username') || '';
}
