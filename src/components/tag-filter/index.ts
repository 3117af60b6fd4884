export { TagFilterPanel, labelGroupPermissions } from './TagFilterPanel';
export type { TagFilterPanelProps } from './TagFilterPanel';
export { FilterGroupSettings } from './FilterGroupSettings';
export { tagFilterTexts } from './texts';
export * from './api';
