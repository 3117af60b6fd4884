import type { AxiosInstance } from 'axios';
import type { BaseKey, DataProvider, MetaQuery } from '@refinedev/core';
import { assertRequiredBody } from '../../api/required';
import { toHttpError } from '../http';

/** Where each action of a resource is sent; `:name` is filled from the id and the route params. */
type EndpointAction = 'list' | 'one' | 'create' | 'update' | 'deleteOne' | 'deleteMany' | 'createMany';
/** CRUD endpoints by action, and a resource's other paths by name (`inviteCode`, `menus`, …). */
export type Endpoints = Partial<Record<EndpointAction, string>> & { [path: string]: string | undefined };

const itemActions: EndpointAction[] = ['one', 'update', 'deleteOne'];

export function resolveEndpoint(
  resource: string,
  action: EndpointAction,
  meta: MetaQuery | undefined,
  id?: BaseKey,
): string {
  const endpoints = (meta?.endpoints ?? {}) as Endpoints;
  const base = endpoints.list ?? `/${resource}/`;
  // An item action goes to the record's own endpoint (`one`) unless the resource names another.
  const item = endpoints.one ?? `${base}:id/`;
  const template = endpoints[action] ?? (itemActions.includes(action) ? item : base);
  return fillPath(template, { ...meta, id });
}

/** Fills the `:name` parts of a path template; a missing value is a programming error. */
export function fillPath(template: string, values: Record<string, unknown> | undefined): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing the required parameter '${name}' when calling ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Awaits a request and turns its failure into Refine's HttpError. */
export async function send<T>(request: Promise<{ data: T }>): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    throw toHttpError(error);
  }
}

/** Request options a page may pass in `meta`: no error message, a duplicate as a warning, the text when no answer comes. */
export const requestOptions = (meta: MetaQuery | undefined) => ({
  silent: meta?.silent === true,
  warnCode400: meta?.warnCode400 === true,
  networkErrorText: typeof meta?.networkErrorText === 'string' ? meta.networkErrorText : undefined,
});

/**
 * `useCustom` / `useCustomMutation` for any URL, the same for both services; a path template's
 * `:name` parts are filled from `meta` (a resource's named endpoint with its project).
 */
export function customRequest(client: AxiosInstance): DataProvider['custom'] {
  return async ({ url, method, payload, query, headers, meta }) => {
    const target = url.includes('://') ? url : fillPath(url, meta);
    assertRequiredBody(method, target, payload);
    return {
      data: await send(
        client.request({
          url: target,
          method,
          data: payload,
          params: query,
          headers,
          ...requestOptions(meta),
        }),
      ),
    };
  };
}
