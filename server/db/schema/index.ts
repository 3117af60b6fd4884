export * from './accounts';
export * from './organizations';
export * from './projects';
export * from './roles';
export * from './files';
export * from './labels';
export * from './library';
export * from './connections';
