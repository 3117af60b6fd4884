import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

const ctx = setupBrowser();
const PROJECT = '9b3e5d71-2c4a-4f86-8e19-5a0c7d3b6e22';
const REPORTS = `/studio/report/api/report/projects/${PROJECT}`;
// A name no demo report carries, so a name search shows only what this file made.
const MARK = '浏览器测试';

interface Made {
  labelId: number;
  groupName: string;
  reports: { name: string; file: string; size: number }[];
}
const made = {} as Made;

/** Signs in through the API and answers a caller of the demo project's endpoints. */
async function apiAs(url: string) {
  const login = await fetch(`${url}/api/v1/user/account/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo123456' }),
  });
  const { token } = (await login.json()) as { token: string };
  const info = (await (await fetch(`${url}/api/v1/user/info/`, { headers: { Authorization: `Token ${token}` } })).json()) as { organization_uuid: string };
  const headers = { Authorization: `Token ${token}`, Organization: info.organization_uuid };
  return async <T>(path: string, body: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: isForm ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: isForm ? body : JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** A real one-page PDF whose size differs by its text. */
async function pdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(text.replace(/[^\x20-\x7e]/g, 'x'));
  return doc.save();
}

beforeAll(async () => {
  const post = await apiAs(ctx.server.url);
  const label = await post<{ id: number }>(`${REPORTS}/label/`, { name: `${MARK}标签`, origin: '报告', type: '原子标签', label_group: null });
  made.labelId = label.id;
  await post(`${REPORTS}/filter_label_setting/`, { name: `${MARK}筛选`, origin: '报告', tags: [label.id] });
  made.groupName = `${MARK}分组`;
  await post(`${REPORTS}/report_group/group_create/`, { name: made.groupName });
  made.reports = [];
  for (const [index, name] of [`${MARK}甲`, `${MARK}乙`].entries()) {
    const bytes = await pdf(`report ${index} ${'x'.repeat(200 * (index + 1))}`);
    const form = new FormData();
    const file = `${name}.pdf`;
    form.append('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), file);
    const uploaded = await post<{ url: string }>(`/api/uploader/v1/projects/${PROJECT}/file_upload/?purpose=report`, form);
    await post(`${REPORTS}/report/report_create/`, {
      name,
      create_user: 'demo',
      cover: '/covers/default-2.png',
      file: uploaded.url,
      real_file_name: file,
      labels: index === 0 ? [label.id] : [],
      group_id: -1,
    });
    made.reports.push({ name, file, size: bytes.length });
  }
});

/** Signs in and opens the report list searched for this file's reports. */
async function openMarkedReports() {
  const { page, server } = ctx;
  await page.goto(`${server.url}/`);
  await page.getByPlaceholder('手机号/用户名').fill('demo');
  await page.getByPlaceholder('密码').fill('demo123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/list/);
  await page.goto(`${server.url}/#/main/${PROJECT}/reportList`);
  await page.getByLabel('搜索').click();
  await page.getByPlaceholder('请输入报告名称').fill(MARK);
  await page.getByPlaceholder('请输入报告名称').press('Enter');
  await cardOf(made.reports[0].name).waitFor();
  await cardOf(made.reports[1].name).waitFor();
}

const cardOf = (name: string) => ctx.page.locator('.library-card', { hasText: name });

async function startSelection() {
  await ctx.page.getByRole('button', { name: '批量操作' }).click();
  return ctx.page.getByRole('toolbar', { name: '批量操作' });
}

describe('报告列表（浏览器）', () => {
  it('filters by a tag of the filter panel and resets', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const filter = page.getByRole('region', { name: '标签筛选' });
    await filter.getByText(`${MARK}标签`, { exact: true }).click();
    await filter.getByRole('button', { name: /^筛\s*选$/ }).click();
    await cardOf(made.reports[1].name).waitFor({ state: 'detached' });
    expect(await cardOf(made.reports[0].name).count()).toBe(1);
    expect(page.url()).toContain(`label_ids=${made.labelId}`);

    await filter.getByRole('button', { name: /重\s*置/ }).click();
    await cardOf(made.reports[1].name).waitFor();
  });

  it('moves a report into a group with the batch bar and shows it under that group', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const bar = await startSelection();
    await page.getByLabel(`勾选 ${made.reports[0].name}`).check();
    await bar.getByRole('combobox', { name: '目标分组' }).click();
    await page.locator('.ant-select-item-option', { hasText: made.groupName }).click();
    await bar.getByRole('button', { name: '移动到分组' }).click();
    await page.getByText('批量移动成功').waitFor();
    await bar.waitFor({ state: 'detached' });

    const panel = page.getByRole('navigation', { name: '分组' });
    const groupEntry = panel.locator('button', { hasText: made.groupName });
    await groupEntry.click();
    await page.waitForURL(/groupId=\d+/);
    await cardOf(made.reports[1].name).waitFor({ state: 'detached' });
    expect(await cardOf(made.reports[0].name).count()).toBe(1);
    expect(await groupEntry.textContent()).toBe(`${made.groupName}1`);
  });

  it('downloads two reports as reports.zip with their names and sizes', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const bar = await startSelection();
    for (const report of made.reports) await page.getByLabel(`勾选 ${report.name}`).check();
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: '下载' }).click()]);
    expect(download.suggestedFilename()).toBe('reports.zip');
    await page.getByText('浏览器准备下载').waitFor();
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    const entries = Object.values(zip.files);
    expect(entries.map((entry) => entry.name).sort()).toEqual(made.reports.map((report) => report.file).sort());
    for (const report of made.reports) expect((await zip.file(report.file)!.async('uint8array')).length).toBe(report.size);
  });

  it('deletes a report after the confirmation', async () => {
    const { page } = ctx;
    await openMarkedReports();
    const bar = await startSelection();
    await page.getByLabel(`勾选 ${made.reports[1].name}`).check();
    await bar.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '此操作将永久删除1条数据报告，是否继续操作?' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('批量删除成功!').waitFor();
    await cardOf(made.reports[1].name).waitFor({ state: 'detached' });
    expect(await cardOf(made.reports[0].name).count()).toBe(1);
  });
});
