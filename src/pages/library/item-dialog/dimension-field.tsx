import { Select } from 'antd';
import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import { REPORT } from '../../../../contract/library';
import { REGION_LEVELS, type RegionLevel } from '../../../../contract/results';
import type { FilterGroup } from '../tag-filter/types';

export interface DimensionOption {
  value: number;
  label: string;
  /** The region level its reports are made for (`extra_info.level`), when the label carries a valid one. */
  level?: RegionLevel;
}

/** A label's `extra_info.level` (a number or a numeric string) when it is a region level 1 to 7. */
export function levelOf(extraInfo: unknown): RegionLevel | undefined {
  const raw = (extraInfo as { level?: unknown } | null | undefined)?.level;
  const level = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return REGION_LEVELS.find((known) => known === level);
}

/**
 * The research-dimension options (spec section 3): the labels of the first report filter
 * group, value the label id, shown by name, with the level from its extra_info. Undefined while
 * loading or when not asked for.
 */
export function useDimensionOptions(projectUuid: string, enabled: boolean): DimensionOption[] | undefined {
  const query = useList<FilterGroup>({
    resource: 'filterSettings',
    pagination: { mode: 'off' },
    filters: [{ field: 'origin', operator: 'eq', value: REPORT.entity }],
    meta: { projectId: projectUuid },
    queryOptions: { enabled },
  });
  return useMemo(() => {
    // A refetch keeps the options on screen: only the first answer is waited for.
    if (!enabled || !query.data) return undefined;
    return (query.data?.data[0]?.labels ?? []).map((label) => ({ value: label.id, label: label.name, level: levelOf(label.extra_info) }));
  }, [enabled, query.data]);
}

interface DimensionFieldProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  options: DimensionOption[] | undefined;
  /** 请选择研究维度 unless given (a filter says 全部维度). */
  placeholder?: string;
  className?: string;
  id?: string;
}

export function DimensionField({ value, onChange, options, placeholder = '请选择研究维度', className, id }: DimensionFieldProps) {
  return (
    <Select
      id={id}
      className={className}
      aria-label="研究维度"
      value={value}
      onChange={onChange}
      options={options}
      loading={options === undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      notFoundContent="暂无研究维度，请先配置报告的标签筛选"
    />
  );
}
