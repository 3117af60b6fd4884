import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startInBackground, type BackgroundStep } from '../support/background-step';
import { tempDataDir } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR as the server leaves it after migrating and seeding, before it starts serving. */
    e2eDataDir: string;
    /** The run's one Chromium, which every browser test file connects to. */
    chromiumEndpoint: string;
    /** What a browser test file waits for before it starts its server: that data folder and the built app. */
    e2eSteps: BackgroundStep[];
  }
}

// Flags that keep Chromium off the (closed) network and working as root in CI.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

/**
 * Debian's headless shell (Chromium's old headless mode, which Playwright itself runs headless):
 * the browser files took about a quarter less time on it than on the full browser, used otherwise.
 */
const CHROMIUM = process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

/**
 * Starts the run's Chromium, and in the background makes the migrated, seeded data folder once per
 * run and builds the app when its sources changed: each browser test's server starts on a copy of
 * that folder and skips PGlite's initdb, the migrations and the demo files (seeding again finds
 * every row present and changes nothing). The two steps run in their own processes beside the
 * other set-ups and the first test files, not before them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = tempDataDir();
  const stepsDir = mkdtempSync(path.join(os.tmpdir(), 'report-workspace-e2e-setup-'));
  const data = startInBackground(stepsDir, '浏览器测试的数据目录', ['tests/e2e/prepare-data-dir.ts', dataDir]);
  // Without vitest's NODE_ENV=test, which would make Vite build React's development bundle.
  const buildEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  const build = startInBackground(stepsDir, '网页构建', ['scripts/build-if-stale.ts'], buildEnv);
  project.provide('e2eDataDir', dataDir);
  project.provide('e2eSteps', [data.step, build.step]);
  const chromiumServer = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    for (const step of [data, build]) step.stop();
    await chromiumServer.close();
    for (const folder of [dataDir, stepsDir]) rmSync(folder, { recursive: true, force: true });
  };
}
