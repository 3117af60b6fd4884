import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { serveConnections } from './connection-fixtures';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openScreen, signIn } from './render';

const slow = 60_000;
const browserAt = '#/projectSetting/p-1/connectionBrowser?connection_id=7';
const base = '*/api/connection/projects/p-1';

/** The 查询 tab's server: what the app sent, and an answer or refusal per statement. */
function serveQueries() {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.post(`${base}/query/`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (String(body.sql).startsWith('delete')) {
        return HttpResponse.json({ code: 40000, message: '只能运行只读查询（SELECT、WITH、VALUES、TABLE、SHOW、EXPLAIN），不能运行 DELETE 语句' }, { status: 400 });
      }
      if (String(body.sql).includes('pg_sleep')) {
        await delay(20_000);
        return HttpResponse.json({ columns: [{ name: 'pg_sleep' }], rows: [['']], truncated: false, elapsed_ms: 20_000 });
      }
      return HttpResponse.json({
        columns: [{ name: 'id' }, { name: 'name' }, { name: 'id' }],
        rows: [
          [1, '东湖区', 10],
          [2, '西山区', null],
        ],
        truncated: false,
        elapsed_ms: 12,
      });
    }),
  );
  return { sent };
}

async function openTable(name: RegExp) {
  const { user } = openScreen(browserAt);
  await user.click(await screen.findByRole('menuitem', { name }, { timeout: 30_000 }));
  return user;
}

describe('数据连接 · 浏览 · 查询', () => {
  it('runs a statement and shows its columns, rows and time; a refusal shows the server’s Chinese message', async () => {
    serveProject(adminDetails);
    serveConnections();
    const { sent } = serveQueries();
    signIn();
    const user = await openTable(/street/);
    await user.click(screen.getByRole('tab', { name: '查询' }));
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select r.id, r.name, b.id from district r');
    await user.click(screen.getByRole('button', { name: /运\s*行/ }));
    expect(await screen.findByText('东湖区')).toBeInTheDocument();
    expect(sent[0]).toEqual({ connection_id: 7, database_name: 'city', schema_name: 'public', sql: 'select r.id, r.name, b.id from district r', limit: 1000 });
    expect(screen.getByText('用时 12 毫秒，共 2 行')).toBeInTheDocument();
    // Both columns named id are shown, each with its own values.
    expect(screen.getAllByText('id', { selector: 'th, th *' }).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('10')).toBeInTheDocument();
    expect(screen.getByText('NULL')).toBeInTheDocument();

    const editor = screen.getByRole('textbox', { name: 'SQL' });
    await user.clear(editor);
    await user.type(editor, 'delete from district');
    await user.click(screen.getByRole('button', { name: /运\s*行/ }));
    expect(await screen.findByText('只能运行只读查询（SELECT、WITH、VALUES、TABLE、SHOW、EXPLAIN），不能运行 DELETE 语句')).toBeInTheDocument();
  }, slow);

  it('取消 aborts a running statement', async () => {
    serveProject(adminDetails);
    serveConnections();
    serveQueries();
    signIn();
    const user = await openTable(/street/);
    await user.click(screen.getByRole('tab', { name: '查询' }));
    await user.type(screen.getByRole('textbox', { name: 'SQL' }), 'select pg_sleep(60)');
    await user.click(screen.getByRole('button', { name: /运\s*行/ }));
    const cancel = screen.getByRole('button', { name: /取\s*消/ });
    await waitFor(() => expect(cancel).toBeEnabled());
    await user.click(cancel);
    // The request ends at once (the server would cancel the statement when the client goes away).
    expect(await screen.findByText('查询已取消')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeDisabled();
    expect(screen.queryByText('pg_sleep', { selector: 'th, th *' })).not.toBeInTheDocument();
  }, slow);
});

describe('数据连接 · 浏览 · 数据的筛选', () => {
  it('filters on the server by a column with the ops its type takes, and shows the filters as tags', async () => {
    serveProject(adminDetails);
    const calls = serveConnections();
    signIn();
    const user = await openTable(/street/);
    // The table picker shows the catalogue's estimates as such.
    expect(screen.getByText('约 25 行')).toBeInTheDocument();
    expect(screen.getByText('约 12.5 万行')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '数据' }));
    expect(await screen.findByText('街道1')).toBeInTheDocument();
    expect(calls.records[0].get('count')).toBe('estimate');

    await user.click(screen.getByRole('combobox', { name: '筛选列' }));
    await user.click(await screen.findByText('id', { selector: '.ant-select-item-option-content' }));
    // A number takes comparisons, not 包含.
    await user.click(screen.getByRole('combobox', { name: '筛选方式' }));
    expect(await screen.findByText('大于', { selector: '.ant-select-item-option-content' })).toBeInTheDocument();
    expect(screen.queryByText('包含', { selector: '.ant-select-item-option-content' })).not.toBeInTheDocument();
    await user.click(screen.getByText('大于等于', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByRole('textbox', { name: '筛选值' }), '5');
    await user.click(screen.getByRole('button', { name: '添加筛选' }));
    await waitFor(() => expect(calls.records.at(-1)?.get('filters')).toBe(JSON.stringify([{ column: 'id', op: 'gte', value: '5' }])));
    expect(screen.getByText('id 大于等于 5')).toBeInTheDocument();
    expect(calls.records.at(-1)?.get('offset')).toBe('0');

    await user.click(screen.getByRole('combobox', { name: '筛选列' }));
    await user.click(await screen.findByText('name', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByRole('textbox', { name: '筛选值' }), '街道{Enter}');
    await waitFor(() =>
      expect(JSON.parse(calls.records.at(-1)?.get('filters') ?? '[]')).toEqual([
        { column: 'id', op: 'gte', value: '5' },
        { column: 'name', op: 'contains', value: '街道' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(calls.records.at(-1)?.get('filters')).toBeNull());
  }, slow);

  it('marks an estimated count with 约, and opens the row a foreign key references', async () => {
    serveProject(adminDetails);
    const calls = serveConnections();
    server.use(
      http.get(`${base}/records/`, async ({ request }) => {
        const query = new URL(request.url).searchParams;
        calls.records.push(query);
        await delay(10);
        if (query.get('table_name') === 'district') {
          return HttpResponse.json({
            count: 1,
            next: null,
            previous: null,
            count_estimated: false,
            results: [{ id: 1, name: '东湖区' }],
            columns: [
              { name: 'id', type: 'integer' },
              { name: 'name', type: 'text' },
            ],
          });
        }
        return HttpResponse.json({
          count: 125_000,
          next: null,
          previous: null,
          count_estimated: true,
          results: [{ id: 1, district_id: 3, name: '街道1' }],
          columns: [
            { name: 'id', type: 'integer' },
            { name: 'district_id', type: 'integer' },
            { name: 'name', type: 'text' },
          ],
        });
      }),
    );
    signIn();
    const user = await openTable(/street/);
    await user.click(screen.getByRole('tab', { name: '数据' }));
    expect(await screen.findByText('约 125000 条（估计值）')).toBeInTheDocument();
    const row = (await screen.findByText('街道1')).closest('tr')!;
    const link = within(row).getByTitle('打开 district 中被引用的行');
    expect(link).toHaveTextContent('3');
    await user.click(link);
    await waitFor(() => expect(calls.records.at(-1)?.get('table_name')).toBe('district'));
    expect(JSON.parse(calls.records.at(-1)?.get('filters') ?? '[]')).toEqual([{ column: 'id', op: 'eq', value: 3 }]);
    expect(await screen.findByText('id 等于 3')).toBeInTheDocument();
    expect(await screen.findByText('东湖区')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /district/ })).toHaveClass('ant-menu-item-selected');
  }, slow);
});

describe('数据连接 · 浏览 · 导出 CSV', () => {
  it('downloads the filtered records as the server streams them, showing the rows so far', async () => {
    serveProject(adminDetails);
    const calls = serveConnections();
    const exports: URLSearchParams[] = [];
    let finish: () => void = () => undefined;
    server.use(
      http.get(`${base}/records/export/`, ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode('\uFEFFid,name\r\n'));
            controller.enqueue(encoder.encode(Array.from({ length: 7 }, (_, i) => `${i + 1},"街道,${i + 1}"\r\n`).join('')));
            await new Promise<void>((resolve) => (finish = resolve));
            controller.enqueue(encoder.encode('8,街道8\r\n'));
            controller.close();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    signIn();
    const user = await openTable(/street/);
    await user.click(screen.getByRole('tab', { name: '数据' }));
    expect(await screen.findByText('街道1')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '筛选列' }));
    await user.click(await screen.findByText('name', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByRole('textbox', { name: '筛选值' }), '街道{Enter}');
    await waitFor(() => expect(calls.records.at(-1)?.get('filters')).not.toBeNull());

    await user.click(screen.getByRole('button', { name: /导出 CSV/ }));
    // A quoted comma is no new row: 7 rows so far, of the 25 the table has.
    expect(await screen.findByText('已导出 7 行')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '28');
    expect(exports[0].get('table_name')).toBe('street');
    expect(JSON.parse(exports[0].get('filters') ?? '[]')).toEqual([{ column: 'name', op: 'contains', value: '街道' }]);
    expect(exports[0].get('connection_id')).toBe('7');
    finish();
    await waitFor(() => expect(clicked).toEqual(['street.csv']));
    // The progress goes in the render after the download; on a busy machine that render comes later.
    await waitFor(() => expect(screen.queryByText(/已导出/)).not.toBeInTheDocument());
    const text = new TextDecoder().decode(await saved[0].arrayBuffer());
    expect(text.split('\r\n')).toHaveLength(10);
  }, slow);
});
