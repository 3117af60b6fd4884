import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { platformDataProvider } from '../../src/providers/data/platform';
import { reportDataProvider } from '../../src/providers/data/report';
import { server } from './msw';

const reportBase = '/studio/report/api/report/projects/:projectId/';
const reports = {
  list: `${reportBase}report/report_list/`,
  one: `${reportBase}report/:id/`,
  create: `${reportBase}report/report_create/`,
  update: `${reportBase}report/report_edit/`,
  deleteMany: `${reportBase}report/batch_delete/`,
};

describe('platform data provider (DRF)', () => {
  const provider = platformDataProvider();

  it('pages with limit/offset, filters, orders and reads {count, results}', async () => {
    let query = '';
    server.use(
      http.get('*/api/things/', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ count: 12, next: null, previous: null, results: [{ id: 1 }] });
      }),
    );
    const page = await provider.getList({
      resource: 'things',
      pagination: { current: 2, pageSize: 5 },
      filters: [{ field: 'search', operator: 'eq', value: '体检' }],
      sorters: [{ field: 'created_at', order: 'desc' }],
      meta: { endpoints: { list: '/api/things/' } },
    });
    expect(page).toEqual({ data: [{ id: 1 }], total: 12 });
    expect(new URLSearchParams(query).toString()).toBe(
      new URLSearchParams({ limit: '5', offset: '5', search: '体检', ordering: '-created_at' }).toString(),
    );
  });

  it('reads and changes one record under its id with a trailing slash', async () => {
    server.use(
      http.get('*/api/things/7/', () => HttpResponse.json({ id: 7, name: '七' })),
      http.patch('*/api/things/7/', async ({ request }) => HttpResponse.json({ id: 7, ...((await request.json()) as object) })),
      http.delete('*/api/things/7/', () => new HttpResponse(null, { status: 204 })),
    );
    const meta = { endpoints: { list: '/api/things/' } };
    expect((await provider.getOne({ resource: 'things', id: 7, meta })).data).toEqual({ id: 7, name: '七' });
    const updated = await provider.update({ resource: 'things', id: 7, variables: { name: '柒' }, meta });
    expect(updated.data).toEqual({ id: 7, name: '柒' });
    await expect(provider.deleteOne({ resource: 'things', id: 7, meta })).resolves.toBeDefined();
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
  it('sends item actions to the record’s own endpoint when the list lives elsewhere', async () => {
    const { resolveEndpoint } = await import('../../src/providers/data/endpoint');
    const meta = { projectId: 'p-1', endpoints: { list: '/api/p/:projectId/members/', one: '/api/p/members/:id/' } };
    expect(resolveEndpoint('members', 'list', meta)).toBe('/api/p/p-1/members/');
    expect(resolveEndpoint('members', 'update', meta, 12)).toBe('/api/p/members/12/');
    expect(resolveEndpoint('members', 'deleteOne', meta, 12)).toBe('/api/p/members/12/');
    expect(resolveEndpoint('things', 'update', { endpoints: { list: '/api/things/' } }, 7)).toBe('/api/things/7/');
  });

  it('posts batch deletes of the platform as an array of ids', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/p/members/batch_delete/', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await platformDataProvider().deleteMany!({
      resource: 'members',
      ids: [3, 4],
      meta: { endpoints: { deleteMany: '/api/p/members/batch_delete/' } },
    });
    expect(body).toEqual({ ids: [3, 4] });
  });

  it('refuses, sending nothing, a body without a parameter its documented operation requires', async () => {
    let sent = false;
    server.use(http.put('*/api/project/v1/projects/roles/:id/menus/', () => ((sent = true), HttpResponse.json({}))));
    const save = (payload: object) =>
      platformDataProvider().custom!({ url: '/api/project/v1/projects/roles/:id/menus/', method: 'put', payload, meta: { id: 5 } });
    await expect(save({ menus: null })).rejects.toThrow("Missing the required parameter 'menus' when calling putProjectProjectsRolesByIdMenus");
    expect(sent).toBe(false);
    await save({ menus: [] });
    expect(sent).toBe(true);
  });
});
