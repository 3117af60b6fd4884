export { TagFilterPanel } from './tag-filter-panel';
