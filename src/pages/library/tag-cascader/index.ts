export { TagCascader, UNGROUPED, UNGROUPED_NAME, buildOptions } from './tag-cascader';
export type { LabelPair, TagCascaderProps } from './tag-cascader';
