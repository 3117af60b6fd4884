import { useGetIdentity } from '@refinedev/core';
import { displayName } from '../../../../contract/users';
import { getCookie } from '../../../lib/cookies';
import type { UserInfo } from '../../../providers/auth';

/** The signed-in user's display name, as the header shows it (the username cookie until the identity arrives). */
export function useCurrentUserName(): string {
  const { data: user } = useGetIdentity<UserInfo>();
  return displayName(user) || getCookie('username') || '';
}
