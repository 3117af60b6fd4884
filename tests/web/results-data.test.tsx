import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WarehouseCheck } from '../../contract/results';
import { server } from './msw';
import { adminDetails, serveProject, visitorDetails } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';

// The first screen of a file arrives slowly on a busy machine (lazy routes are transformed on first use).
const slow = 60_000;
const connectionBase = '*/api/connection/projects/p-1';
const reportBase = '*/studio/report/api/report/projects/p-1';
const at = '2024-03-05 10:00:00';
/** msw's demo project reads from connection 1, database demo, schema public. */
const connectionList = [
  { id: 1, name: '示例数据仓库', drivername: 'builtin', host: '内置', port: 0, username: 'readonly', database: 'demo', created_at: at, updated_at: at },
  { id: 7, name: '城市数据库', drivername: 'postgresql', host: '10.0.0.5', port: 5432, username: 'reader', database: 'city', created_at: at, updated_at: at },
];
const table = (name: string, label: string, rows: number | null, present = true, missing_columns: string[] = []) => ({ name, label, present, missing_columns, rows });
const ready: WarehouseCheck = {
  ready: true,
  missing: [],
  tables: [table('investigation_scope', '调查范围', 1000), table('indicator_catalogue', '指标目录', 96), table('indicator_value', '指标值', null)],
};
const partial: WarehouseCheck = {
  ready: false,
  missing: ['表 investigation_scope 缺少列 楼栋号', '缺少表 indicator_value（指标值）'],
  tables: [table('investigation_scope', '调查范围', null, true, ['楼栋号']), table('indicator_catalogue', '指标目录', 96), table('indicator_value', '指标值', null, false)],
};

/** The connections, their databases and schemas, and the check: `public` is ready, `audit` lacks tables, `lost` is unreachable. */
function serveSource() {
  const calls = { checks: [] as Record<string, string>[], saved: [] as unknown[] };
  server.use(
    http.get(`${connectionBase}/connections/`, () => HttpResponse.json({ count: 2, next: null, previous: null, results: connectionList })),
    http.get(`${connectionBase}/databases/`, ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('connection_id') === '7' ? [{ name: 'city' }, { name: 'postgres' }] : [{ name: 'demo' }]),
    ),
    http.get(`${connectionBase}/schemas/`, () => HttpResponse.json([{ name: 'audit' }, { name: 'lost' }, { name: 'public' }])),
    http.get(`${reportBase}/warehouse/check/`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      calls.checks.push(query);
      if (query.schema_name === 'lost') return HttpResponse.json({ code: 40000, message: '无法连接到数据库服务器，请检查主机、端口和网络设置' }, { status: 400 });
      return HttpResponse.json({ code: 200, message: 'ok', data: query.schema_name === 'public' ? ready : partial });
    }),
    http.put(`${reportBase}/warehouse/source/`, async ({ request }) => {
      const body = await request.json();
      calls.saved.push(body);
      return HttpResponse.json({ code: 200, message: '保存成功', data: { extra_info: body, check: ready } });
    }),
  );
  return calls;
}

/** Picks an option of an antd select by its label. */
async function choose(user: ReturnType<typeof openApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('成果数据', () => {
  it('shows the current source and finds it ready, with the rows counted', async () => {
    serveProject(adminDetails);
    const calls = serveSource();
    signIn();
    openApp('#/projectSetting/p-1/resultsData');
    const current = (await screen.findByText('当前数据来源', {}, { timeout: 30_000 })).closest('.ant-descriptions') as HTMLElement;
    expect(await within(current).findByText('示例数据仓库')).toBeInTheDocument();
    expect(within(current).getByText('demo')).toBeInTheDocument();
    expect(within(current).getByText('public')).toBeInTheDocument();
    expect(await screen.findByText('已就绪')).toBeInTheDocument();
    expect(screen.getByText(/调查范围 1000 行，指标目录 96 行/)).toBeInTheDocument();
    expect(calls.checks[0]).toEqual({ connection_id: '1', database_name: 'demo', schema_name: 'public' });
    // Nothing changed: nothing to save.
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: '成果数据' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '导入区域与指标' })).toBeInTheDocument();
  }, slow);

  it('lists what a schema lacks, and saves a ready one of another connection', async () => {
    serveProject(adminDetails);
    const calls = serveSource();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/resultsData');
    await screen.findByText('已就绪', {}, { timeout: 30_000 });
    await choose(user, '数据连接', '城市数据库');
    // The connection's own database is chosen with it; the schema is to be chosen.
    await waitFor(() => expect(screen.getByText('city', { selector: '.ant-select-selection-item' })).toBeInTheDocument());
    expect(screen.getByText('选择数据连接、数据库与 schema 后将自动检查所需的表与列')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await choose(user, 'Schema', 'audit');
    const missing = await screen.findByRole('list', { name: '缺少的表与列' });
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['表 investigation_scope 缺少列 楼栋号', '缺少表 indicator_value（指标值）']);
    expect(screen.getByText('数据不完整，不能保存')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await choose(user, 'Schema', 'public');
    await screen.findByText('已就绪');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(calls.saved).toEqual([{ connection_id: 7, database_name: 'city', schema_name: 'public' }]);
  }, slow);

  it('shows why a source cannot be checked in place', async () => {
    serveProject(adminDetails);
    serveSource();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/resultsData');
    await screen.findByText('已就绪', {}, { timeout: 30_000 });
    await choose(user, 'Schema', 'lost');
    expect(await screen.findByText('无法检查数据')).toBeInTheDocument();
    expect(screen.getByText('无法连接到数据库服务器，请检查主机、端口和网络设置')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  }, slow);

  it('is not offered to a visitor', async () => {
    serveProject(visitorDetails, '访客');
    serveSource();
    signIn();
    openApp('#/projectSetting/p-1/resultsData');
    await waitFor(() => expect(window.location.hash).not.toContain('resultsData'), { timeout: 30_000 });
    expect(screen.queryByRole('menuitem', { name: '成果数据' })).not.toBeInTheDocument();
  }, slow);
});
