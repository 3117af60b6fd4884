export { TagCascader, UNGROUPED, buildOptions, type LabelPair } from './tag-cascader';
