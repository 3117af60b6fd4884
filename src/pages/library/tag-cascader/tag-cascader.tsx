import { Cascader } from 'antd';
import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import { LABEL_LIST_LIMIT, type EntityName } from '../../../../contract/labels';
import type { Label, LabelGroup } from '../../../resources/records';

/** The group id standing for labels without a group. */
export const UNGROUPED = 0;
export const UNGROUPED_NAME = '未分组';

export type LabelPair = [groupId: number, labelId: number];

export interface TagCascaderProps {
  projectUuid: string;
  origin: EntityName;
  value?: LabelPair[];
  onChange?: (value: LabelPair[]) => void;
  placeholder?: string;
  disabled?: boolean;
}

interface Option {
  value: number;
  label: string;
  disabled?: boolean;
  children?: Option[];
}

/** Label groups, then their labels; ungrouped labels under 未分组. */
export function buildOptions(groups: Pick<LabelGroup, 'id' | 'name'>[], labels: Pick<Label, 'id' | 'name' | 'label_group'>[]): Option[] {
  const known = new Set(groups.map((g) => g.id));
  const leaf = (label: Pick<Label, 'id' | 'name'>): Option => ({ value: label.id, label: label.name });
  const options: Option[] = groups.map((group) => {
    const children = labels.filter((l) => l.label_group === group.id).map(leaf);
    return { value: group.id, label: group.name, children, disabled: children.length === 0 };
  });
  const ungrouped = labels.filter((l) => l.label_group === null || l.label_group === undefined || !known.has(l.label_group));
  if (ungrouped.length) options.push({ value: UNGROUPED, label: UNGROUPED_NAME, children: ungrouped.map(leaf) });
  return options;
}

const NONE: never[] = [];

/** A multiple cascader of label group then label; the value is `[groupId, labelId]` pairs. */
export function TagCascader({ projectUuid, origin, value, onChange, placeholder = '请选择标签', disabled }: TagCascaderProps) {
  const meta = { projectId: projectUuid };
  const groupQuery = useList<LabelGroup>({ resource: 'labelGroups', pagination: { mode: 'off' }, meta });
  const labelQuery = useList<Label>({
    resource: 'labels',
    pagination: { current: 1, pageSize: LABEL_LIST_LIMIT },
    filters: [{ field: 'origin', operator: 'eq', value: origin }],
    meta,
  });
  const loading = groupQuery.isFetching || labelQuery.isFetching;
  const groups = groupQuery.data?.data ?? NONE;
  const labels = labelQuery.data?.data ?? NONE;

  const options = useMemo(() => buildOptions(groups, labels), [groups, labels]);

  return (
    <Cascader
      multiple
      showSearch
      allowClear
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      options={options}
      maxTagCount="responsive"
      showCheckedStrategy={Cascader.SHOW_CHILD}
      value={value}
      onChange={(paths) => {
        const pairs = (paths ?? [])
          .filter((path) => path.length >= 2)
          .map((path) => [Number(path[0]), Number(path[1])] as LabelPair);
        onChange?.(pairs);
      }}
    />
  );
}
