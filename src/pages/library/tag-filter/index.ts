export { TagFilterPanel } from './tag-filter-panel';
export type { TagFilterPanelProps } from './tag-filter-panel';
export { FilterGroupSettings } from './filter-group-settings';
export { tagFilterTexts } from './texts';
export type * from './types';
