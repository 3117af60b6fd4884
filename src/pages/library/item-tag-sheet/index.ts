export { exportItemTags } from './export';
export { ItemTagImport } from './item-tag-import';
