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

/**
 * DRF limit/offset page: links keep every other query parameter of the request. They are
 * relative, or start with PUBLIC_URL when set; never with the client's Host header, which
 * anyone can forge (a cache or a log would then hand out links to another site).
 */
export function drfPage<T>(request: FastifyRequest, results: T[], count: number, limit: number, offset: number) {
  const [path, query] = request.url.split('?');
  const link = (newOffset: number) => {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (newOffset > 0) params.set('offset', String(newOffset));
    else params.delete('offset');
    return `${request.server.config.publicUrl ?? ''}${path}?${params}`;
  };
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  };
}
