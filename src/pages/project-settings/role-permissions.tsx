import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Flex, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { fillPath } from '../../providers/data/endpoint';
import { useEndpoints } from '../../providers/data/use-resource-call';
import type { ProjectRole } from '../../resources/records';


/** One model of the catalogue, as `GET /api/permission/v1/groups/?type=project` serves it. */
interface PermissionGroup {
  app: string;
  model: string;
  name: string;
  permissions: { id: string; name: string; permissions_detail: string }[];
}

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
  const endpoints = useEndpoints('projectRoles');
  const catalogue = useCustom<PermissionGroup[]>({
    url: endpoints.catalogue!,
    method: 'get',
    config: { query: { type: 'project' } },
    queryOptions: { staleTime: Infinity },
  });
  const menus = useCustom<{ menus: string[] }>({
    url: fillPath(endpoints.menus!, { id: role.id }),
    method: 'get',
    queryOptions: { cacheTime: 0 },
  });
  const { mutate, isLoading: saving } = useCustomMutation();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();

  const save = (list: string[]) =>
    mutate(
      {
        url: fillPath(endpoints.menus!, { id: role.id }),
        method: 'put',
        values: { menus: list },
        successNotification: { message: '数据保存成功!', type: 'success' },
      },
      {
        onSuccess: () => {
          void invalidate({ resource: 'projectRoles', invalidates: ['list'] });
          // The caller's own role may have changed: reload what the shell allows.
          void queryClient.invalidateQueries(['project-permission', projectId]);
          onClose();
        },
      },
    );

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
