import { mkdirSync } from 'node:fs';
import type { CDPSession, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, apiAs, setupBrowser } from './browser';
import { serveHost, type HostServer } from './qiankun-host/serve';

const ctx = setupBrowser();
let host: HostServer;
const SHOTS = '/tmp/shots-qiankun';
const BASE = `#/report/main/${DEMO_PROJECT}`;

beforeAll(async () => {
  host = await serveHost(ctx.server.url);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => host?.close());

/** What the host shell knows before the app loads: the demo user's session, signed in through the API. */
async function hostSession() {
  const api = await apiAs(ctx.server.url);
  const { token } = api;
  const userInfo = await api.get<{ uuid: string; username: string; organization_uuid: string }>('/api/v1/user/info/');
  return {
    token,
    userInfo,
    orgInfo: { uuid: userInfo.organization_uuid },
    theme: 'light',
    projectInfo: { uuid: DEMO_PROJECT },
  };
}

/** Calls the platform with the host's session (a new sign-in would end the one the app uses). */
async function asHost<T>(session: Awaited<ReturnType<typeof hostSession>>, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${ctx.server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Token ${session.token}`, Organization: session.orgInfo.uuid, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

/** Opens the host page on its own route, with a cookie and storage keys of the host's own that the app must not touch. */
async function openHost(page: Page) {
  const session = await hostSession();
  await page.addInitScript((value) => {
    window.hostSession = value;
  }, session);
  await page.goto(`${host.url}/host/#/home`);
  await page.evaluate(() => {
    document.cookie = 'token=the-hosts-own-token; path=/';
    localStorage.setItem('theme', 'the-hosts-theme');
  });
  await page.locator('#host-home').waitFor();
  return session;
}

const selectedMenu = (page: Page, label: string) => page.locator('#ezreport .ezr-layout-sider .ezr-menu-item-selected', { hasText: label });
/** The report list of the demo project, with its cards loaded. */
async function reportScreen(page: Page): Promise<void> {
  await selectedMenu(page, '报告管理').waitFor();
  await page.locator('#ezreport .library-card').first().waitFor();
}
async function snapshot(cdp: CDPSession, file: string) {
  const { writeFileSync } = await import('node:fs');
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  writeFileSync(file, chunks.join(''));
}
const hostRoute = (page: Page) => page.locator('#host-route');

describe('the app under a qiankun host shell', () => {
  it('mounts in the host container under the host route, with its own prefix, styles and cookies', async () => {
    const { page } = ctx;
    await openHost(page);
    await page.locator('#nav-report').click();
    // The host shares the current project: the app opens it from #/report/list.
    await page.waitForURL(new RegExp(`${BASE}/reportList`));
    await reportScreen(page);
    await page.getByText('城市体检示例项目').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/1-mounted.png` });

    const facts = await page.evaluate(() => ({
      inContainer: Boolean(document.querySelector('#subapp #ezreport.ezreport.theme-light')),
      antClassesInApp: [...document.querySelectorAll('#ezreport [class*="ant-"]')].map((e) => e.getAttribute('class')).filter((c) => /(^|\s)ant-/.test(c ?? '')),
      prefixed: document.querySelectorAll('#ezreport [class*="ezr-"]').length,
      cssInJsInHead: document.head.querySelectorAll('style[data-css-hash]').length,
      cssInJsInApp: document.querySelectorAll('#ezreport .ezreport-styles style').length,
      bodyFont: getComputedStyle(document.body).fontFamily,
      bodyMargin: getComputedStyle(document.body).margin,
      bodyClasses: document.body.className,
      hostButton: getComputedStyle(document.getElementById('host-button')!).backgroundColor,
      hostLayout: getComputedStyle(document.getElementById('host-home')!).backgroundColor,
      appLayout: getComputedStyle(document.querySelector('#ezreport .app-layout')!).backgroundColor,
      appMenu: getComputedStyle(document.querySelector('#ezreport .ezr-menu')!).backgroundColor,
      cookies: document.cookie,
      hostTheme: localStorage.getItem('theme'),
      appTheme: localStorage.getItem('ezreport:theme'),
      route: document.getElementById('host-route')!.textContent,
    }));
    expect(facts.inContainer).toBe(true);
    expect(facts.antClassesInApp).toEqual([]);
    expect(facts.prefixed).toBeGreaterThan(20);
    // antd's styles live in the mount root, not in the host's <head>.
    expect(facts.cssInJsInHead).toBe(0);
    expect(facts.cssInJsInApp).toBeGreaterThan(5);
    // The host's page keeps its own font, margin and classes; its antd-looking rules stay its own.
    expect(facts.bodyFont).toBe('serif');
    expect(facts.bodyMargin).toBe('8px');
    expect(facts.bodyClasses).toBe('');
    expect(facts.hostButton).toBe('rgb(255, 105, 180)');
    expect(facts.hostLayout).toBe('rgb(200, 255, 200)');
    expect(facts.appLayout).not.toBe('rgb(200, 255, 200)');
    expect(facts.appMenu).not.toBe('rgb(255, 0, 0)');
    // The app's session and storage sit under their own names beside the host's.
    expect(facts.cookies).toContain('token=the-hosts-own-token');
    expect(facts.cookies).toMatch(/ezreport_token=\w+/);
    expect(facts.hostTheme).toBe('the-hosts-theme');
    expect(facts.appTheme).toBe('light');
    expect(facts.route).toBe(`/main/${DEMO_PROJECT}/reportList`);
    // The app told the host the name of the project it opened.
    expect(await page.evaluate(() => window.host.state().projectInfo)).toEqual({ uuid: DEMO_PROJECT, name: '城市体检示例项目' });
  });

  it('follows its own navigation, the host router, posted routes and later changes of the shared data', async () => {
    const { page } = ctx;
    const session = await openHost(page);
    await page.locator('#nav-report').click();
    await reportScreen(page);

    // Its own navigation: the hash carries the host's base, the host hears the route.
    await page.locator('#ezreport .ezr-menu-item', { hasText: '标签管理' }).click();
    await page.waitForURL(new RegExp(`${BASE}/tags$`));
    await expect.poll(() => hostRoute(page).textContent()).toBe(`/main/${DEMO_PROJECT}/tags`);
    await page.screenshot({ path: `${SHOTS}/2-tags.png` });

    // Dialogs go to the mount root's popup layer, under the app's prefix and styles.
    await page.locator('#ezreport').getByRole('button', { name: /新增标签/ }).click();
    const dialog = page.locator('#ezreport .ezreport-popups .ezr-modal-content:visible');
    await dialog.waitFor();
    await page.locator('#ezreport .ezr-zoom-appear, #ezreport .ezr-zoom-enter').waitFor({ state: 'detached' });
    expect(await dialog.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px');
    await page.screenshot({ path: `${SHOTS}/2b-dialog.png` });
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The host's router changes the hash; the app follows.
    await page.evaluate((base) => (location.hash = `${base}/reportList`), BASE);
    await reportScreen(page);
    await expect.poll(() => hostRoute(page).textContent()).toBe(`/main/${DEMO_PROJECT}/reportList`);

    // A route posted to the window (spec: the project shell accepts posted messages).
    await page.evaluate((route) => window.postMessage({ route }, '*'), `/main/${DEMO_PROJECT}/tags`);
    await page.waitForURL(new RegExp(`${BASE}/tags$`));
    await selectedMenu(page, '标签管理').waitFor();

    // Later changes of the shared data: the theme, then the project.
    await page.evaluate(() => window.host.setState({ theme: 'dark' }));
    await page.locator('#ezreport.theme-dark').waitFor();
    const menuText = page.locator('#ezreport .ezr-menu-item:not(.ezr-menu-item-selected) a').first();
    await expect.poll(() => menuText.evaluate((a) => getComputedStyle(a).color)).toBe('rgba(255, 255, 255, 0.65)');
    await page.screenshot({ path: `${SHOTS}/3-dark.png` });
    const other = await asHost<{ uuid: string }>(session, '/api/project/v1/projects/', { name: '宿主切换的项目' });
    await page.evaluate((uuid) => window.host.setState({ projectInfo: { uuid } }), other.uuid);
    await page.waitForURL(new RegExp(`#/report/main/${other.uuid}/`));
    await page.locator('#ezreport .app-header__project', { hasText: '宿主切换的项目' }).waitFor();
    await page.locator('#ezreport .ezr-skeleton').first().waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/4-other-project.png` });

    // The host signs out: the app drops its session and shows its sign-in under the host's base.
    await page.evaluate(() => window.host.setState({ token: null }));
    await page.waitForURL(/#\/report\/login/);
    await page.getByPlaceholder('手机号/用户名').waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('ezreport_token=');
    await page.screenshot({ path: `${SHOTS}/5-signed-out.png` });
  });

  it('opens the Gantt chart, the run dialog, the script code view and the database browser inside the host container, downloads included', async () => {
    const { page } = ctx;
    await openHost(page);
    const hostLook = () => page.evaluate(() => [document.body, document.querySelector('#host-route')!].map((element) => { const style = getComputedStyle(element); return [style.fontFamily, style.color, style.backgroundColor]; }));
    const before = await hostLook();
    const app = page.locator('#ezreport');
    const popups = page.locator('#ezreport .ezreport-popups');

    await page.evaluate((project) => (location.hash = `#/report/projectSetting/${project}/workflows`), DEMO_PROJECT);
    await app.getByRole('link', { name: '示例：指标汇总与成果生成', exact: true }).first().click();
    await page.waitForURL(/#\/report\/projectSetting\/[^/]+\/workflows\/\d+/);
    await app.locator('[data-testid=dag-node]').first().waitFor();
    await app.getByText('甘特图', { exact: true }).click();
    await app.getByRole('table', { name: /^甘特图/ }).or(app.getByText('请先在运行记录中选择一次运行')).first().waitFor();
    await app.locator('.ezr-card-extra').getByRole('button', { name: /运行$/ }).click();
    const runDialog = popups.locator('.ezr-modal-content:visible', { hasText: '运行：示例：指标汇总与成果生成' });
    await runDialog.waitFor();
    await page.screenshot({ path: `${SHOTS}/8-run-dialog.png` });
    await runDialog.getByRole('button', { name: /取\s*消/ }).click();
    await runDialog.waitFor({ state: 'hidden' });

    await page.evaluate((project) => (location.hash = `#/report/projectSetting/${project}/scripts`), DEMO_PROJECT);
    await app.getByRole('row', { name: /汇总指标达标率/ }).getByRole('button', { name: '代码' }).click();
    const drawer = popups.locator('.ezr-drawer-content', { hasText: '脚本代码：汇总指标达标率' });
    await drawer.locator('.cm-editor .cm-content').waitFor();
    await page.screenshot({ path: `${SHOTS}/9-script-code.png` });
    // CodeMirror's, React Flow's and the views' styles stay inside the app: the host page keeps its font and colours.
    expect(await hostLook()).toEqual(before);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.evaluate((project) => (location.hash = `#/report/projectSetting/${project}/connections`), DEMO_PROJECT);
    await app.getByRole('row', { name: /示例数据仓库/ }).getByRole('button', { name: '浏览' }).click();
    await app.getByText('浏览：示例数据仓库').waitFor();
    // The demo's builtin warehouse runs no SQL: its records are exported instead.
    await app.locator('.browser-picker__tables [role=menuitem]', { hasText: 'indicator_catalogue' }).click();
    await app.getByRole('tab', { name: '数据' }).click();
    await app.locator('.ezr-table-row').first().waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), app.getByRole('button', { name: /导出 CSV/ }).click()]);
    expect(csv.suggestedFilename()).toMatch(/indicator_catalogue.*\.csv$/);
    await app.getByRole('tab', { name: 'ER 图' }).click();
    await app.locator('[data-testid=er-table]').first().waitFor();
    const [svg] = await Promise.all([page.waitForEvent('download'), app.getByRole('button', { name: '导出 SVG' }).click()]);
    expect(svg.suggestedFilename()).toMatch(/\.svg$/);
    await page.screenshot({ path: `${SHOTS}/10-er.png` });
    expect(await hostLook()).toEqual(before);
  });

  it('unmounts without a trace and mounts again, 50 times without growth', { timeout: 600_000 }, async () => {
    const { page } = ctx;
    await openHost(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const cycle = async (n: number) => {
      await page.evaluate((base) => (location.hash = `${base}/reportList`), BASE);
      await reportScreen(page);
      await page.evaluate(() => (location.hash = '#/home'));
      await expect.poll(() => page.evaluate(() => window.host.mounts.unmounted), { timeout: 15_000 }).toBe(n);
    };

    await cycle(1);
    const traces = await page.evaluate((assets) => ({
      appElements: document.querySelectorAll('#ezreport, .ezreport, [class*="ezr-"], .ezreport-styles, .ezreport-popups').length,
      cssInJs: document.querySelectorAll('style[data-css-hash]').length,
      links: [...document.querySelectorAll<HTMLLinkElement>('link')].filter((l) => l.href.startsWith(assets)).length,
      iconStyles: document.querySelectorAll('style[rc-util-key="@ant-design-icons"]').length,
      htmlClasses: document.documentElement.className,
      bodyClasses: document.body.className,
      subapp: document.getElementById('subapp')!.innerHTML,
    }), `${host.url}/assets/`);
    expect(traces).toEqual({ appElements: 0, cssInJs: 0, links: 0, iconStyles: 0, htmlClasses: '', bodyClasses: '', subapp: '' });
    await page.screenshot({ path: `${SHOTS}/6-unmounted.png` });

    // Mounted again: styled again, antd's rules and the report list's own stylesheet (a lazy screen's).
    await page.evaluate((base) => (location.hash = `${base}/reportList`), BASE);
    await reportScreen(page);
    const primary = page.locator('#ezreport .ezr-btn-primary').first();
    expect(await primary.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(31, 78, 156)');
    expect(await page.locator('#ezreport .library-main').evaluate((main) => getComputedStyle(main).borderRadius)).toBe('8px');
    await page.screenshot({ path: `${SHOTS}/7-mounted-again.png` });
    await page.evaluate(() => (location.hash = '#/home'));
    await expect.poll(() => page.evaluate(() => window.host.mounts.unmounted), { timeout: 15_000 }).toBe(2);

    // A request still on its way when the app unmounts holds its listeners until it is answered: not a leak.
    // A set, not a count: a request sent before these listeners may finish after them.
    const inFlight = new Set<Request>();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    const measure = async () => {
      await expect.poll(() => inFlight.size).toBe(0);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN;
      return { nodes: value('Nodes'), listeners: value('JSEventListeners'), heapMB: value('JSHeapUsedSize') / 2 ** 20 };
    };
    const samples: Record<number, Awaited<ReturnType<typeof measure>>> = {};
    for (let n = 3; n <= 50; n++) {
      await cycle(n);
      if (n % 10 === 0) samples[n] = await measure();
    }
    if (process.env.HEAP_SNAPSHOTS) {
      await snapshot(cdp, '/tmp/heap-50.heapsnapshot');
      for (let n = 51; n <= 70; n++) await cycle(n);
      await snapshot(cdp, '/tmp/heap-70.heapsnapshot');
    }
    console.log(`after n mounts and unmounts: ${JSON.stringify(samples)}`);
    expect(samples[50].nodes).toBe(samples[10].nodes);
    expect(samples[50].listeners).toBeLessThanOrEqual(samples[10].listeners);
    // What is left (about 10 kB a mount, found in heap snapshots) is V8's compiled code and the
    // devtools' records of the network requests, not the app's objects.
    expect(samples[50].heapMB - samples[10].heapMB).toBeLessThan(1.5);
    expect(samples[50].heapMB - samples[30].heapMB).toBeLessThan(0.5);
  });
});
