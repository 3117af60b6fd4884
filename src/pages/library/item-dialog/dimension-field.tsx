import { Select } from 'antd';
import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import { REPORT } from '../../../../contract/library';
import type { FilterGroup } from '../tag-filter/types';

export interface DimensionOption {
  value: number;
  label: string;
}

/**
 * The research-dimension options (spec section 3): the labels of the first report filter
 * group, value the label id, shown by name. Undefined while loading or when not asked for.
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
    if (!enabled || query.isFetching) return undefined;
    return (query.data?.data[0]?.labels ?? []).map((label) => ({ value: label.id, label: label.name }));
  }, [enabled, query.isFetching, query.data]);
}

interface DimensionFieldProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  options: DimensionOption[] | undefined;
}

export function DimensionField({ value, onChange, options }: DimensionFieldProps) {
  return (
    <Select
      value={value}
      onChange={onChange}
      options={options}
      loading={options === undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder="请选择研究维度"
      notFoundContent="暂无研究维度，请先配置报告的标签筛选"
    />
  );
}
