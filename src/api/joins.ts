import { api } from './client';

/** The link tokens kept from the query string (see lib/settings.ts), in the order they are used. */
export const linkTokens = ['orgtoken', 'protoken', 'stafftoken'] as const;
export type LinkToken = (typeof linkTokens)[number];

/** Answers that mean the join happened; any other message (already a member, …) is a warning. */
export const joinSuccessTexts: readonly string[] = ['成功加入企业', '成功加入项目', '成功成为平台工作人员'];

interface JoinAnswer {
  message: string;
  organization_uuid?: string;
  project_uuid?: string;
}

/** Joins the organization, the project or the staff a link token stands for. */
export function joinByLink(kind: LinkToken, token: string): Promise<JoinAnswer> {
  if (kind === 'orgtoken') return api.call('getOrganizationMembersJoin', { query: { token } });
  if (kind === 'protoken') return api.call('getProjectProjectsMembersJoin', { query: { token } });
  return api.call('postUserAdminStaffJoinStaff', { body: { token } });
}
