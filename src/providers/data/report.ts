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

/** A list's query: its filters, its page (label lists by limit/offset, item lists by pageNo/pageSize) and its sort keys. */
export function reportListQuery({ pagination, filters, sorters }: Pick<GetListParams, 'pagination' | 'filters' | 'sorters'>, byOffset = false) {
  const params: Record<string, unknown> = { ...filterParams(filters) };
  if (pagination?.mode !== 'off') {
    const { current = 1, pageSize = 10 } = pagination ?? {};
    if (byOffset) Object.assign(params, { limit: pageSize, offset: (current - 1) * pageSize });
    else Object.assign(params, { pageNo: current, pageSize });
  }
  for (const key of sortKeys(sorters)) params[key.replace(/^-/, '')] = key;
  return params;
}

/** The rows and total of a list answer, in either of the service's list shapes. */
export function reportListPage<T>(body: unknown): { data: T[]; total: number } {
  const { result, results, data, count, total } = (body ?? {}) as Envelope<T[]>;
  const rows = result?.data ?? results ?? data ?? [];
  return { data: rows, total: result?.total ?? count ?? total ?? rows.length };
}

/**
 * The report service: pageNo/pageSize paging, the sort key as the value of its own
 * field (`created_at=-created_at`), comma-joined ids for batch actions.
 */
export const reportDataProvider = (client = reportClient): DataProvider => ({
  getApiUrl: () => config.reportBase,

  getList: async <TData extends BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams): Promise<GetListResponse<TData>> => {
    const params = reportListQuery({ pagination, filters, sorters }, meta?.paging === 'offset');
    const url = resolveEndpoint(resource, 'list', meta);
    return reportListPage(await send(client.get<Envelope<TData[]>>(url, { params, ...requestOptions(meta) })));
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
