import { Tag } from 'antd';
import { lazyPage } from '../components/lazy-page';
import type { AppResource } from './types';

/** 项目角色: a plain admin resource; its permissions are edited by the row action 权限设置. */
export const projectRolesResource: AppResource = {
  name: 'projectRoles',
  list: '/projectSetting/:projectId/projectRole',
  meta: {
    label: '项目角色',
    dataProviderName: 'default',
    endpoints: {
      list: 'getProjectProjectsByProjectUuidRoles',
      create: 'postProjectProjectsByProjectUuidRoles',
      one: 'getProjectProjectsRolesById',
      update: 'patchProjectProjectsRolesById',
      deleteOne: 'deleteProjectProjectsRolesById',
      deleteMany: 'postProjectProjectsRolesBatchDelete',
    },
    permissions: {
      list: ['role/view_role'],
      create: ['project.role.create_role'],
      edit: ['project.role.edit_role'],
      delete: ['project.role.delete_role'],
    },
    searchPlaceholder: '搜索角色名称',
    fields: [
      {
        key: 'name',
        label: '角色名称',
        form: ['create', 'edit'],
        required: true,
        input: { type: 'text', maxLength: 64 },
        render: (name, role) => (
          <>
            <span>{String(name)}</span> {role.is_default ? <Tag color="blue">默认</Tag> : null}
          </>
        ),
      },
      { key: 'builtin', label: '类型', render: (builtin) => (builtin ? '系统内置' : '自定义') },
      { key: 'member_count', label: '成员数' },
      { key: 'created_at', label: '创建时间' },
    ],
    // The administrator role and the default role cannot be deleted.
    deletable: (role) => role.builtin !== 'admin' && !role.is_default,
    rowActions: lazyPage(() => import('../pages/project-settings/role-actions'), 'RoleActions'),
  },
};
