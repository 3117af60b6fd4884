import type { AxiosInstance } from 'axios';
import type { BaseKey, DataProvider, MetaQuery } from '@refinedev/core';
import { toHttpError } from '../http';

/** Where each action of a resource is sent; `:name` is filled from the id and the route params. */
export type EndpointAction = 'list' | 'one' | 'create' | 'update' | 'deleteOne' | 'deleteMany' | 'createMany';
export type Endpoints = Partial<Record<EndpointAction, string>>;

const itemActions: EndpointAction[] = ['one', 'update', 'deleteOne'];

export function resolveEndpoint(
  resource: string,
  action: EndpointAction,
  meta: MetaQuery | undefined,
  id?: BaseKey,
): string {
  const endpoints = (meta?.endpoints ?? {}) as Endpoints;
  const base = endpoints.list ?? `/${resource}/`;
  const template = endpoints[action] ?? (itemActions.includes(action) ? `${base}:id/` : base);
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = name === 'id' ? id : meta?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing the required parameter ${name} when calling ${template}`);
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

/** `useCustom` / `useCustomMutation` for any URL, the same for both services. */
export function customRequest(client: AxiosInstance): DataProvider['custom'] {
  return async ({ url, method, payload, query, headers }) => ({
    data: await send(client.request({ url, method, data: payload, params: query, headers })),
  });
}
