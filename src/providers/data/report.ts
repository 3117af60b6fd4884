import type { BaseRecord, DataProvider, GetListParams, GetListResponse, HttpError } from '@refinedev/core';
import { config } from '../../config';
import { reportClient } from '../http';
import { customRequest, resolveEndpoint, send } from './endpoint';
import { filterParams, sortKeys } from './params';

/** `{code, message, data}`; lists carry `result: {data, pageNo, pageSize, total}`. */
interface Envelope<T> {
  code?: number;
  message?: string;
  data?: T;
  result?: { data: T; pageNo: number; pageSize: number; total: number };
  total?: number;
  total_report_number?: number;
}

/** A 200 answer whose code says it failed becomes an error carrying the server's message. */
function unwrap<T>(body: Envelope<T>): Envelope<T> {
  if (typeof body?.code === 'number' && body.code !== 200 && body.code !== 201) {
    const error: HttpError = { message: body.message ?? '', statusCode: body.code };
    throw error;
  }
  return body;
}

async function call<T>(request: Promise<{ data: Envelope<T> }>): Promise<T> {
  const body = unwrap(await send(request));
  return (body?.data ?? body) as T;
}

/**
 * The report service: pageNo/pageSize paging, the sort key as the value of its own
 * field (`created_at=-created_at`), comma-joined ids for batch actions.
 */
export const reportDataProvider = (client = reportClient): DataProvider => ({
  getApiUrl: () => config.reportBase,

  getList: async <TData extends BaseRecord>({
    resource,
    pagination,
    filters,
    sorters,
    meta,
  }: GetListParams): Promise<GetListResponse<TData>> => {
    const params: Record<string, string | number> = { ...filterParams(filters) };
    if (pagination?.mode !== 'off') {
      params.pageNo = pagination?.current ?? 1;
      params.pageSize = pagination?.pageSize ?? 10;
    }
    for (const key of sortKeys(sorters)) params[key.replace(/^-/, '')] = key;
    const url = resolveEndpoint(resource, 'list', meta);
    const body = unwrap(await send(client.get<Envelope<TData[]>>(url, { params })));
    const data = body.result?.data ?? body.data ?? [];
    return { data, total: body.result?.total ?? body.total ?? data.length };
  },

  getOne: async ({ resource, id, meta }) => ({
    data: await call(client.get(resolveEndpoint(resource, 'one', meta, id))),
  }),

  create: async ({ resource, variables, meta }) => ({
    data: await call(client.post(resolveEndpoint(resource, 'create', meta), variables)),
  }),

  createMany: async ({ resource, variables, meta }) => ({
    data: await call(client.post(resolveEndpoint(resource, 'createMany', meta), variables)),
  }),

  update: async ({ resource, id, variables, meta }) => ({
    data: await call(
      client.request({
        url: resolveEndpoint(resource, 'update', meta, id),
        method: (meta?.method as string | undefined) ?? 'put',
        data: { id, ...(variables as object) },
      }),
    ),
  }),

  deleteOne: async ({ resource, id, meta }) => ({
    data: await call(client.delete(resolveEndpoint(resource, 'deleteOne', meta, id))),
  }),

  deleteMany: async ({ resource, ids, meta }) => ({
    data: await call(client.post(resolveEndpoint(resource, 'deleteMany', meta), { ids: ids.join(',') })),
  }),

  custom: customRequest(client),
});
