import type { BaseRecord, DataProvider, GetListParams, GetListResponse } from '@refinedev/core';
import { config } from '../../config';
import { reportClient } from '../report-client';
import { customRequest, requestOptions, resolveEndpoint, send } from './endpoint';
import { filterParams, sortKeys } from './params';

/**
 * `{code, message, data}`; item lists carry `result: {data, pageNo, pageSize, total}`, label lists
 * answer like DRF (`{count, results}`). A failing `code` never gets here: the client refuses it.
 */
interface Envelope<T> {
  data?: T;
  result?: { data: T; total: number };
  results?: T;
  count?: number;
  total?: number;
}

async function call<T>(request: Promise<{ data: Envelope<T> }>): Promise<T> {
  const body = await send(request);
  return (body?.data ?? body) as T;
}

/**
 * The report service: pageNo/pageSize paging, the sort key as the value of its own
 * field (`created_at=-created_at`), comma-joined ids for batch actions.
 */
export const reportDataProvider = (client = reportClient): DataProvider => ({
  getApiUrl: () => config.reportBase,

  getList: async <TData extends BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams): Promise<GetListResponse<TData>> => {
    const params: Record<string, unknown> = { ...filterParams(filters) };
    if (pagination?.mode !== 'off') {
      const { current = 1, pageSize = 10 } = pagination ?? {};
      // Label lists page by limit/offset, item lists by pageNo/pageSize.
      if (meta?.paging === 'offset') Object.assign(params, { limit: pageSize, offset: (current - 1) * pageSize });
      else Object.assign(params, { pageNo: current, pageSize });
    }
    for (const key of sortKeys(sorters)) params[key.replace(/^-/, '')] = key;
    const url = resolveEndpoint(resource, 'list', meta);
    const body = await send(client.get<Envelope<TData[]>>(url, { params, ...requestOptions(meta) }));
    const data = body.result?.data ?? body.results ?? body.data ?? [];
    return { data, total: body.result?.total ?? body.count ?? body.total ?? data.length };
  },

  getOne: async ({ resource, id, meta }) => ({
    data: await call(client.get(resolveEndpoint(resource, 'one', meta, id), requestOptions(meta))),
  }),

  create: async ({ resource, variables, meta }) => ({
    data: await call(client.post(resolveEndpoint(resource, 'create', meta), variables, requestOptions(meta))),
  }),

  createMany: async ({ resource, variables, meta }) => ({
    data: await call(client.post(resolveEndpoint(resource, 'createMany', meta), variables, requestOptions(meta))),
  }),

  update: async ({ resource, id, variables, meta }) => ({
    data: await call(
      client.request({
        url: resolveEndpoint(resource, 'update', meta, id),
        method: (meta?.method as string | undefined) ?? 'put',
        data: { id, ...(variables as object) },
        ...requestOptions(meta),
      }),
    ),
  }),

  deleteOne: async ({ resource, id, meta }) => ({
    data: await call(client.delete(resolveEndpoint(resource, 'deleteOne', meta, id), requestOptions(meta))),
  }),

  deleteMany: async ({ resource, ids, meta }) => ({
    data: await call(client.post(resolveEndpoint(resource, 'deleteMany', meta), { ids: ids.join(',') }, requestOptions(meta))),
  }),

  custom: customRequest(client),
});
