/**
 * How a user is named wherever the product shows one (creator, owner, who ran a workflow, the
 * header): the nickname (昵称) they chose, else their username.
 */
export function displayName(user: { nickname?: string | null; username?: string | null } | null | undefined): string {
  return user?.nickname?.trim() || user?.username || '';
}
