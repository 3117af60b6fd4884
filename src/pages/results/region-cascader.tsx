import { Cascader } from 'antd';
import { useMemo } from 'react';
import { REGION_LEVEL_NAMES, type RegionLevel, type RegionNode, type RegionPath } from '../../../contract/results';
import { regionOptions, type RegionOption } from './regions';

interface RegionCascaderProps {
  nodes: RegionNode[];
  /** The deepest level offered (the dimension's). */
  level: RegionLevel | undefined;
  value: RegionPath[];
  onChange: (paths: RegionPath[]) => void;
  loading?: boolean;
  /**
   * filter: choosing a region chooses everything under it, and a whole branch is sent as its
   * parent; generate: the chosen regions themselves, each exactly at `level`.
   */
  purpose: 'filter' | 'generate';
  id?: string;
  className?: string;
  /** Nothing to choose from yet (no dimension chosen). */
  disabled?: boolean;
  placeholder?: string;
}

const searchLimit = 50;

/** A multi-select region cascader over the project's tree (spec: 省名称 … 楼栋号), searchable by name. */
export function RegionCascader({ nodes, level, value, onChange, loading, purpose, id, className, disabled, placeholder }: RegionCascaderProps) {
  const options = useMemo(() => regionOptions(nodes, purpose === 'generate' ? level : undefined), [nodes, level, purpose]);
  const deepest = level ? REGION_LEVEL_NAMES[level].replace(/名称|号$/, '') : '区域';
  return (
    <Cascader<RegionOption>
      id={id}
      className={className}
      aria-label="区域"
      multiple
      maxTagCount="responsive"
      showCheckedStrategy={purpose === 'filter' ? Cascader.SHOW_PARENT : Cascader.SHOW_CHILD}
      options={options}
      value={value}
      onChange={(paths) => onChange((paths ?? []).map((path) => path.map(String)))}
      loading={loading}
      disabled={disabled || (loading && nodes.length === 0)}
      showSearch={{ limit: searchLimit }}
      placeholder={placeholder ?? (purpose === 'filter' ? `全部区域（可选至${deepest}）` : `请选择${deepest}`)}
      notFoundContent="暂无区域"
      allowClear
    />
  );
}
