import type { Db } from '../db/client';
import { formatDateTime } from './dates';
import { createInvitation, type NewInvitation } from './invite-tokens';

/** A new invite link as the API answers it: the token, its end, and the app's path that opens it. */
export async function inviteLink(db: Db, input: NewInvitation & { kind: 'organization' | 'project' }, timeZone: string) {
  const { token, invitation } = await createInvitation(db, input);
  const param = input.kind === 'project' ? 'protoken' : 'orgtoken';
  return { token, expires_at: formatDateTime(invitation.expiresAt, timeZone)!, url: `#/list?${param}=${token}` };
}
