export { TagCascader, UNGROUPED, UNGROUPED_NAME, buildOptions } from './TagCascader';
export type { LabelPair, TagCascaderProps } from './TagCascader';
export { fetchLabelGroups, fetchLabels } from './api';
export type { LabelGroupItem, LabelItem, LabelOrigin } from './api';
