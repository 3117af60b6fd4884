export { exportItemTags } from './export';
export { ItemTagImport } from './ItemTagImport';
