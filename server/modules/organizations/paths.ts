import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import { ErrorBody } from '../../lib/schema-types';

/** The organization service of the platform interface. */
export const ORG = '/api/organization/v1';
/** The same organization calls under the product's own admin prefix. */
export const V1_ORG = '/api/v1/organization';
export const V1 = '/api/v1';

export const errorResponses = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Registers one handler on several paths that mean the same call (the platform path and the
 * /api/v1 admin path), so the logic is written once.
 */
export function onPaths<RG extends RouteGenericInterface>(
  app: FastifyInstance,
  method: HTTPMethods | HTTPMethods[],
  urls: string[],
  options: { schema: FastifySchema; config?: FastifyContextConfig },
  handler: RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RG>,
): void {
  for (const url of urls) app.route<RG>({ method, url, ...options, handler });
}
