import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { dataDirStorage } from '../../server/lib/storage';
import { tempDataDir } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR as the server leaves it after migrating and seeding, before it starts serving. */
    e2eDataDir: string;
    /** The run's one Chromium, which every browser test file connects to. */
    chromiumEndpoint: string;
  }
}

// Flags that keep Chromium off the (closed) network and working as root in CI.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

/**
 * Starts the run's Chromium, and makes the migrated, seeded data folder once per run, as server.ts does before it builds the app:
 * each browser test's server starts on a copy and skips PGlite's initdb, the migrations and the
 * demo files (seeding again finds every row present and changes nothing).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = tempDataDir();
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
  await seed(database.db, { storage: dataDirStorage(dataDir) });
  await database.close();
  project.provide('e2eDataDir', dataDir);
  const chromiumServer = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    await chromiumServer.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
