import { displayName } from '../../../../contract/users';
import { getCookie } from '../../../lib/cookies';
import { useIdentity } from '../../../providers/identity';

/** The signed-in user's display name, as the header shows it (the username cookie until the identity arrives). */
export function useCurrentUserName(): string {
  const { data: user } = useIdentity();
  return displayName(user) || getCookie('username') || '';
}
