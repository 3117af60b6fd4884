import { Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useProjectContext } from '../../components/project-context';
import { permissionChecker } from '../../lib/permissions';
import { labelApi } from './api';
import { GroupPanel } from './group-panel';
import { LabelsPanel } from './labels-panel';

/** 标签管理: label groups on the left, the project's labels on the right. */
export function TagList() {
  const { projectId, can, permission, showGroupPanel } = useProjectContext();
  const api = useMemo(() => labelApi(projectId), [projectId]);
  const [groupId, setGroupId] = useState<number>();
  const [version, setVersion] = useState(0);
  const groupQuery = useQuery({ queryKey: ['tag-groups', projectId], queryFn: () => api.listGroups() });
  const groups = useMemo(
    () => [...(groupQuery.data?.results ?? [])].sort((a, b) => a.order - b.order),
    [groupQuery.data],
  );
  const total = groupQuery.data?.total_label ?? 0;
  const loadGroups = () => void groupQuery.refetch();

  const check = permissionChecker(permission.permissions_detail);
  const groupAccess = {
    create: check.matchSome(['create_labelgroup']),
    edit: check.matchSome(['edit_labelgroup']),
    delete: check.matchSome(['delete_labelgroup']),
  };
  const labelAccess = { create: can('labels', 'create'), edit: can('labels', 'edit'), delete: can('labels', 'delete') };

  return (
    <Flex gap={16} align="flex-start" style={{ padding: 16 }}>
      {showGroupPanel && (
        <GroupPanel
          api={api}
          groups={groups}
          total={total}
          selected={groupId}
          access={groupAccess}
          onSelect={setGroupId}
          onChanged={() => {
            loadGroups();
            setVersion((n) => n + 1);
          }}
        />
      )}
      <LabelsPanel
        api={api}
        groups={groups}
        groupId={groupId}
        access={labelAccess}
        version={version}
        onChanged={loadGroups}
      />
    </Flex>
  );
}
