import type { BaseRecord, DataProvider, GetListParams, GetListResponse } from '@refinedev/core';
import { config } from '../../config';
import { reportClient } from '../report-client';
import { customRequest, sendAction } from './endpoint';
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

/** The answer's `data`, or the body itself where the service answers without the envelope. */
const unwrap = <T>(body: unknown): T => ((body as Envelope<T> | undefined)?.data ?? body) as T;

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
    return reportListPage(await sendAction(client, { resource, action: 'list', meta, params }));
  },

  getOne: async ({ resource, id, meta }) => ({ data: unwrap(await sendAction(client, { resource, action: 'one', meta, id })) }),

  create: async ({ resource, variables, meta }) => ({ data: unwrap(await sendAction(client, { resource, action: 'create', meta, body: variables })) }),

  createMany: async ({ resource, variables, meta }) => ({ data: unwrap(await sendAction(client, { resource, action: 'createMany', meta, body: variables })) }),

  update: async ({ resource, id, variables, meta }) => ({
    data: unwrap(await sendAction(client, { resource, action: 'update', meta, id, body: { id, ...(variables as object) } })),
  }),

  deleteOne: async ({ resource, id, meta }) => ({ data: unwrap(await sendAction(client, { resource, action: 'deleteOne', meta, id })) }),

  deleteMany: async ({ resource, ids, meta }) => ({
    data: unwrap(await sendAction(client, { resource, action: 'deleteMany', meta, body: { ids: ids.join(',') } })),
  }),

  custom: customRequest(client),
});
