import type { FastifyRequest } from 'fastify';
import { DEFAULT_LIMIT, drfPage } from './pagination';

type ListQuery = { limit?: number; offset?: number; search?: string };

/** What a list query gets: the page filled in, the search trimmed (blank means none). */
export type ListParams<Q extends ListQuery> = Omit<Q, keyof ListQuery> & { limit: number; offset: number; search?: string };

/** One DRF page of a list: the query's defaults filled in, its rows presented. */
export async function listPage<Q extends ListQuery, R, T>(
  request: FastifyRequest,
  query: Q,
  list: (params: ListParams<Q>) => Promise<{ rows: R[]; total: number }>,
  present: (row: R) => T,
  defaultLimit = DEFAULT_LIMIT,
) {
  const params = { ...query, limit: query.limit ?? defaultLimit, offset: query.offset ?? 0, search: query.search?.trim() || undefined };
  const { rows, total } = await list(params);
  return drfPage(request, rows.map((row) => present(row)), total, params.limit, params.offset);
}

/** A page of rows and the number of all rows, read at once. */
export async function withTotal<R>(rows: PromiseLike<R[]>, count: PromiseLike<{ total: number }[]>): Promise<{ rows: R[]; total: number }> {
  const [page, [{ total }]] = await Promise.all([rows, count]);
  return { rows: page, total };
}
