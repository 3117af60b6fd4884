import { Cascader } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fetchLabelGroups, fetchLabels, type LabelGroupItem, type LabelItem, type LabelOrigin } from './api';

/** The group id standing for labels without a group. */
export const UNGROUPED = 0;
export const UNGROUPED_NAME = '未分组';

export type LabelPair = [groupId: number, labelId: number];

export interface TagCascaderProps {
  projectUuid: string;
  origin: LabelOrigin;
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
export function buildOptions(groups: LabelGroupItem[], labels: LabelItem[]): Option[] {
  const known = new Set(groups.map((g) => g.id));
  const leaf = (label: LabelItem): Option => ({ value: label.id, label: label.name });
  const options: Option[] = groups.map((group) => {
    const children = labels.filter((l) => l.label_group === group.id).map(leaf);
    return { value: group.id, label: group.name, children, disabled: children.length === 0 };
  });
  const ungrouped = labels.filter((l) => l.label_group === null || l.label_group === undefined || !known.has(l.label_group));
  if (ungrouped.length) options.push({ value: UNGROUPED, label: UNGROUPED_NAME, children: ungrouped.map(leaf) });
  return options;
}

/** A multiple cascader of label group then label; the value is `[groupId, labelId]` pairs. */
export function TagCascader({ projectUuid, origin, value, onChange, placeholder = '请选择标签', disabled }: TagCascaderProps) {
  const key = `${projectUuid}|${origin}`;
  const [data, setData] = useState<{ key?: string; groups: LabelGroupItem[]; labels: LabelItem[] }>({ groups: [], labels: [] });
  const loading = data.key !== key;
  const { groups, labels } = data;

  useEffect(() => {
    let live = true;
    Promise.all([fetchLabelGroups(projectUuid), fetchLabels(projectUuid, origin)])
      .then(([nextGroups, nextLabels]) => {
        if (live) setData({ key, groups: nextGroups, labels: nextLabels });
      })
      // The error catalogue has told the user already.
      .catch(() => {
        if (live) setData((previous) => ({ ...previous, key }));
      });
    return () => {
      live = false;
    };
  }, [key, projectUuid, origin]);

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
