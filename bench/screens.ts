import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO } from '../server/db/seed/demo-accounts';
import { startServer, tempDataDir, type ServerProcess } from '../tests/support/server-process';
import { alignColumns, median, settled } from './harness';

/*
 * Time to content of the app's screens on a full page load: the built app served by a real
 * server process (a fresh DATA_DIR, so the demo data), Chromium through playwright-core.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOADS = 5;
/** Issue #35: a screen's median on a full page load, and a cold first visit. */
const SCREEN_BUDGET_MS = 1000;
const COLD_BUDGET_MS = 1500;
// Flags as in tests/e2e/global-setup.ts: off the network, working as root.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];
const VIEWPORT = { width: 1366, height: 800 };

export const screensBudgetMs = () => 10 * 60_000;

interface Screen {
  name: string;
  /** The hash route, given the demo project's workflow and connection ids. */
  route: (ids: { workflow: number; connection: number }) => string;
  /** The screen's first meaningful content. */
  selector: string;
}

const P = DEMO.projectUuid;
const ROW = '.ant-table-tbody tr.ant-table-row';
const CARD = '.library-card .library-card__name';
export const SCREENS: Screen[] = [
  { name: '报告列表 report list', route: () => `/main/${P}/reportList`, selector: CARD },
  { name: '素材列表 material list', route: () => `/material/${P}/materialList`, selector: CARD },
  { name: '标签 tags', route: () => `/main/${P}/tags`, selector: ROW },
  { name: '项目列表 project list', route: () => '/list', selector: '.project-card' },
  { name: '成员 members', route: () => `/projectSetting/${P}/projectUser`, selector: ROW },
  { name: '成果统计 statistics (chart)', route: () => `/cstjPage/${P}/statistics`, selector: '.results-chart .recharts-rectangle' },
  { name: '单体报告列表', route: () => `/cstjPage/${P}/singleReportList`, selector: CARD },
  { name: '工作流 workflow list', route: () => `/projectSetting/${P}/workflows`, selector: ROW },
  { name: '工作流 DAG', route: ({ workflow }) => `/projectSetting/${P}/workflows/${workflow}`, selector: '.react-flow__node .dag-node__name' },
  { name: '数据库浏览 database browser', route: ({ connection }) => `/projectSetting/${P}/connectionBrowser?connection_id=${connection}`, selector: '.browser-picker__tables .ant-menu-item' },
];
const LOGIN_FORM = '.auth-card form .ant-btn-primary';
const FIRST_SCREEN = '.project-card';

/**
 * Runs in every page before its scripts: once per frame after the DOM changed, notes in
 * window.__seen the page's time (ms from navigation start) at which each watched selector
 * first matched a visible element, and in window.__clickAt the first click. A string, not a
 * function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const watchContent = (selectors: string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const seen = (window.__seen = {});
  let scheduled = false;
  function check() {
    scheduled = false;
    const now = performance.now();
    for (const selector of selectors) {
      if (seen[selector] !== undefined) continue;
      for (const element of document.querySelectorAll(selector)) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
          seen[selector] = now;
          break;
        }
      }
    }
  }
  new MutationObserver(function () {
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(check);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener('click', function () {
    if (window.__clickAt === undefined) window.__clickAt = performance.now();
  }, true);
})();`;

interface Load {
  contentMs: number;
  /** Sum of the durations of the /api/ and /studio/ calls (fetch) started before the content showed. */
  apiMs: number;
  apiRequests: number;
  /** JavaScript files requested before the content showed. */
  scripts: number;
  /** What the page fetched before the content, in order of start: [start, end, path]. */
  timeline: Array<[number, number, string]>;
}

async function measureLoad(page: Page, url: string, selector: string, since = 0): Promise<Load> {
  await page.waitForFunction((watched) => (window as unknown as { __seen: Record<string, number> }).__seen?.[watched] !== undefined, selector, {
    timeout: 30_000,
  }).catch(async (error: unknown) => {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 200)).catch(() => '');
    throw new Error(`${url}: ${selector} not seen; the page shows ${JSON.stringify(shown)}: ${String(error)}`);
  });
  return page.evaluate(
    ({ watched, from }) => {
      const contentMs = (window as unknown as { __seen: Record<string, number> }).__seen[watched];
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.startTime >= from && entry.startTime < contentMs,
      );
      // The API's calls; the thumbnails under /api/uploader/ are images, not calls.
      const api = entries.filter(
        (entry) => /\/(api|studio)\//.test(new URL(entry.name).pathname) && (entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest'),
      );
      return {
        contentMs: contentMs - from,
        apiMs: api.reduce((sum, entry) => sum + entry.duration, 0),
        apiRequests: api.length,
        scripts: entries.filter((entry) => new URL(entry.name).pathname.endsWith('.js')).length,
        timeline: entries.map((entry): [number, number, string] => {
          const { pathname, search } = new URL(entry.name);
          return [Math.round(entry.startTime - from), Math.round(entry.responseEnd - from), pathname + search];
        }),
      };
    },
    { watched: selector, from: since },
  ).then((load) => ({ ...load, timeline: load.timeline.sort((a, b) => a[0] - b[0]) }), (error: unknown) => {
    throw new Error(`${url}: ${String(error)}`);
  });
}

/** The baseline: a static file (the built index.html, uncached) fetched by the same page. */
async function staticFileMs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const started = performance.now();
    await (await fetch(`/index.html?bench=${Math.random()}`, { cache: 'no-store' })).text();
    return performance.now() - started;
  });
}

async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/#/login`);
  await page.getByPlaceholder('手机号/用户名').fill(DEMO.username);
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/list/);
}

/** The browser's session, without a sign-in of its own (a second one would end the browser's). */
async function demoIds(context: BrowserContext, origin: string): Promise<{ workflow: number; connection: number }> {
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
  const headers = { authorization: `Token ${cookies.token}`, organization: cookies.organization_uuid ?? '' };
  const first = async (pathname: string) => {
    const answer = await fetch(`${origin}${pathname}`, { headers });
    if (!answer.ok) throw new Error(`${pathname} answered ${answer.status}`);
    const body = (await answer.json()) as { results: Array<{ id: number }> };
    if (!body.results[0]) throw new Error(`${pathname} listed nothing`);
    return body.results[0].id;
  };
  return {
    workflow: await first(`/api/airflow/projects/${P}/workflows/`),
    connection: await first(`/api/connection/projects/${P}/connections/`),
  };
}

const loadAverage = () => os.loadavg()[0].toFixed(1);
const ms = (value: number) => value.toFixed(0);

interface Row {
  name: string;
  loads: Load[];
  budget: number;
  /** The load average (1 min) once the row's loads were done. */
  load: string;
}

function rowCells({ name, loads, budget, load }: Row, baseline: number): string[] {
  const content = loads.map((load) => load.contentMs);
  const middle = median(content);
  return [
    name,
    ms(middle),
    ms(Math.max(...content)),
    ms(median(loads.map((load) => load.apiMs))),
    String(median(loads.map((load) => load.apiRequests))),
    String(median(loads.map((load) => load.scripts))),
    (middle / baseline).toFixed(0),
    middle <= budget ? `ok (≤ ${budget})` : `OVER ${budget}`,
    load,
  ];
}

/** The order of what one load fetched before its content (BENCH_SCREENS_DETAIL=1). */
function timelineText(name: string, load: Load): string {
  const lines = load.timeline.map(([start, end, what]) => `    ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${what.replace(/^\/assets\//, '')}`);
  return [`  ${name}: content at ${ms(load.contentMs)} ms`, ...lines].join('\n');
}

/** Builds the app into a temporary folder (so dist/ is left to whoever uses it) and answers it. */
async function buildApp(): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-screens-web-'));
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
  });
  return outDir;
}

/**
 * Each screen: one warm-up load, then LOADS full page loads (about:blank, then the screen's URL)
 * in one signed-in browser context; from navigation start to the screen's selector visible.
 * Then LOADS cold first visits in fresh contexts: the login form, and sign-in to the first screen.
 */
export async function screensBench(): Promise<string> {
  const detail = process.env.BENCH_SCREENS_DETAIL === '1';
  const webRoot = await buildApp();
  const dataDir = tempDataDir();
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, WEB_ROOT: webRoot, LOG_LEVEL: 'warn' });
    await settled(server.child.pid!);
    const origin = server.url;
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const watched = [...new Set([...SCREENS.map((screen) => screen.selector), LOGIN_FORM, FIRST_SCREEN])];
    const startLoad = loadAverage();

    const context = await browser.newContext({ locale: 'zh-CN', viewport: VIEWPORT });
    await context.addInitScript({ content: watchContent(watched) });
    const page = await context.newPage();
    await signIn(page, origin);
    const ids = await demoIds(context, origin);
    const rows: Row[] = [];
    const baselines: number[] = [];
    const details: string[] = [];
    for (const screen of SCREENS) {
      const url = `${origin}/#${screen.route(ids)}`;
      const loads: Load[] = [];
      for (let i = 0; i <= LOADS; i++) {
        await page.goto('about:blank');
        await page.goto(url, { waitUntil: 'commit' });
        const load = await measureLoad(page, url, screen.selector);
        baselines.push(await staticFileMs(page));
        if (i > 0) loads.push(load); // the first is the warm-up
      }
      rows.push({ name: screen.name, loads, budget: SCREEN_BUDGET_MS, load: loadAverage() });
      if (detail) details.push(timelineText(screen.name, loads[loads.length - 1]));
    }
    await context.close();

    // Cold first visits: a new context each (empty cache, no session); the first is a warm-up of the server.
    const loginLoads: Load[] = [];
    const signedInLoads: Load[] = [];
    let loginScripts = { files: 0, bytes: 0 };
    for (let i = 0; i <= LOADS; i++) {
      const cold = await browser.newContext({ locale: 'zh-CN', viewport: VIEWPORT });
      await cold.addInitScript({ content: watchContent(watched) });
      const coldPage = await cold.newPage();
      const url = `${origin}/#/login`;
      await coldPage.goto(url, { waitUntil: 'commit' });
      const login = await measureLoad(coldPage, url, LOGIN_FORM);
      // What came before the form: the sign-in screen fetches the workspace's chunks once idle.
      loginScripts = await coldPage.evaluate((shownAt) => {
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (entry) => entry.name.endsWith('.js') && entry.startTime < shownAt,
        );
        return { files: scripts.length, bytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0) };
      }, login.contentMs);
      await coldPage.getByPlaceholder('手机号/用户名').fill(DEMO.username);
      await coldPage.getByPlaceholder('密码', { exact: true }).fill(DEMO.password);
      await coldPage.getByRole('button', { name: /登\s*录/ }).click();
      const clickAt = await coldPage.evaluate(() => (window as unknown as { __clickAt: number }).__clickAt);
      const signedIn = await measureLoad(coldPage, url, FIRST_SCREEN, clickAt);
      baselines.push(await staticFileMs(coldPage));
      await cold.close();
      if (i > 0) {
        loginLoads.push(login);
        signedInLoads.push(signedIn);
      }
      if (detail && i === LOADS) details.push(timelineText('cold: login form', login), timelineText('cold: 登录 → project list', signedIn));
    }
    rows.push({ name: 'cold: login form', loads: loginLoads, budget: COLD_BUDGET_MS, load: loadAverage() });
    rows.push({ name: 'cold: 登录 → project list', loads: signedInLoads, budget: COLD_BUDGET_MS, load: loadAverage() });

    const baseline = median(baselines);
    const header = ['screen', 'median ms', 'max ms', 'API sum ms', 'API requests', 'JS files', 'ratio', 'budget', 'load average'];
    return [
      `Screens: time to first meaningful content on a full page load (built app, real server, Chromium ${browser.version()}; ` +
        `${LOADS} loads after a warm-up; load average ${startLoad} at the start, ${loadAverage()} at the end)`,
      alignColumns([header, ...rows.map((row) => rowCells(row, baseline))]),
      `ratio = median ÷ the baseline, a static file (index.html, uncached) fetched by the same page: ${baseline.toFixed(1)} ms (median of ${baselines.length}).`,
      'API sum: the durations of the /api/ and /studio/ calls (fetch, not thumbnails) started before the content showed, added (median over the loads);',
      'warm loads are in one signed-in context (cached assets); cold visits each in a new context (empty cache, signed out).',
      `The cold login screen fetched ${loginScripts.files} JavaScript files, ${(loginScripts.bytes / 1000).toFixed(0)} kB as served (compressed where the browser accepts it), before its form showed.`,
      ...(detail ? ['', 'What the last load of each fetched before its content (ms from navigation start, or from the click):', ...details] : []),
    ].join('\n');
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webRoot, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await screensBench());
