import { realpathSync } from 'node:fs';
import path from 'node:path';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import SpreadSequencer from './tests/spread-sequencer';

/**
 * A git worktree links the main checkout's node_modules: Vite must be allowed to serve files
 * from where that link leads (pdf.js's `?url` imports), or those imports fail as "Denied ID".
 */
const servable = [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')];

/** Set to a PostgreSQL URL to run the server tests on it as well as on PGlite. */
const onPostgresToo = process.env.SERVER_TESTS_ON_POSTGRES;

/**
 * Server test files that open no database of the run (pure functions, the build, processes on
 * their own PGlite): the PostgreSQL run would repeat them unchanged, so only the PGlite run has them.
 */
const withoutDatabase = [
  'api-schema', 'build-if-stale', 'config', 'dates', 'error-handling', 'explain-network', 'lifecycle', 'pdf-ocr',
  'pglite-analyze', 'report-pdf', 'storage-backends', 'workflow-schedule', 'workflow-validity',
].map((name) => `tests/server/${name}.test.ts`);

const serverProject = (name: string, env: Record<string, string> = {}, exclude: string[] = []) => ({
  test: {
    name,
    env,
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    exclude,
    globalSetup: ['tests/server/global-setup.ts'],
    // Only ends a hung test: a server test under CI's load may take several times its time alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file builds its own apps on its own database, so files can share a worker's loaded
    // modules: importing the server again for every file was a third of this project's time.
    isolate: false,
  },
});

/** Page test files that replace a module (vi.mock): they need modules of their own, not a shared worker's. */
const withModuleMocks = ['tests/web/login.test.tsx', 'tests/web/report-detail.test.tsx'];

const webProject = (name: string, files: { include: string[]; exclude?: string[]; isolate?: boolean }) => ({
  plugins: [react()],
  server: { fs: { allow: servable } },
  resolve: { alias: [{ find: /^react-pdf$/, replacement: path.resolve('tests/web/stand-ins/react-pdf.tsx') }] },
  test: {
    name,
    environment: 'jsdom',
    ...files,
    setupFiles: ['tests/web/setup.ts'],
    // A test's own waits (findBy, waitFor: 10 s) decide whether it fails; the test's bound only ends
    // a hung one, and a screen that waits on its polls takes 15 s while three files share two cores.
    testTimeout: 60_000,
    unstubGlobals: true,
  },
});

export default defineConfig({
  test: {
    // Three files at a time on two cores: a browser file spends much of its time waiting on its
    // server and Chromium, and a third file fills that time.
    maxWorkers: 3,
    sequence: { sequencer: SpreadSequencer },
    projects: [
      // First, so its set-up starts its background steps before the server projects' set-ups run.
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Only ends a hung test; each step's own wait (expect.poll, locators) decides a failure.
          testTimeout: 120_000,
          // A screen that answers in a second alone may take several while two browser files share the cores.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
        },
      },
      // Page test files share a worker's loaded modules (antd, Refine, the app): importing them again for
      // each file was a third of this project's time. Each test still mounts its screen afresh.
      webProject('web', { include: ['tests/web/**/*.test.{ts,tsx}'], exclude: withModuleMocks, isolate: false }),
      webProject('web-mocks', { include: withModuleMocks }),
      serverProject('server'),
      // CI runs the server tests on PostgreSQL in the same run, so both cores stay busy to the end.
      ...(onPostgresToo ? [serverProject('server-postgres', { TEST_DATABASE_URL: onPostgresToo }, withoutDatabase)] : []),
    ],
  },
});
