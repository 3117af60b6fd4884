import { realpathSync } from 'node:fs';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * A git worktree links the main checkout's node_modules: Vite must be allowed to serve files
 * from where that link leads (pdf.js's `?url` imports), or those imports fail as "Denied ID".
 */
const servable = [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')];

export default defineConfig({
  test: {
    // Both cores: vitest's default (cores - 1) runs one file at a time on a 2-core machine.
    maxWorkers: 2,
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
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
