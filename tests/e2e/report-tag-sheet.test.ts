import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read, utils, write } from 'xlsx';
import { setupBrowser } from './browser';

const ctx = setupBrowser();
const PROJECT = '9b3e5d71-2c4a-4f86-8e19-5a0c7d3b6e22';
const REPORTS = `/studio/report/api/report/projects/${PROJECT}`;
// A name no demo report carries, so a name search shows only what this file made.
const MARK = '标签表格测试';
const files = mkdtempSync(path.join(os.tmpdir(), 'report-tag-sheet-e2e-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

interface Made {
  /** Three label names of the 报告 tag pool: the first is on report 甲 at the start, the others replace it. */
  labels: [string, string, string];
  reports: { id: number; name: string }[];
}
const made = {} as Made;

/** Signs in through the API and answers GET and POST callers of the demo project's endpoints. */
async function apiAs(url: string) {
  const login = await fetch(`${url}/api/v1/user/account/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo123456' }),
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
  return {
    get: <T>(path: string) => send<T>(path, {}),
    post: <T>(path: string, body: unknown) =>
      body instanceof FormData
        ? send<T>(path, { method: 'POST', body })
        : send<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  };
}

async function pdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(text);
  return doc.save();
}

beforeAll(async () => {
  const api = await apiAs(ctx.server.url);
  const pool = await api.get<{ results: { id: number; name: string }[] }>(`${REPORTS}/label/?origin=${encodeURIComponent('报告')}`);
  expect(pool.results.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = pool.results;
  made.labels = [first.name, second.name, third.name];
  made.reports = [];
  for (const [index, name] of [`${MARK}甲`, `${MARK}乙`].entries()) {
    const file = `${name}.pdf`;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await pdf(`report ${index + 1}`))], { type: 'application/pdf' }), file);
    const uploaded = await api.post<{ url: string }>(`/api/uploader/v1/projects/${PROJECT}/file_upload/?purpose=report`, form);
    const created = await api.post<{ data: { id: number } }>(`${REPORTS}/report/report_create/`, {
      name,
      create_user: 'demo',
      cover: '/covers/default-2.png',
      file: uploaded.url,
      real_file_name: file,
      labels: index === 0 ? [first.id] : [],
      group_id: -1,
    });
    made.reports.push({ id: created.data.id, name });
  }
});

/** Signs in and opens the report list searched for this file's reports. */
async function openMarkedReports() {
  const { page, server } = ctx;
  await page.goto(`${server.url}/#/login`);
  await page.getByPlaceholder('手机号/用户名').fill('demo');
  await page.getByPlaceholder('密码', { exact: true }).fill('demo123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/list/);
  await page.goto(`${server.url}/#/main/${PROJECT}/reportList?name=${encodeURIComponent(MARK)}`);
  for (const report of made.reports) await cardOf(report.name).waitFor();
}

const cardOf = (name: string) => ctx.page.locator('.library-card', { hasText: name });
const tagsOf = (name: string) => cardOf(name).locator('.library-card__tags .ant-tag').allTextContents();

describe('报告标签表格（浏览器）', () => {
  it('exports the chosen reports’ tags, takes back an edited sheet through the preview, and shows the new tags', async () => {
    const { page } = ctx;
    const [oldTag, newTagA, newTagB] = made.labels;
    const [edited, untouched] = made.reports;
    await openMarkedReports();
    expect(await tagsOf(edited.name)).toEqual([oldTag]);

    await page.getByRole('button', { name: '批量操作' }).click();
    const bar = page.getByRole('toolbar', { name: '批量操作' });
    for (const report of made.reports) await page.getByLabel(`勾选 ${report.name}`).check();
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: '导出标签' }).click()]);
    expect(download.suggestedFilename()).toBe('报告信息导出.xlsx');
    await page.getByText('浏览器准备下载').waitFor();

    const exported = read(readFileSync((await download.path())!));
    const rows = utils.sheet_to_json<(string | number)[]>(exported.Sheets[exported.SheetNames[0]], { header: 1, defval: '' });
    expect(rows).toEqual([
      ['id', '名称', '封面', '实体', '标签'],
      [edited.id, edited.name, '/covers/default-2.png', '报告', oldTag],
      [untouched.id, untouched.name, '/covers/default-2.png', '报告', ''],
    ]);
    rows[1][4] = `${newTagA}，${newTagB}`;
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Sheet1');
    const upload = path.join(files, '报告信息导出.xlsx');
    writeFileSync(upload, write(book, { type: 'buffer', bookType: 'xlsx' }));

    await bar.getByRole('button', { name: '导入标签' }).click();
    const picker = page.locator('.ant-modal:visible', { hasText: '导入标签' });
    await picker.getByText('标签名称必须存在于报告对应的标签池中，若不存在，则无法成功匹配').waitFor();
    await picker.locator('input[type=file]').setInputFiles(upload);

    const preview = page.locator('.ant-modal:visible', { hasText: '导入预览' });
    await preview.getByText('共 2 行：更新 1 行，不变 1 行，无法导入 0 行').waitFor();
    const editedRow = preview.locator('tr', { hasText: edited.name });
    expect(await editedRow.locator('del').textContent()).toBe(oldTag);
    await editedRow.getByText(`${newTagA}，${newTagB}`, { exact: true }).waitFor();
    await editedRow.getByText('更新', { exact: true }).waitFor();
    await preview.locator('tr', { hasText: untouched.name }).getByText('不变', { exact: true }).waitFor();
    if (process.env.TAG_SHEET_SCREENSHOT) await preview.locator('.ant-modal-content').screenshot({ path: process.env.TAG_SHEET_SCREENSHOT });

    await preview.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('导入成功').waitFor();
    await preview.waitFor({ state: 'detached' });
    await cardOf(edited.name).getByText(newTagB, { exact: true }).waitFor();
    expect((await tagsOf(edited.name)).sort()).toEqual([newTagA, newTagB].sort());
    expect(await tagsOf(untouched.name)).toEqual([]);

    // The tags are stored, not only shown: a fresh visit of the list shows them too.
    await page.reload();
    await cardOf(edited.name).getByText(newTagA, { exact: true }).waitFor();
    expect((await tagsOf(edited.name)).sort()).toEqual([newTagA, newTagB].sort());
  });
});
