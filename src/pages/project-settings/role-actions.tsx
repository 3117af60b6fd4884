import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import type { ProjectRole } from '../../resources/records';
import type { RowActionProps } from '../../resources/types';
import { RolePermissionsModal } from './role-permissions';

/** 设为默认: new members and invitations get this role. */
function SetDefault({ role }: { role: ProjectRole }) {
  const { call, isLoading } = useApiMutation();
  const invalidate = useInvalidate();
  const run = () =>
    call('putProjectProjectsRolesByIdSetAsDefault', { path: { id: role.id } }, { success: '设置成功' })
      .then(() => invalidate({ resource: 'projectRoles', invalidates: ['list'] }))
      .catch(() => undefined);
  return (
    <Button type="link" size="small" loading={isLoading} onClick={run}>
      设为默认
    </Button>
  );
}

/** The roles list's row actions: the permission editor (read-only without the edit permission) and 设为默认. */
export function RoleActions({ record, projectId, can }: RowActionProps) {
  const role = record as unknown as ProjectRole;
  const [open, setOpen] = useState(false);
  const editable = can('edit') && role.builtin !== 'admin';
  return (
    <>
      <Button type="link" size="small" icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)}>
        {editable ? '权限设置' : '查看权限'}
      </Button>
      {can('edit') && !role.is_default && <SetDefault role={role} />}
      {open && <RolePermissionsModal role={role} projectId={projectId} editable={editable} onClose={() => setOpen(false)} />}
    </>
  );
}
