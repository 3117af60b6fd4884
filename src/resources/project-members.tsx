import { lazyPage } from '../components/lazy-page';
import type { AppResource, ToolbarProps } from './types';

const InvitationAnswer = lazyPage<'InvitationAnswer', { answer: Record<string, unknown> }>(() => import('../pages/project-settings/member-invites'), 'InvitationAnswer');

/** 项目成员: a plain admin resource, rendered by the generic pages from its fields. */
export const projectMembersResource: AppResource = {
  name: 'projectMembers',
  list: '/projectSetting/:projectId/projectUser',
  meta: {
    label: '项目成员',
    dataProviderName: 'default',
    endpoints: {
      list: 'getProjectProjectsByProjectUuidMembers',
      create: 'postProjectProjectsByProjectUuidMembers',
      one: 'getProjectProjectsMembersById',
      update: 'patchProjectProjectsMembersById',
      deleteOne: 'deleteProjectProjectsMembersById',
      deleteMany: 'postProjectProjectsMembersBatchDelete',
    },
    permissions: {
      list: ['projectmember/view_projectmember'],
      create: ['projectmember/create_projectmember'],
      edit: ['projectmember/edit_projectmember'],
      delete: ['projectmember/delete_projectmember'],
    },
    searchPlaceholder: '搜索用户名、昵称或手机号',
    fields: [
      { key: ['user', 'username'], label: '用户名' },
      { key: ['user', 'nickname'], label: '昵称' },
      { key: ['user', 'mobile'], label: '手机号' },
      { key: ['role', 'name'], label: '角色' },
      { key: 'created_at', label: '加入时间' },
      { key: 'username', label: '用户名或手机号', list: false, form: ['create'], required: true },
      {
        key: 'role_id',
        label: '角色',
        list: false,
        form: ['create', 'edit'],
        input: { type: 'select', resource: 'projectRoles', optionLabel: 'name' },
      },
    ],
    // A name outside the organization is answered with a one-use invite link to pass on.
    createdView: (answer) => (answer.invited ? <InvitationAnswer answer={answer} /> : undefined),
    toolbar: lazyPage<'MemberInvites', ToolbarProps>(() => import('../pages/project-settings/member-invites'), 'MemberInvites'),
  },
};
