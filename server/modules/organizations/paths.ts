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

const errorResponses = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

type Handler<RG extends RouteGenericInterface> = RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RG>;

/**
 * Declares routes of one tag that answer refusals with ErrorBody. One handler serves every path
 * that means the same call (the platform path and the /api/v1 admin path), so the logic is written once.
 */
export const routesTagged =
  (app: FastifyInstance, tags: string[]) =>
  <RG extends RouteGenericInterface = RouteGenericInterface>(
    method: HTTPMethods | HTTPMethods[],
    urls: string | string[],
    config: FastifyContextConfig | undefined,
    schema: Omit<FastifySchema, 'response'> & { response: Record<number, unknown> },
    handler: Handler<RG>,
  ): void => {
    for (const url of [urls].flat()) app.route<RG>({ method, url, config, schema: { tags, ...schema, response: { ...schema.response, ...errorResponses } }, handler });
  };
