import { useCustom, useCustomMutation, type CustomResponse, type HttpError, type SuccessErrorNotification } from '@refinedev/core';
import type { QueryObserverResult, UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fillOperationPath, type Answer, type CallArgs, type OperationName } from './client';
import { operations } from './operations';
import { assertRequired } from './required';

/** What the HTTP layer does with a failure: nothing (`silent`), a duplicate as a warning, the text when no answer comes. */
export interface RequestOptions {
  silent?: boolean;
  warnCode400?: boolean;
  networkErrorText?: string;
}

type HookArgs<N extends OperationName> = Omit<CallArgs<N>, 'options'>;
type HookRest<N extends OperationName> = object extends HookArgs<N> ? [args?: HookArgs<N>] : [args: HookArgs<N>];

/** The report service has its own data provider (base URL, body `code` check); everything else is the platform's. */
const providerOf = (path: string) => (path.startsWith('/studio/report/') ? 'report' : 'default');

function target(name: OperationName, values: Record<string, unknown> | undefined) {
  const { method, path } = operations[name];
  return { method, url: fillOperationPath(path, values), dataProviderName: providerOf(path) };
}

/** A required path parameter is absent or empty: the path is not known yet. */
const incomplete = (name: OperationName, path: Record<string, unknown> | undefined) =>
  operations[name].pathParams.some((param) => path?.[param] === undefined || path[param] === null || path[param] === '');

interface QueryOptions<N extends OperationName> extends RequestOptions {
  /** A new version asks again: the answer changed for a reason the app learnt elsewhere (a job finished). */
  version?: number;
  queryOptions?: Omit<UseQueryOptions<CustomResponse<Answer<N>>, HttpError>, 'queryKey' | 'queryFn'>;
}

/**
 * A read of an operation the screen shows, in Refine's query cache (`useCustom`): a second visit
 * shows the last answer at once, and invalidating its data provider refreshes it. It waits while
 * a path parameter is still unknown. `data.data` is the answer as the server sends it.
 */
export function useApiQuery<N extends OperationName>(name: N, args: HookArgs<N>, { queryOptions, version, ...request }: QueryOptions<N> = {}) {
  const { path, query } = args as { path?: Record<string, unknown>; query?: Record<string, unknown> };
  const { method, url, dataProviderName } = target(name, path);
  const enabled = (queryOptions?.enabled ?? true) && !incomplete(name, path);
  return useCustom({
    url,
    method,
    dataProviderName,
    config: { query },
    meta: version === undefined ? request : { ...request, version },
    queryOptions: { ...queryOptions, enabled } as never,
  }) as QueryObserverResult<CustomResponse<Answer<N>>, HttpError>;
}

interface MutationOptions extends RequestOptions {
  /** The success message; none by default. */
  success?: string;
}

/**
 * Operations a handler calls (a change, or a read needed at once, such as every page of a list
 * for a spreadsheet) through Refine's `useCustomMutation`; the answer as the server sends it.
 * A failure has been told to the user (unless `silent`) and rejects.
 */
export function useApiMutation() {
  const { mutateAsync, isLoading } = useCustomMutation();
  const call = useCallback(
    async <N extends OperationName>(name: N, ...rest: [...HookRest<N>, options?: MutationOptions]): Promise<Answer<N>> => {
      const [args, options] = rest as unknown as [{ path?: Record<string, unknown>; query?: Record<string, string>; body?: unknown } | undefined, MutationOptions | undefined];
      const { path, query, body } = args ?? {};
      assertRequired(name, { path, body });
      const { success, ...request } = options ?? {};
      const { method, url, dataProviderName } = target(name, path);
      // Refine's custom mutation sends no query parameters of its own.
      const search = new URLSearchParams(Object.entries(query ?? {}).filter(([, value]) => value !== undefined)).toString();
      const notification: SuccessErrorNotification['successNotification'] = success ? { message: success, type: 'success' } : false;
      const answer = await mutateAsync({
        url: search ? `${url}?${search}` : url,
        // A read a handler needs at once goes the same way; the data provider sends any method.
        method: method as 'post',
        // A write without a body sends `{}`: a JSON request with an empty body is refused.
        values: (body ?? (method === 'get' || method === 'delete' ? undefined : {})) as object,
        dataProviderName,
        meta: request,
        successNotification: notification,
      });
      return answer.data as Answer<N>;
    },
    [mutateAsync],
  );
  return { call, isLoading };
}
