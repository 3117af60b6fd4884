import { realpathSync } from 'node:fs';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * A git worktree links the main checkout's node_modules: Vite must be allowed to serve files
 * from where that link leads (pdf.js's `?url` imports), or those imports fail as "Denied ID".
 */
const servable = [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')];

/** Set to a PostgreSQL URL to run the server tests on it as well as on PGlite. */
const onPostgresToo = process.env.SERVER_TESTS_ON_POSTGRES;

const serverProject = (name: string, env: Record<string, string> = {}) => ({
  test: {
    name,
    env,
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    globalSetup: ['tests/server/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own apps on its own database, so files can share a worker's loaded
    // modules: importing the server again for every file was a third of this project's time.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Three files at a time on two cores: a browser file spends much of its time waiting on its
    // server and Chromium, and a third file fills that time.
    maxWorkers: 3,
    projects: [
      {
        plugins: [react()],
        server: { fs: { allow: servable } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
          unstubGlobals: true,
        },
      },
      serverProject('server'),
      // CI runs the server tests on PostgreSQL in the same run, so both cores stay busy to the end.
      ...(onPostgresToo ? [serverProject('server-postgres', { TEST_DATABASE_URL: onPostgresToo })] : []),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          // A screen that answers in a second alone may take several while two browser files share the cores.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
