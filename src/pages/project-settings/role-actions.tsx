import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { fillPath } from '../../providers/data/endpoint';
import { useEndpoints } from '../../providers/data/use-resource-call';
import type { ProjectRole } from '../../resources/records';
import type { RowActionProps } from '../../resources/types';
import { RolePermissionsModal } from './role-permissions';

/** 设为默认: new members and invitations get this role. */
function SetDefault({ role }: { role: ProjectRole }) {
  const endpoints = useEndpoints('projectRoles');
  const { mutate, isLoading } = useCustomMutation();
  const invalidate = useInvalidate();
  const run = () =>
    mutate(
      {
        url: fillPath(endpoints.setDefault!, { id: role.id }),
        method: 'put',
        values: {},
        successNotification: { message: '设置成功', type: 'success' },
      },
      { onSuccess: () => void invalidate({ resource: 'projectRoles', invalidates: ['list'] }) },
    );
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
