import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startServer, tempDataDir, type ServerProcess } from '../support/server-process';

// Flags that keep Chromium off the (closed) network and working as root in CI.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export interface BrowserContext {
  /** The server's DATA_DIR (it holds sms-outbox.log). */
  dataDir: string;
  server: ServerProcess;
  browser: Browser;
  page: Page;
}

/** One real server (temporary DATA_DIR, built app) and one Chromium per test file; a fresh page per test. */
export function setupBrowser(): BrowserContext {
  const dataDir = tempDataDir();
  const context = { dataDir } as BrowserContext;
  beforeAll(async () => {
    context.server = await startServer({ DATA_DIR: dataDir });
    context.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  beforeEach(async (test) => {
    const browserContext = await context.browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    context.page = await browserContext.newPage();
    // One handler, so the screenshot is taken before the page closes.
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') {
        mkdirSync('test-results', { recursive: true });
        const name = task.name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_');
        await context.page.screenshot({ path: path.join('test-results', `${name}.png`), fullPage: true }).catch(() => {});
      }
      await browserContext.close();
    });
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return context;
}
