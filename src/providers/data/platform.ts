import type { BaseRecord, DataProvider, GetListParams, GetListResponse, GetManyParams } from '@refinedev/core';
import { config } from '../../config';
import { platformClient } from '../http';
import { customRequest, sendAction } from './endpoint';
import { filterParams, sortKeys } from './params';

interface DrfPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * The platform service speaks Django REST framework: limit/offset paging,
 * `{count, next, previous, results}` lists, `ordering`, trailing slashes, 204 deletes.
 * @refinedev/simple-rest's URL scheme (`_start`/`_end`, no trailing slash, x-total-count)
 * differs in every method, so this provider shares only its contract.
 */
export const platformDataProvider = (client = platformClient): DataProvider => ({
  getApiUrl: () => config.apiBase,

  getList: async <TData extends BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams): Promise<GetListResponse<TData>> => {
    const params: Record<string, unknown> = {};
    if (pagination?.mode !== 'off') {
      const { current = 1, pageSize = 10 } = pagination ?? {};
      params.limit = pageSize;
      params.offset = (current - 1) * pageSize;
    }
    Object.assign(params, filterParams(filters, { repeat: true }));
    const ordering = sortKeys(sorters);
    if (ordering.length) params.ordering = ordering.join(',');
    const body = await sendAction<DrfPage<TData> | TData[]>(client, { resource, action: 'list', meta, params });
    return Array.isArray(body) ? { data: body, total: body.length } : { data: body.results, total: body.count };
  },

  getOne: async ({ resource, id, meta }) => ({ data: await sendAction(client, { resource, action: 'one', meta, id }) }),

  getMany: async <TData extends BaseRecord>({ resource, ids, meta }: GetManyParams) => ({
    data: await Promise.all(ids.map((id) => sendAction<TData>(client, { resource, action: 'one', meta, id }))),
  }),

  create: async ({ resource, variables, meta }) => ({ data: await sendAction(client, { resource, action: 'create', meta, body: variables }) }),

  update: async ({ resource, id, variables, meta }) => ({ data: await sendAction(client, { resource, action: 'update', meta, id, body: variables }) }),

  deleteOne: async ({ resource, id, meta }) => ({ data: await sendAction(client, { resource, action: 'deleteOne', meta, id }) }),

  /** Batch deletes post `{ids: [..]}` and answer 204, all or nothing. */
  deleteMany: async ({ resource, ids, meta }) => {
    await sendAction(client, { resource, action: 'deleteMany', meta, body: { ids } });
    return { data: [] };
  },

  custom: customRequest(client),
});
