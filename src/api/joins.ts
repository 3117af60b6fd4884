import { platformClient } from '../providers/http';

/** The link tokens kept from the query string (see lib/settings.ts), in the order they are used. */
export const linkTokens = ['orgtoken', 'protoken', 'stafftoken'] as const;
export type LinkToken = (typeof linkTokens)[number];

const joinPaths = {
  orgtoken: '/api/organization/v1/members/join/',
  protoken: '/api/project/v1/projects/members/join/',
  stafftoken: '/api/v1/user_admin/staff/join_staff/',
} as const;

/** Answers that mean the join happened; any other message (already a member, …) is a warning. */
export const joinSuccessTexts: readonly string[] = ['成功加入企业', '成功加入项目', '成功成为平台工作人员'];

interface JoinAnswer {
  message: string;
  organization_uuid?: string;
  project_uuid?: string;
}

/** Joins the organization, the project or the staff a link token stands for. */
export async function joinByLink(kind: LinkToken, token: string): Promise<JoinAnswer> {
  const { data } =
    kind === 'stafftoken'
      ? await platformClient.post<JoinAnswer>(joinPaths[kind], { token })
      : await platformClient.get<JoinAnswer>(joinPaths[kind], { params: { token } });
  return data;
}
