import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { fetchFilterGroups } from '../../../components/tag-filter/api';

export interface DimensionOption {
  value: number;
  label: string;
}

/**
 * The research-dimension options (spec section 3): the labels of the first report filter
 * group, value the label id, shown by name. Undefined while loading or when not asked for.
 */
export function useDimensionOptions(projectUuid: string, enabled: boolean): DimensionOption[] | undefined {
  const [loaded, setLoaded] = useState<{ projectUuid: string; options: DimensionOption[] }>();

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchFilterGroups(projectUuid, '报告')
      .then((groups) => {
        const options = (groups[0]?.labels ?? []).map((label) => ({ value: label.id, label: label.name }));
        if (live) setLoaded({ projectUuid, options });
      })
      .catch(() => {
        if (live) setLoaded({ projectUuid, options: [] });
      });
    return () => {
      live = false;
    };
  }, [projectUuid, enabled]);

  return enabled && loaded?.projectUuid === projectUuid ? loaded.options : undefined;
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
