import { buildIfStale } from './build-if-stale';

// `npm start` in one process: the build check and the server share one TypeScript loader's
// start-up, which as two processes cost a restart about half a second more.
buildIfStale();
await import('../server/server');
