import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { read } from 'xlsx';
import { checkRegion, confirmDialog, openColumn, pickOption, setupBrowser } from './browser';
import { onePagePdf, tempFolder } from './files';
import { newestCode, outbox } from './outbox';

/*
 * A new customer's whole first journey through the UI, one step per `it`, each building on the
 * one before: register, organization, project, library, 成果数据, 成果, scripts and a workflow run.
 */
const ctx = setupBrowser();
const files = tempFolder('first-customer-');
const SHOTS = '/tmp/shots';
const MOBILE = '13900000123';
const USER = { name: 'journey_user', password: 'journey12345' };
const PROJECT_NAME = '城东片区体检';
const REPORTS = ['城东现状评估报告', '城东专项分析报告'];
const LABELS = ['现状评估', '专项分析'];
const WORKFLOW = '城东指标处理';
const SCRIPTS = [
  { name: '指标清洗', file: 'clean.py', task: 'clean', printed: '清洗完成：共 3 项指标', text: 'print("清洗完成：共 3 项指标")\n' },
  { name: '指标汇总', file: 'summarize.py', task: 'summarize', printed: '汇总完成：达标 2 项', text: 'import json, sys\njson.load(sys.stdin)\nprint("汇总完成：达标 2 项")\n' },
];

let shotNo = 0;
const shot = async (page: Page, step: string) => {
  shotNo += 1;
  await page.screenshot({ path: `${SHOTS}/journey-${String(shotNo).padStart(2, '0')}-${step}.png` });
};

// What the steps hand on.
const state = { projectId: '' };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // startServer stops waiting after 60 s; on a busy machine the server may still be seeding then.
  const deadline = Date.now() + 180_000;
  while (!(await fetch(`${ctx.server.url}/api/healthy/check/`).then((answer) => answer.ok, () => false))) {
    if (Date.now() > deadline) throw new Error(`the server did not start: ${ctx.server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 200_000);

/** Signs in with the account the first step registered (each step has a fresh page). */
async function signIn(page: Page) {
  await page.goto(`${ctx.server.url}/#/login`);
  await page.getByPlaceholder('手机号/用户名').fill(USER.name);
  await page.getByPlaceholder('密码', { exact: true }).fill(USER.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/(list|main)/);
}

const formItem = (page: Page, root: Locator, label: string) =>
  root.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });

const chooseIn = (page: Page, item: Locator, option: string) => pickOption(page, item.locator('.ant-select'), option);

describe('a first customer’s own work, end to end', () => {
  it('registers with the SMS code, creates an organization from the empty list, then a project', { timeout: 120_000 }, async () => {
    const { page } = ctx;
    await page.goto(`${ctx.server.url}/#/register`);
    await page.getByPlaceholder('手机号', { exact: true }).fill(MOBILE);
    const before = outbox(ctx.dataDir, MOBILE).length;
    await page.getByRole('button', { name: '获取验证码' }).click();
    const sent = await newestCode(ctx.dataDir, MOBILE, before);
    await page.getByPlaceholder('验证码').fill(sent.code);
    await page.getByPlaceholder('用户名（选填）').fill(USER.name);
    await page.getByPlaceholder('密码', { exact: true }).fill(USER.password);
    await shot(page, 'register');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.waitForURL(/#\/login/);
    await signIn(page);

    const empty = page.locator('.ant-empty', { hasText: '您还没有加入任何企业' });
    await empty.waitFor();
    await shot(page, 'empty-list');
    await empty.getByRole('button', { name: /创建组织/ }).click();
    const orgDialog = page.locator('.ant-modal', { hasText: '组织名称' });
    await orgDialog.getByPlaceholder('请输入组织名称，如公司或团队的名称').fill('城东规划研究所');
    await orgDialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已创建组织「城东规划研究所」').waitFor();

    const projectDialog = page.locator('.ant-modal', { hasText: '封面颜色' });
    await projectDialog.getByPlaceholder('请输入项目名称').fill(PROJECT_NAME);
    await shot(page, 'new-project');
    await projectDialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/#\/main\/[0-9a-f-]{36}\/reportList/);
    state.projectId = /#\/main\/([0-9a-f-]{36})\//.exec(page.url())![1];
    await page.getByText('暂无报告').waitFor();
    await shot(page, 'project-opened');
  });

  it('makes a label group with two labels, then adds two PDF reports tagged with them', { timeout: 180_000 }, async () => {
    const { page } = ctx;
    await signIn(page);
    await page.goto(`${ctx.server.url}/#/main/${state.projectId}/tags`);
    await page.getByPlaceholder('请输入标签名称搜索').waitFor();
    await page.getByRole('button', { name: '新增分组' }).click();
    await page.locator('.ant-modal:visible').getByPlaceholder('请输入分组名称').fill('报告主题');
    await page.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增标签分组成功').waitFor();
    await page.locator('.ant-list-item', { hasText: '报告主题' }).click();
    for (const label of LABELS) {
      await page.getByRole('button', { name: '新增标签' }).click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.getByPlaceholder('请输入标签名称', { exact: true }).fill(label);
      await dialog.locator('.ant-select').last().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '报告主题' }).click();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('新增标签成功').first().waitFor();
      await page.getByRole('cell', { name: label, exact: true }).waitFor();
    }
    await shot(page, 'labels');

    await page.goto(`${ctx.server.url}/#/main/${state.projectId}/reportList`);
    // Texts of 8 characters and more: a text layer, not taken for a scan and read by OCR (tests/server covers OCR).
    const pdfs = await Promise.all(REPORTS.map((_, index) => onePagePdf(`report of district ${index}`)));
    for (const [index, name] of REPORTS.entries()) {
      await page.getByRole('button', { name: '新增报告' }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByPlaceholder('请输入创建人').inputValue()).toBe(USER.name);
      await dialog.getByPlaceholder('请输入报告名称').fill(name);
      const fileItem = formItem(page, dialog, '报告文件');
      await fileItem.locator('input[type="file"]').setInputFiles({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(pdfs[index]) });
      await fileItem.getByText('上传成功').waitFor();
      await formItem(page, dialog, '标签').locator('.ant-select-selector').click();
      const labelEntry = page.locator('.ant-cascader-menu-item', { hasText: LABELS[index] });
      await openColumn(page.locator('.ant-cascader-menu-item', { hasText: '报告主题' }), labelEntry);
      await labelEntry.click();
      await page.keyboard.press('Escape');
      if (index === 0) await shot(page, 'report-dialog');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('新增报告成功').first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      const card = page.locator('.library-card', { hasText: name });
      await card.waitFor();
    }
    for (const [index, name] of REPORTS.entries()) {
      expect(await page.locator('.library-card', { hasText: name }).innerText()).toContain(LABELS[index]);
    }
    // No cover was uploaded: each card shows its PDF's first page once the job has drawn it.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.library-card img').first().waitFor();
          return page.locator('.library-card img').evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).src.includes('format=thumbnail')).length);
        },
        { timeout: 30_000 },
      )
      .toBe(REPORTS.length);
    await shot(page, 'reports');

    // The first report's file again: the field names the report it already is, and 取消 takes the file back.
    await page.getByRole('button', { name: '新增报告' }).click();
    const dialog = page.getByRole('dialog');
    const fileItem = formItem(page, dialog, '报告文件');
    await fileItem.locator('input[type="file"]').setInputFiles({ name: '副本.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfs[0]) });
    const notice = fileItem.locator('.ant-alert', { hasText: `与「${REPORTS[0]}」内容相同` });
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: /打\s*开/ }).getAttribute('href')).toMatch(new RegExp(`^#/report/${state.projectId}/reportDetail\\?id=\\d+$`));
    await shot(page, 'same-content');
    await notice.getByRole('button', { name: /取\s*消/ }).click();
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => fileItem.getByRole('link', { name: '副本.pdf' }).count()).toBe(0);
    await dialog.getByRole('button', { name: /取\s*消/ }).last().click();
  });

  it('全文 finds a report by the text of its PDF; a deleted report waits in 回收站 and is restored', { timeout: 180_000 }, async () => {
    const { page } = ctx;
    await signIn(page);
    await page.goto(`${ctx.server.url}/#/main/${state.projectId}/reportList`);
    await page.getByText('全文', { exact: true }).click();
    await page.getByRole('button', { name: '搜索' }).click();
    const words = page.getByPlaceholder('请输入要检索的文字');
    await words.fill('report 1');
    // The text is extracted in the background after the upload: searched again until it is in.
    const hit = page.locator('.library-card', { hasText: REPORTS[1] });
    await expect.poll(async () => {
      await words.press('Enter');
      return hit.getByText('第 1 页').isVisible();
    }, { timeout: 120_000, interval: 1000 }).toBe(true);
    await page.getByText('共 1 条').waitFor();
    expect(await hit.locator('.library-hit__snippet em').count()).toBeGreaterThan(0);
    await shot(page, 'content-search');

    await page.goto(`${ctx.server.url}/#/main/${state.projectId}/reportList`);
    await page.getByRole('button', { name: '批量操作' }).click();
    await page.getByLabel(`勾选 ${REPORTS[1]}`).check();
    await page.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '此操作将把1条数据报告移入回收站（保留 30 天，期间可在回收站还原），是否继续操作?');
    await page.getByText('批量删除成功!').waitFor();
    await page.getByRole('menuitem', { name: '回收站' }).click();
    const row = page.locator('tr', { hasText: REPORTS[1] });
    for (const text of ['未分组', USER.name, '30 天']) await row.getByText(text).first().waitFor();
    await shot(page, 'recycle-bin');
    await row.getByRole('button', { name: '还原' }).click();
    await confirmDialog(page, `确定还原「${REPORTS[1]}」吗？`);
    await page.getByText('已还原 1 项').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('回收站中没有报告', { exact: true }).waitFor();
  });

  it('项目设置 › 成果数据: downloads the template, imports it through the preview, and the source is ready', { timeout: 180_000 }, async () => {
    const { page } = ctx;
    await signIn(page);
    await page.goto(`${ctx.server.url}/#/projectSetting/${state.projectId}/projectInfo`);
    await page.getByRole('menuitem', { name: '成果数据' }).click();
    await page.waitForURL(/#\/projectSetting\/[^/]+\/resultsData$/);
    await page.locator('.results-data__current').getByText('未设置').waitFor();
    await shot(page, 'results-data-empty');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /下载模板/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const template = path.join(files, download.suggestedFilename());
    await download.saveAs(template);
    // A real workbook, not an error page saved under that name.
    expect(read(await readFile(template)).SheetNames.length).toBeGreaterThan(1);

    await page.locator('input[type=file]').setInputFiles(template);
    const preview = page.getByLabel('导入预览');
    await preview.waitFor({ timeout: 60_000 });
    await shot(page, 'import-preview');
    await page.getByRole('button', { name: /确认导入/ }).click();
    await page.locator('.results-data__check.ant-alert-success').getByText('已就绪').waitFor({ timeout: 60_000 });
    await shot(page, 'import-ready');
  });
  it('成果: generates the reports of two districts of the imported data and opens one', { timeout: 300_000 }, async () => {
    const { page } = ctx;
    await signIn(page);
    // The import made the research dimensions (the template's district one is 生态宜居), a report type and a report group.
    await page.goto(`${ctx.server.url}/#/cstjPage/${state.projectId}/statistics`);
    await page.getByRole('heading', { name: '成果统计' }).waitFor();
    await shot(page, 'results-empty');
    await page.getByRole('button', { name: /成果生成/ }).click();
    const dialog = page.getByRole('dialog');
    await chooseIn(page, formItem(page, dialog, '研究维度'), '生态宜居');
    await checkRegion(page, dialog, ['示例省', '示例市', '东城区']);
    await checkRegion(page, dialog, ['示例省', '示例市', '西城区']);
    await chooseIn(page, formItem(page, dialog, '报告类型'), '体检报告');
    await chooseIn(page, formItem(page, dialog, '目标分组'), '体检成果');
    await shot(page, 'generate-dialog');
    await dialog.getByRole('button', { name: '开始生成' }).click();
    await page.getByText('成果生成中').first().waitFor();

    const job = page.locator('.results-job', { hasText: '生态宜居' }).first();
    // Waits until both regions are done either way, so a failure shows its reason at once.
    const tally = job.getByText(/已完成 \d+ \/ 失败 \d+ \/ 共 2/);
    await expect
      .poll(async () => ((await tally.textContent()) ?? '').match(/\d+/g)!.slice(0, 2).reduce((sum, n) => sum + Number(n), 0), { timeout: 240_000, interval: 1000 })
      .toBe(2);
    expect(await job.innerText()).toContain('已完成 2 / 失败 0 / 共 2');
    const cards = page.locator('.library-card');
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);
    const names = (await page.locator('.library-card__name').allInnerTexts()).join('|');
    expect(names).toContain('东城区');
    expect(names).toContain('西城区');
    await shot(page, 'results-generated');

    const first = page.locator('.library-card', { hasText: '东城区' });
    await first.getByRole('button', { name: /^查看 / }).click();
    await page.waitForURL(/statisticsDetail\?id=\d+/);
    await page.locator('[data-page="1"] canvas').waitFor({ timeout: 60_000 });
    await shot(page, 'generated-pdf');
  });
  it('工作流: two scripts from own .py files, a workflow of two linked tasks, published and run until both succeed', { timeout: 300_000 }, async () => {
    const { page } = ctx;
    await signIn(page);
    await page.goto(`${ctx.server.url}/#/projectSetting/${state.projectId}/scripts`);
    await page.getByRole('menuitem', { name: '脚本' }).waitFor();
    for (const script of SCRIPTS) {
      await page.getByRole('button', { name: /新\s*增/ }).click();
      const dialog = page.locator('.ant-modal', { hasText: '新增脚本' });
      await dialog.getByLabel('名称', { exact: true }).fill(script.name);
      await dialog.locator('input[type=file]').setInputFiles({ name: script.file, mimeType: 'text/x-python', buffer: Buffer.from(script.text) });
      await dialog.getByRole('link', { name: script.file }).waitFor();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('新增脚本成功').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row', { name: new RegExp(script.name) }).getByText('无（沙箱运行）').waitFor();
    }
    await shot(page, 'scripts');

    await page.getByRole('menuitem', { name: '工作流' }).click();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const workflowDialog = page.locator('.ant-modal', { hasText: '新增工作流' });
    await workflowDialog.getByLabel('名称', { exact: true }).fill(WORKFLOW);
    await workflowDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增工作流成功').first().waitFor();
    await page.getByRole('row', { name: new RegExp(WORKFLOW) }).getByRole('link', { name: WORKFLOW }).click();
    await page.getByRole('heading', { name: WORKFLOW }).waitFor();

    for (const script of SCRIPTS) {
      await page.getByRole('tab', { name: '任务' }).click();
      await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: /新\s*增/ }).click();
      const dialog = page.locator('.ant-modal', { hasText: '新增任务' });
      await dialog.getByLabel('任务名称', { exact: true }).fill(script.task);
      await chooseIn(page, formItem(page, dialog, '脚本'), script.name);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('新增任务成功').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.locator(`[data-testid=dag-node][data-task="${script.task}"]`).waitFor();
    }
    await page.getByRole('tab', { name: '连线' }).click();
    await page.locator('.ant-tabs-tabpane-active').getByRole('button', { name: /新\s*增/ }).click();
    const linkDialog = page.locator('.ant-modal', { hasText: '新增连线' });
    await chooseIn(page, formItem(page, linkDialog, '上游任务'), SCRIPTS[0].task);
    await chooseIn(page, formItem(page, linkDialog, '下游任务'), SCRIPTS[1].task);
    await shot(page, 'link-dialog');
    await linkDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增连线成功').first().waitFor();
    // An SVG group counts as hidden to Playwright: the edge is waited for in the DOM.
    await page.locator('.react-flow__edge[aria-label]').first().waitFor({ state: 'attached' });

    await page.locator('.ant-card-extra').getByRole('button', { name: /发\s*布/ }).click();
    await page.getByText(/发布成功，当前版本 v1/).waitFor();
    await shot(page, 'published');
    await page.locator('.ant-card-extra').getByRole('button', { name: /运行$/ }).click();
    const runDialog = page.locator('.ant-modal', { hasText: `运行：${WORKFLOW}` });
    await runDialog.locator('.ant-form-item, .run-dialog__none').first().waitFor();
    await runDialog.getByRole('button', { name: /^运\s*行$/ }).click();
    await page.getByText('已触发运行').waitFor();

    const shown = page.locator('.workflow-page__run');
    await expect.poll(() => shown.getAttribute('data-run-state'), { timeout: 240_000, interval: 1000 }).toMatch(/^(success|failed)$/);
    const nodeStates = () =>
      page.locator('[data-testid=dag-node]').evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-task')}=${node.getAttribute('data-state')}`).sort());
    await expect.poll(nodeStates, { timeout: 10_000 }).toEqual(SCRIPTS.map((script) => `${script.task}=success`).sort());
    expect(await shown.getAttribute('data-run-state')).toBe('success');
    await shot(page, 'run-success');

    const runId = await shown.getAttribute('data-run-id');
    const instances = page.locator('.workflow-instances', { hasText: `任务实例：${runId}` });
    await expect.poll(() => instances.locator('tbody tr.ant-table-row', { hasText: '成功' }).count(), { timeout: 10_000 }).toBe(2);
    for (const script of SCRIPTS) {
      await instances.locator('tbody tr.ant-table-row', { hasText: script.task }).getByRole('button', { name: /日志/ }).click();
      const drawer = page.locator('.ant-drawer', { hasText: `日志：${script.task}` });
      await expect.poll(() => drawer.getByTestId('task-log').innerText(), { timeout: 20_000 }).toContain(script.printed);
      await shot(page, `log-${script.task}`);
      // The × at the header's end, clear of a message still showing at the top centre.
      await drawer.getByRole('button', { name: '关闭' }).click();
      await drawer.waitFor({ state: 'hidden' });
    }

    // The run as 网格 and 甘特图 show it: a green cell and a green bar per task.
    await page.getByText('网格', { exact: true }).click();
    const cells = page.getByRole('grid', { name: '运行网格' }).getByRole('group').last().getByTestId('grid-cell');
    await expect.poll(() => cells.evaluateAll((all) => all.map((cell) => cell.getAttribute('data-state')))).toEqual(['success', 'success']);
    await shot(page, 'grid');
    await page.getByText('甘特图', { exact: true }).click();
    const bars = page.getByRole('table', { name: /^甘特图：运行 / }).getByTestId('gantt-row');
    await expect.poll(() => bars.evaluateAll((all) => all.map((row) => row.getAttribute('data-state')))).toEqual(['success', 'success']);
    // The view switch has moved its thumb to 甘特图.
    await page.locator('.ant-segmented-thumb').waitFor({ state: 'detached' });
    expect(await page.locator('.ant-segmented-item-selected').innerText()).toBe('甘特图');
    await shot(page, 'gantt');
  });
});
