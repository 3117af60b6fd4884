import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { finished } from '../support/background-step';
import { startServer, tempDataDir, type ServerProcess } from '../support/server-process';

/** The project the demo account opens (seeded by the server). */
export const DEMO_PROJECT = '9b3e5d71-2c4a-4f86-8e19-5a0c7d3b6e22';
const DEMO_LOGIN = { username: 'demo', password: 'demo123456' };

export interface BrowserContext {
  /** The server's DATA_DIR (it holds sms-outbox.log). */
  dataDir: string;
  server: ServerProcess;
  browser: Browser;
  page: Page;
}

/** One real server per test file (temporary DATA_DIR holding a copy of the run's seeded one, built app, `env` added), connected to the run's Chromium; a fresh context and page per test. */
export function setupBrowser(env: Record<string, string> = {}): BrowserContext {
  const dataDir = tempDataDir();
  const context = { dataDir } as BrowserContext;
  beforeAll(async () => {
    for (const step of inject('e2eSteps')) await finished(step);
    cpSync(inject('e2eDataDir'), dataDir, { recursive: true });
    context.server = await startServer({ ...env, DATA_DIR: dataDir });
    context.browser = await chromium.connect(inject('chromiumEndpoint'));
    // The first file of a run may wait for the set-up's data folder and build as well as its server.
  }, 300_000);
  beforeEach(async (test) => {
    const browserContext = await context.browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    context.page = await browserContext.newPage();
    // One handler, so the screenshot is taken before the page closes.
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') {
        mkdirSync('test-results', { recursive: true });
        const name = task.name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_');
        await context.page.screenshot({ path: path.join('test-results', `${name}.png`), fullPage: true }).catch(() => {});
        // The server's warnings (a failed background job, a slow statement) say what the screen could not.
        const output = context.server.output();
        writeFileSync(path.join('test-results', `${name}.server.log`), output);
        console.error(`the server's last lines when "${task.name}" failed:\n${output.trimEnd().split('\n').slice(-30).join('\n')}`);
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

/**
 * Where a download was saved on this machine: the run's Chromium is reached through a connection,
 * so `download.path()` has no file here. Kept in the test file's data folder, removed with it.
 */
export async function savedDownload(download: Download, context: BrowserContext): Promise<string> {
  const file = path.join(mkdtempSync(path.join(context.dataDir, 'download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/**
 * Clicks 确定 in the confirmation that says `text` once it has finished zooming in: it zooms
 * from the button that opened it, and on a busy machine a click during the zoom can miss.
 */
export async function confirmDialog(page: Page, text: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm', { hasText: text });
  await dialog.waitFor();
  await page.locator('.ant-modal-confirm.ant-zoom-appear, .ant-modal-confirm.ant-zoom-enter').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

/** Signs in as demo through the login page; `/` would first say the session expired. */
export async function signInAsDemo(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByPlaceholder('手机号/用户名').fill(DEMO_LOGIN.username);
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/list/);
}

export interface DemoApi {
  /** The session's token (a later sign-in as demo ends it). */
  token: string;
  get<T>(path: string): Promise<T>;
  /** Sends FormData as it is and anything else as JSON. */
  post<T>(path: string, body: unknown): Promise<T>;
  /** Uploads a file into the demo project for `purpose` (report, material, ...) and answers its URL. */
  upload(purpose: string, fileName: string, bytes: Uint8Array, type: string): Promise<string>;
}

/** Signs in as demo through the API and answers a caller that fails on any answer but 2xx. */
export async function apiAs(url: string): Promise<DemoApi> {
  const login = await fetch(`${url}/api/v1/user/account/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  const { token } = (await login.json()) as { token: string };
  const info = (await (await fetch(`${url}/api/v1/user/info/`, { headers: { Authorization: `Token ${token}` } })).json()) as { organization_uuid: string };
  const headers = { Authorization: `Token ${token}`, Organization: info.organization_uuid };
  const send = async <T>(path: string, init: RequestInit): Promise<T> => {
    const response = await fetch(`${url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const post = <T>(path: string, body: unknown) =>
    body instanceof FormData
      ? send<T>(path, { method: 'POST', body })
      : send<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  return {
    token,
    get: (path) => send(path, {}),
    post,
    async upload(purpose, fileName, bytes, type) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(bytes)], { type }), fileName);
      const uploaded = await post<{ url: string }>(`/api/uploader/v1/projects/${DEMO_PROJECT}/file_upload/?purpose=${purpose}`, form);
      return uploaded.url;
    },
  };
}

/**
 * Picks `option` in an antd select (`select` is its `.ant-select`) until it shows it: on a busy
 * machine a click can land in a list still sliding in or out.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  const chosen = select.locator('.ant-select-selection-item', { hasText: option });
  for (let attempt = 0; attempt < 5 && !(await chosen.isVisible()); attempt += 1) {
    if (!(await select.evaluate((element) => element.classList.contains('ant-select-open')))) await select.locator('.ant-select-selector').click();
    await page
      .locator(`.ant-select-dropdown:visible:not(.ant-slide-up-leave) .ant-select-item-option[title="${option}"]`)
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await chosen.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  await chosen.waitFor();
}

/**
 * Clicks a cascader entry until `next`, an entry of the column it opens, shows: on a busy machine
 * a click during the dropdown's opening motion, or as its options arrive again, opens nothing.
 */
export async function openColumn(entry: Locator, next: Locator): Promise<void> {
  for (let attempt = 0; attempt < 5 && !(await next.isVisible()); attempt += 1) {
    await entry.click();
    await next.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
}

/** Walks the region cascader (区域) of `root` along `path` and checks its last entry. */
export async function checkRegion(page: Page, root: Locator, path: string[]): Promise<void> {
  const select = root.locator('.ant-select[aria-label="区域"]');
  // The open dropdown, not one still fading out after a close.
  const menus = page.locator('.ant-select-dropdown:visible:not(.ant-slide-up-leave) .ant-cascader-menu');
  const first = menus.first().locator(`.ant-cascader-menu-item[title="${path[0]}"]`);
  // On a busy machine the first click can land before the region tree has loaded, and the menu
  // stays closed; clicking an open cascader again would close it.
  for (let attempt = 0; attempt < 5 && !(await first.isVisible()); attempt += 1) {
    if (!(await select.evaluate((element) => element.classList.contains('ant-select-open')))) await select.locator('.ant-select-selector').click();
    await first.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  const entryAt = (column: number) => menus.nth(column).locator(`.ant-cascader-menu-item[title="${path[column]}"]`);
  for (let column = 0; column < path.length - 1; column += 1) await openColumn(entryAt(column), entryAt(column + 1));
  await entryAt(path.length - 1).locator('.ant-cascader-checkbox').click();
  await page.keyboard.press('Escape');
  await page.locator('.ant-cascader-menus:visible').waitFor({ state: 'hidden' });
}
