import { useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Flex, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import type { Answer } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import type { ProjectRole } from '../../resources/records';


/** One model of the catalogue. */
type PermissionGroup = Answer<'getPermissionV1Groups'>[number];

interface Props {
  role: ProjectRole;
  projectId: string;
  editable: boolean;
  onClose: () => void;
}

function GroupChecks({ group, value, onChange, disabled }: {
  group: PermissionGroup;
  value: string[];
  onChange: (next: string[]) => void;
  disabled: boolean;
}) {
  const all = group.permissions.map((p) => p.permissions_detail);
  const mine = all.filter((detail) => value.includes(detail));
  const others = value.filter((detail) => !all.includes(detail));
  return (
    <div className="role-permissions__group" role="group" aria-label={group.name}>
      <Checkbox
        checked={mine.length === all.length}
        indeterminate={mine.length > 0 && mine.length < all.length}
        disabled={disabled}
        onChange={(event) => onChange([...others, ...(event.target.checked ? all : [])])}
        className="role-permissions__group-name"
      >
        {group.name}
      </Checkbox>
      <Checkbox.Group
        value={mine}
        disabled={disabled}
        options={group.permissions.map((p) => ({ label: p.name, value: p.permissions_detail }))}
        onChange={(checked) => onChange([...others, ...(checked as string[])])}
      />
    </div>
  );
}

function Editor({ groups, initial, editable, onSave, onClose, saving, role }: {
  groups: PermissionGroup[];
  initial: string[];
  editable: boolean;
  saving: boolean;
  role: ProjectRole;
  onSave: (menus: string[]) => void;
  onClose: () => void;
}) {
  const [menus, setMenus] = useState(initial);
  return (
    <Modal
      open
      width={720}
      title={`${editable ? '权限设置' : '查看权限'}：${role.name}`}
      onCancel={onClose}
      onOk={() => onSave(menus)}
      okText="保存"
      okButtonProps={{ hidden: !editable }}
      confirmLoading={saving}
    >
      {role.builtin === 'admin' && <Alert type="info" showIcon message="项目管理员角色拥有全部权限，不能修改" />}
      <Flex vertical gap={12} className="role-permissions">
        {groups.map((group) => (
          <GroupChecks key={`${group.app}.${group.model}`} group={group} value={menus} onChange={setMenus} disabled={!editable} />
        ))}
      </Flex>
      <Typography.Text type="secondary">已选 {menus.length} 项权限</Typography.Text>
    </Modal>
  );
}

/** The role's permissions, picked from the catalogue grouped by model; saved with `PUT …/menus/`. */
export function RolePermissionsModal({ role, projectId, editable, onClose }: Props) {
  const catalogue = useApiQuery('getPermissionV1Groups', { query: { type: 'project' } }, { queryOptions: { staleTime: Infinity } });
  const menus = useApiQuery('getProjectProjectsRolesByIdMenus', { path: { id: role.id } }, { queryOptions: { cacheTime: 0 } });
  const { call, isLoading: saving } = useApiMutation();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();

  const save = (list: string[]) =>
    call('putProjectProjectsRolesByIdMenus', { path: { id: role.id }, body: { menus: list } }, { success: '数据保存成功!' })
      .then(() => {
        void invalidate({ resource: 'projectRoles', invalidates: ['list'] });
        // The caller's own role may have changed: reload what the shell allows.
        void queryClient.invalidateQueries(['project-permission', projectId]);
        onClose();
      })
      .catch(() => undefined);

  if (!catalogue.data || !menus.data || menus.isFetching) {
    return (
      <Modal open title="权限设置" footer={null} onCancel={onClose}>
        <Spin />
      </Modal>
    );
  }
  return (
    <Editor
      groups={catalogue.data.data}
      initial={menus.data.data.menus}
      editable={editable}
      saving={saving}
      role={role}
      onSave={save}
      onClose={onClose}
    />
  );
}
