import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, DEMO_PROJECT, setupBrowser, signInAsDemo } from './browser';

const ctx = setupBrowser();
const SHOTS = process.env.SHOTS_DIR;

/** Screens of the demo project and a text each shows once loaded; `open` is a link to follow from there, to a screen showing `opened`. */
const SCREENS: Array<{ name: string; path: string; ready: string; open?: string; opened?: string }> = [
  { name: 'reports', path: `/main/${DEMO_PROJECT}/reportList`, ready: '标签筛选' },
  { name: 'materials', path: `/material/${DEMO_PROJECT}/materialList`, ready: '全部素材' },
  { name: 'tags', path: `/main/${DEMO_PROJECT}/tags`, ready: '健康舒适' },
  { name: 'settings', path: `/projectSetting/${DEMO_PROJECT}/projectInfo`, ready: '项目名称' },
  { name: 'members', path: `/projectSetting/${DEMO_PROJECT}/projectUser`, ready: 'demo' },
  { name: 'roles', path: `/projectSetting/${DEMO_PROJECT}/projectRole`, ready: '项目管理员' },
  { name: 'connections', path: `/projectSetting/${DEMO_PROJECT}/connections`, ready: '示例数据仓库' },
  { name: 'scripts', path: `/projectSetting/${DEMO_PROJECT}/scripts`, ready: '脚本' },
  { name: 'workflows', path: `/projectSetting/${DEMO_PROJECT}/workflows`, ready: '示例：指标汇总与成果生成' },
  // The workflow page has no fixed path (its id is the server's): it is opened from the list.
  { name: 'workflow', path: `/projectSetting/${DEMO_PROJECT}/workflows`, ready: '示例：指标汇总与成果生成', open: '示例：指标汇总与成果生成', opened: '运行记录' },
  { name: 'projects', path: '/list', ready: '项目列表' },
  { name: 'statistics', path: `/cstjPage/${DEMO_PROJECT}/statistics`, ready: '成果总数' },
  { name: 'single-reports', path: `/cstjPage/${DEMO_PROJECT}/singleReportList`, ready: '单体报告列表' },
];

/**
 * Visible text whose colour is too close to the colour behind it (WCAG contrast below 3, the
 * large-text minimum), as "text (ratio)". Disabled controls and placeholders are left out.
 */
async function unreadableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgba = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    /** The colour behind an element, or undefined over a picture or gradient (not judged here). */
    const backgroundOf = (element: Element): number[] | undefined => {
      const layers: number[][] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundImage !== 'none' || at.tagName === 'IMG') return undefined;
        const [r, g, b, a = 1] = rgba(style.backgroundColor);
        if (a > 0) layers.push([r, g, b, a]);
        if (a >= 1) break;
      }
      // Composite from the bottom layer up, over white when nothing is opaque.
      return layers.reverse().reduce((below, [r, g, b, a]) => [r * a + below[0] * (1 - a), g * a + below[1] * (1 - a), b * a + below[2] * (1 - a)], [255, 255, 255]);
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      if (element.closest('[disabled], [aria-disabled="true"], [class*="-disabled"], [aria-hidden="true"], .ant-select-selection-placeholder, svg')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility !== 'visible' || Number(style.opacity) < 0.5) continue;
      if (box.bottom < 0 || box.top > window.innerHeight) continue;
      const background = backgroundOf(element);
      if (!background) continue;
      const [r, g, b, a = 1] = rgba(style.color);
      const color = [r * a + background[0] * (1 - a), g * a + background[1] * (1 - a), b * a + background[2] * (1 - a)];
      const [light, dark] = [luminance(color), luminance(background)].sort((x, y) => y - x);
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 3) found.push(`${text.slice(0, 20)} (${ratio.toFixed(2)})`);
    }
    return found;
  });
}

describe('themes', () => {
  for (const theme of ['dark', 'darkblue', 'light']) {
    it(`keeps every text of the main screens readable in the ${theme} theme`, async () => {
      const { page } = ctx;
      await signInAsDemo(page, ctx.server.url);
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await page.goto(`${ctx.server.url}/#${screen.path}?theme=${theme}`);
        await page.getByText(screen.ready, { exact: true }).first().waitFor();
        if (screen.open) {
          await page.getByRole('link', { name: screen.open, exact: true }).first().click();
          await page.getByText(screen.opened ?? screen.open, { exact: true }).first().waitFor();
        }
        await page.waitForLoadState('networkidle');
        // Spinners left in hidden tab panes do not matter here: only visible ones mean the screen is still loading.
        await page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible').first().waitFor({ state: 'detached' });
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/${theme}-${screen.name}.png` });
        }
        problems.push(...(await unreadableTexts(page)).map((text) => `${screen.name}: ${text}`));
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});

describe('antd styles', () => {
  it('come built with the page in the default theme, and are computed in the browser for another', async () => {
    const { page } = ctx;
    await signInAsDemo(page, ctx.server.url);
    // Style tags antd's runtime wrote for buttons.
    const computedButtonStyles = () => page.locator('style').evaluateAll((tags) => tags.filter((tag) => tag.textContent?.includes('.ant-btn-primary')).length);
    const primaryButton = page.getByRole('button', { name: /新增报告/ });
    await page.goto(`${ctx.server.url}/#/main/${DEMO_PROJECT}/reportList`);
    await primaryButton.waitFor();
    expect(await page.locator('link[rel=stylesheet][href*="/assets/antd-"]').count()).toBe(1);
    expect(await computedButtonStyles()).toBe(0);
    expect(await primaryButton.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(31, 78, 156)');

    await page.goto(`${ctx.server.url}/#/main/${DEMO_PROJECT}/reportList?theme=dark`);
    await expect.poll(() => primaryButton.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(52, 105, 187)');
    expect(await computedButtonStyles()).toBeGreaterThan(0);
  });
});

/** Visible boxes of the dark theme that are light (luminance above 0.5) and larger than a control's knob: a white pane on a dark page. */
async function lightBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const [r, g, b, a = 1] = (style.backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      if (a < 0.5 || element.closest('[aria-hidden="true"], svg, img, canvas')) continue;
      const box = element.getBoundingClientRect();
      if (box.width * box.height < 600 || box.bottom < 0 || box.top > window.innerHeight || style.visibility !== 'visible') continue;
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      if (luminance > 0.5) found.push(`${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')} ${style.backgroundColor}`);
    }
    return found;
  });
}

const DEMO_WORKFLOW = '示例：指标汇总与成果生成';
const DEMO_SCRIPT = '汇总指标达标率';

describe('the workflow, script, database browser and 成果 views in each theme', () => {
  it('keeps their texts readable in every theme, and shows no light pane in the dark one', async () => {
    const { page, server } = ctx;
    // A finished run of the demo workflow, so the grid, the Gantt chart and the outputs have something to show.
    const api = await apiAs(server.url);
    const base = `/api/airflow/projects/${DEMO_PROJECT}/workflows`;
    const { results } = (await api.get(`${base}/?limit=100`)) as { results: Array<{ id: number; name: string }> };
    const workflow = results.find((entry) => entry.name === DEMO_WORKFLOW)!;
    const run = (await api.post(`${base}/${workflow.id}/dag_runs/`, {})) as { id: number };
    await expect.poll(async () => ((await api.get(`${base}/${workflow.id}/dag_runs/${run.id}/`)) as { state: string }).state, { timeout: 120_000, interval: 1000 }).toBe('success');

    await signInAsDemo(page, server.url);
    const problems: string[] = [];
    for (const theme of ['dark', 'darkblue', 'light']) {
      const check = async (view: string) => {
        await page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible').first().waitFor({ state: 'detached' });
        // Transitions (drawers, popovers, tabs) end before colours are read.
        await page.waitForTimeout(400);
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/${theme}-${view}.png` });
        }
        problems.push(...(await unreadableTexts(page)).map((text) => `${theme} ${view}: ${text}`));
        if (theme === 'dark') problems.push(...(await lightBoxes(page)).map((box) => `${theme} ${view}: light box ${box}`));
      };

      await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/workflows?theme=${theme}`);
      await page.getByRole('link', { name: DEMO_WORKFLOW, exact: true }).first().click();
      await page.locator('[data-testid=dag-node]').first().waitFor();
      await page.locator(`.workflow-page__run[data-run-state=success]`).waitFor();
      await page.locator('[data-testid=dag-node]').first().click();
      await page.getByTestId('task-details').waitFor();
      await check('workflow-graph');
      await page.getByText('网格', { exact: true }).click();
      await page.locator('.dag-grid__cell').first().click();
      await check('workflow-grid');
      await page.getByText('甘特图', { exact: true }).click();
      await page.getByTestId('gantt-bar').nth(1).click();
      await page.getByTestId('task-details').getByText('输出').first().waitFor();
      await check('workflow-gantt-outputs');
      await page.locator('.ant-card-extra').getByRole('button', { name: /运行$/ }).click();
      const runDialog = page.locator('.ant-modal', { hasText: `运行：${DEMO_WORKFLOW}` });
      await runDialog.locator('.ant-form-item, .run-dialog__none').first().waitFor();
      await check('workflow-run-dialog');
      await runDialog.getByRole('button', { name: /取\s*消/ }).click();
      await runDialog.waitFor({ state: 'hidden' });

      await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/scripts?theme=${theme}`);
      await page.getByRole('row', { name: new RegExp(DEMO_SCRIPT) }).getByRole('button', { name: '代码' }).click();
      const drawer = page.locator('.ant-drawer', { hasText: `脚本代码：${DEMO_SCRIPT}` });
      await drawer.locator('.cm-content').waitFor();
      await check('script-code');
      await drawer.getByRole('button', { name: /试运行/ }).click();
      const tryDialog = page.locator('.ant-modal', { hasText: `试运行：${DEMO_SCRIPT}` });
      await tryDialog.waitFor();
      await check('script-test-run');
      await tryDialog.getByRole('button', { name: /取\s*消|关\s*闭/ }).first().click();
      await tryDialog.waitFor({ state: 'hidden' });

      await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/connections?theme=${theme}`);
      await page.getByRole('row', { name: /示例数据仓库/ }).getByRole('button', { name: '浏览' }).click();
      await page.getByText('浏览：示例数据仓库').waitFor();
      await page.locator('.browser-picker__tables [role=menuitem]').first().click();
      await page.getByRole('tab', { name: '数据' }).click();
      await page.locator('.ant-table-row').first().waitFor();
      await check('browser-records');
      await page.getByRole('tab', { name: '查询' }).click();
      await check('browser-query');
      await page.getByRole('tab', { name: 'ER 图' }).click();
      await page.locator('[data-testid=er-table]').first().waitFor();
      await check('browser-er');

      await page.goto(`${server.url}/#/cstjPage/${DEMO_PROJECT}/statistics?theme=${theme}`);
      await page.getByRole('figure', { name: '指标达标率' }).locator('.recharts-surface').first().waitFor();
      await page.locator('.app-header__bell').click();
      await page.locator('.ant-popover', { hasText: '成果通知' }).waitFor();
      await check('statistics-notices');
      await page.keyboard.press('Escape');
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
