import { Flex } from 'antd';
import { useInvalidate } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useProjectContext } from '../../components/project-context';
import { useApiQuery } from '../../api/hooks';
import type { LabelGroup } from '../../resources/records';
import { useLabelApi } from './api';
import { GroupList } from '../../components/group-list/group-list';
import { crudAccess } from '../../components/group-list/types';
import { LabelsPanel } from './labels-panel';

/** 标签管理: label groups on the left, the project's labels on the right. */
export function TagList() {
  const { projectId, can, showGroupPanel } = useProjectContext();
  const api = useLabelApi(projectId);
  const [groupId, setGroupId] = useState<number>();
  const invalidate = useInvalidate();
  const groupQuery = useApiQuery('getReportProjectsByProjectIdLabelGroup', { path: { projectId } });
  // The server documents no answer schema for the report service.
  const answer = groupQuery.data?.data as { results: LabelGroup[]; total_label: number } | undefined;
  const groups = useMemo(() => [...(answer?.results ?? [])].sort((a, b) => a.order - b.order), [answer]);
  const total = answer?.total_label ?? 0;
  const loadGroups = () => void groupQuery.refetch();

  return (
    <Flex gap={16} align="flex-start" style={{ padding: 16 }}>
      {showGroupPanel && (
        <GroupList
          look="list"
          saveOrder="on-drop"
          rename="dialog"
          texts={{
            title: '标签分组',
            all: '全部',
            deleteConfirm: (count) => `此操作将永久删除${count}个标签分组，分组下的标签也将一并删除，是否继续操作?`,
            addDialog: '新增标签分组',
          }}
          width={240}
          groups={groups}
          countOf={(group) => group.label_num}
          total={total}
          selected={groupId}
          onSelect={setGroupId}
          access={crudAccess(can, 'labelGroups')}
          onCreate={async (name) => {
            await api.createGroup(name);
            return '新增标签分组成功';
          }}
          onRename={(group, name) => api.renameGroup(group.id, name)}
          onSort={(ordered) => api.sortGroups(ordered.map((group) => group.id))}
          onDelete={api.deleteGroups}
          onDeleteOne={(group) => api.deleteGroup(group.id)}
          onChanged={() => {
            loadGroups();
            void invalidate({ resource: 'labels', dataProviderName: 'report', invalidates: ['list'] });
          }}
        />
      )}
      <LabelsPanel api={api} groups={groups} groupId={groupId} access={crudAccess(can, 'labels')} onChanged={loadGroups} />
    </Flex>
  );
}
