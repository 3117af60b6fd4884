import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { BaseKey, DataProvider, MetaQuery } from '@refinedev/core';
import { fillOperationPath } from '../../api/client';
import { operations, type OperationName } from '../../api/operations';
import { assertRequired } from '../../api/required';
import { toHttpError } from '../http';

type EndpointAction = 'list' | 'one' | 'create' | 'update' | 'deleteOne' | 'deleteMany' | 'createMany';
/** The operation of the generated client each action of a resource calls; an action not named is not offered. */
export type Endpoints = Partial<Record<EndpointAction, OperationName>>;

/** A DRF collection's five operations: `get` and `post` on `X`, `get`, `patch` and `delete` on `XById`. */
export const collectionOperations = <X extends string>(collection: X) =>
  ({
    list: `get${collection}`,
    create: `post${collection}`,
    one: `get${collection}ById`,
    update: `patch${collection}ById`,
    deleteOne: `delete${collection}ById`,
  }) as const;

/**
 * The app's name for a path parameter of the server: a record is `id` (the platform's projects
 * say `uuid`), the project is `projectId` (the platform says `project_uuid`), the rest camelCase.
 */
const metaKey = (param: string) =>
  param === 'uuid' ? 'id' : param === 'project_uuid' ? 'projectId' : param.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * Sends one action of a resource: the operation its `meta.endpoints` names gives the method and
 * the path, whose parameters come from the record id and `meta` (`projectId`, `workflowId`, …).
 * A missing path or body parameter throws before anything is sent.
 */
export function sendAction<T>(
  client: AxiosInstance,
  { resource, action, meta, id, body, params }: { resource: string; action: EndpointAction; meta: MetaQuery | undefined; id?: BaseKey; body?: unknown; params?: AxiosRequestConfig['params'] },
): Promise<T> {
  const name = (meta?.endpoints as Endpoints | undefined)?.[action];
  if (!name) throw new Error(`The resource ${resource} has no ${action} operation`);
  const { method, path, pathParams } = operations[name];
  const values = Object.fromEntries(pathParams.map((param) => [param, metaKey(param) === 'id' ? (id ?? meta?.id) : meta?.[metaKey(param)]]));
  assertRequired(name, { path: values, body });
  return send(client.request<T>({ method, url: fillOperationPath(path, values), data: body, params, ...requestOptions(meta) }));
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

/** `useCustom` / `useCustomMutation` (the typed hooks of api/hooks.ts), the same for both services. */
export function customRequest(client: AxiosInstance): DataProvider['custom'] {
  return async ({ url, method, payload, query, headers, meta }) => ({
    data: await send(client.request({ url, method, data: payload, params: query, headers, ...requestOptions(meta) })),
  });
}
