import { Flex } from 'antd';
import { useInvalidate } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useProjectContext } from '../../components/project-context';
import { useListAnswer } from '../../providers/data/use-resource-call';
import { useLabelApi, type LabelGroup } from './api';
import { GroupPanel } from './group-panel';
import { LabelsPanel } from './labels-panel';

/** 标签管理: label groups on the left, the project's labels on the right. */
export function TagList() {
  const { projectId, can, showGroupPanel } = useProjectContext();
  const api = useLabelApi(projectId);
  const [groupId, setGroupId] = useState<number>();
  const invalidate = useInvalidate();
  const groupQuery = useListAnswer<{ results: LabelGroup[]; total_label: number }>('labelGroups', projectId);
  const groups = useMemo(
    () => [...(groupQuery.data?.data.results ?? [])].sort((a, b) => a.order - b.order),
    [groupQuery.data],
  );
  const total = groupQuery.data?.data.total_label ?? 0;
  const loadGroups = () => void groupQuery.refetch();

  const groupAccess = { create: can('labelGroups', 'create'), edit: can('labelGroups', 'edit'), delete: can('labelGroups', 'delete') };
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
            void invalidate({ resource: 'labels', dataProviderName: 'report', invalidates: ['list'] });
          }}
        />
      )}
      <LabelsPanel
        api={api}
        groups={groups}
        groupId={groupId}
        access={labelAccess}
        onChanged={loadGroups}
      />
    </Flex>
  );
}
