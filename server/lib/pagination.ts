import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Int } from './schema-types';

export const LimitOffsetQuery = {
  limit: Type.Optional(Int({ minimum: 1, maximum: 1000, description: '每页条数，默认 10' })),
  offset: Type.Optional(Int({ minimum: 0, description: '跳过的条数' })),
};

export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  });

export const DEFAULT_LIMIT = 10;

/** DRF limit/offset page: links keep every other query parameter of the request. */
export function drfPage<T>(request: FastifyRequest, results: T[], count: number, limit: number, offset: number) {
  const link = (newOffset: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('limit', String(limit));
    if (newOffset > 0) url.searchParams.set('offset', String(newOffset));
    else url.searchParams.delete('offset');
    return url.toString();
  };
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  };
}
