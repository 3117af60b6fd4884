import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import { LABEL_LIST_LIMIT } from '../../../../contract/labels';
import { REPORT } from '../../../../contract/library';
import { useApiQuery } from '../../../api/hooks';
import type { Label, LabelGroup } from '../../../resources/records';
import { REPORT_KIND } from '../../library/kinds';

/** The label group whose labels are the report types (seeded in every 城市体检 project). */
export const REPORT_TYPE_GROUP = '报告类型';

/** The choices of 成果生成 besides regions and dimension: the report types and the report groups. */
export function useGenerateOptions(projectId: string, enabled: boolean) {
  const meta = { projectId };
  const labelGroups = useList<LabelGroup>({ resource: 'labelGroups', pagination: { mode: 'off' }, meta, queryOptions: { enabled } });
  const typeGroup = labelGroups.data?.data.find((group) => group.name === REPORT_TYPE_GROUP);
  const types = useList<Label>({
    resource: 'labels',
    pagination: { current: 1, pageSize: LABEL_LIST_LIMIT },
    filters: [
      { field: 'origin', operator: 'eq', value: REPORT.entity },
      { field: 'label_group_id', operator: 'eq', value: typeGroup?.id },
    ],
    meta,
    queryOptions: { enabled: enabled && typeGroup !== undefined },
  });
  const groups = useApiQuery(REPORT_KIND.operations.groups, { path: { projectId } });

  return useMemo(
    () => ({
      reportTypes: (typeGroup ? (types.data?.data ?? []) : []).map((label) => ({ value: label.id, label: label.name })),
      reportTypesLoading: labelGroups.isFetching || types.isFetching,
      reportGroups: (groups.data?.data.data ?? []).map((group) => ({ value: group.id, label: group.name })),
      reportGroupsLoading: groups.isFetching,
    }),
    [typeGroup, types.data, types.isFetching, labelGroups.isFetching, groups.data, groups.isFetching],
  );
}
