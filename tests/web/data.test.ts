import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { collectionOperations } from '../../src/providers/data/endpoint';
import { platformDataProvider } from '../../src/providers/data/platform';
import { reportDataProvider } from '../../src/providers/data/report';
import { server } from './msw';

const reports = {
  list: 'getReportProjectsByProjectIdReportReportList',
  one: 'getReportProjectsByProjectIdReportById',
  create: 'postReportProjectsByProjectIdReportReportCreate',
  update: 'putReportProjectsByProjectIdReportReportEdit',
  deleteMany: 'postReportProjectsByProjectIdReportBatchDelete',
} as const;
const connections = { projectId: 'p-1', endpoints: collectionOperations('ConnectionProjectsByProjectUuidConnections') };

describe('platform data provider (DRF)', () => {
  const provider = platformDataProvider();

  it('pages with limit/offset, filters, orders and reads {count, results}', async () => {
    let query = '';
    server.use(
      http.get('*/api/connection/projects/p-1/connections/', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ count: 12, next: null, previous: null, results: [{ id: 1 }] });
      }),
    );
    const page = await provider.getList({
      resource: 'connections',
      pagination: { current: 2, pageSize: 5 },
      filters: [{ field: 'search', operator: 'eq', value: '体检' }],
      sorters: [{ field: 'created_at', order: 'desc' }],
      meta: connections,
    });
    expect(page).toEqual({ data: [{ id: 1 }], total: 12 });
    expect(new URLSearchParams(query).toString()).toBe(
      new URLSearchParams({ limit: '5', offset: '5', search: '体检', ordering: '-created_at' }).toString(),
    );
  });

  it('reads and changes one record under its id with a trailing slash, by the methods its operations name', async () => {
    server.use(
      http.get('*/api/connection/projects/p-1/connections/7/', () => HttpResponse.json({ id: 7, name: '七' })),
      http.patch('*/api/connection/projects/p-1/connections/7/', async ({ request }) => HttpResponse.json({ id: 7, ...((await request.json()) as object) })),
      http.delete('*/api/connection/projects/p-1/connections/7/', () => new HttpResponse(null, { status: 204 })),
    );
    const meta = connections;
    expect((await provider.getOne({ resource: 'connections', id: 7, meta })).data).toEqual({ id: 7, name: '七' });
    const updated = await provider.update({ resource: 'connections', id: 7, variables: { name: '柒' }, meta });
    expect(updated.data).toEqual({ id: 7, name: '柒' });
    await expect(provider.deleteOne({ resource: 'connections', id: 7, meta })).resolves.toBeDefined();
  });
});

describe('report data provider', () => {
  const provider = reportDataProvider();

  it('pages with pageNo/pageSize, sorts by created_at and reads result.data', async () => {
    let params = new URLSearchParams();
    server.use(
      http.get('*/studio/report/api/report/projects/p-1/report/report_list/', ({ request }) => {
        params = new URL(request.url).searchParams;
        return HttpResponse.json({ code: 200, result: { data: [{ id: 3 }], pageNo: 1, pageSize: 10, total: 31 } });
      }),
    );
    const page = await provider.getList({
      resource: 'reports',
      pagination: { current: 1, pageSize: 10 },
      filters: [
        { field: 'group_id', operator: 'eq', value: 4 },
        { field: 'label_ids', operator: 'in', value: [1, 2] },
      ],
      sorters: [{ field: 'created_at', order: 'desc' }],
      meta: { projectId: 'p-1', endpoints: reports },
    });
    expect(page).toEqual({ data: [{ id: 3 }], total: 31 });
    expect(Object.fromEntries(params)).toEqual({
      pageNo: '1',
      pageSize: '10',
      group_id: '4',
      label_ids: '1,2',
      created_at: '-created_at',
    });
  });

  it('unwraps {code, data}, puts the id in edits and joins ids for batch deletes', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/report/9/', () => HttpResponse.json({ code: 200, message: 'ok', data: { id: 9, name: '报告' } })),
      http.put('*/report/report_edit/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ code: 200, message: 'ok', data: { id: 9 } });
      }),
      http.post('*/report/batch_delete/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ code: 200, message: '批量删除成功!' });
      }),
    );
    const meta = { projectId: 'p-1', endpoints: reports };
    expect((await provider.getOne({ resource: 'reports', id: 9, meta })).data).toEqual({ id: 9, name: '报告' });
    await provider.update({ resource: 'reports', id: 9, variables: { name: '新名' }, meta });
    await provider.deleteMany!({ resource: 'reports', ids: [1, 2, 3], meta });
    expect(bodies).toEqual([{ id: 9, name: '新名' }, { ids: '1,2,3' }]);
  });

  it('turns a failing code in a 200 answer into an error with the server message', async () => {
    server.use(
      http.post('*/report/report_create/', () => HttpResponse.json({ code: 400, message: '报告名称已存在' })),
    );
    await expect(
      provider.create({ resource: 'reports', variables: { name: '重复' }, meta: { projectId: 'p-1', endpoints: reports } }),
    ).rejects.toEqual({ message: '报告名称已存在', statusCode: 400 });
  });
});

describe('endpoints', () => {
  const members = {
    projectId: 'p-1',
    endpoints: { list: 'getProjectProjectsByProjectUuidMembers', update: 'patchProjectProjectsMembersById', deleteMany: 'postProjectProjectsMembersBatchDelete' },
  } as const;

  it('fills the project and the record id into the path of the operation each action names', async () => {
    const sent: string[] = [];
    server.use(
      http.get('*/api/project/v1/projects/p-1/members/', ({ request }) => (sent.push(`GET ${new URL(request.url).pathname}`), HttpResponse.json([]))),
      http.patch('*/api/project/v1/projects/members/12/', ({ request }) => (sent.push(`PATCH ${new URL(request.url).pathname}`), HttpResponse.json({ id: 12 }))),
    );
    await platformDataProvider().getList({ resource: 'projectMembers', meta: members });
    await platformDataProvider().update({ resource: 'projectMembers', id: 12, variables: { role: 1 }, meta: members });
    expect(sent).toEqual(['GET /api/project/v1/projects/p-1/members/', 'PATCH /api/project/v1/projects/members/12/']);
    await expect(platformDataProvider().deleteOne({ resource: 'projectMembers', id: 12, meta: members })).rejects.toThrow('The resource projectMembers has no deleteOne operation');
  });

  it('posts batch deletes of the platform as an array of ids', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/project/v1/projects/members/batch_delete/', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await platformDataProvider().deleteMany!({ resource: 'projectMembers', ids: [3, 4], meta: members });
    expect(body).toEqual({ ids: [3, 4] });
  });

  it('refuses, sending nothing, a path or body without a parameter its operation requires', async () => {
    let sent = false;
    server.use(http.post('*/oa_result/projects/:projectId/report/generate/', () => ((sent = true), HttpResponse.json({ code: 200, data: {} }))));
    const jobs = { endpoints: { create: 'postOaResultProjectsByProjectIdReportGenerate' } } as const;
    const body = { connection_id: 1, data_list: [], database_name: 'd', level: 1, level_label: '市', report_group_id: 2, report_project_uuid: 'p-1', report_type: 1, schema_name: 's' };
    const start = (meta: object, variables: object) => reportDataProvider().create({ resource: 'resultJobs', variables, meta });
    await expect(start(jobs, body)).rejects.toThrow("Missing the required parameter 'projectId' when calling postOaResultProjectsByProjectIdReportGenerate");
    await expect(start({ ...jobs, projectId: 'p-1' }, { ...body, level: null })).rejects.toThrow(
      "Missing the required parameter 'level' when calling postOaResultProjectsByProjectIdReportGenerate",
    );
    expect(sent).toBe(false);
    await start({ ...jobs, projectId: 'p-1' }, body);
    expect(sent).toBe(true);
  });
});
