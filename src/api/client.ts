import type { AxiosRequestConfig } from 'axios';
import { platformClient } from '../providers/http';
import { reportClient } from '../providers/report-client';
import { operations, type OperationName } from './operations';
import { assertRequired } from './required';
import type { operations as Schema } from './schema';

export type { OperationName };

type Operation<N extends OperationName> = Schema[N];
/** `Then` when the operation has this part (`T` is not never), else `Else`. */
type IfPresent<T, Then, Else> = [T] extends [never] ? Else : Then;
export type PathParams<N extends OperationName> = Operation<N> extends { parameters: { path: infer P } } ? P : never;
export type QueryParams<N extends OperationName> = NonNullable<Operation<N>['parameters']['query']>;
type RequestContent<N extends OperationName> = NonNullable<Operation<N>['requestBody']> extends { content: infer C } ? C : never;
export type RequestBody<N extends OperationName> = IfPresent<RequestContent<N>, RequestContent<N>[keyof RequestContent<N>], never>;
type Responses<N extends OperationName> = Operation<N>['responses'];
/** The body of the operation's 2xx answer (undefined for a 204); of a union of operations, the union of their answers. */
export type Answer<N extends OperationName> = N extends OperationName
  ? {
      [S in keyof Responses<N>]: S extends 200 | 201 | 202
        ? Responses<N>[S] extends { content: { 'application/json': infer A } }
          ? A
          : unknown
        : S extends 204
          ? undefined
          : never;
    }[keyof Responses<N>]
  : never;

export type CallArgs<N extends OperationName> = IfPresent<PathParams<N>, { path: PathParams<N> }, { path?: undefined }> &
  IfPresent<QueryParams<N>, { query?: QueryParams<N> }, { query?: undefined }> &
  IfPresent<RequestBody<N>, undefined extends Operation<N>['requestBody'] ? { body?: RequestBody<N> } : { body: RequestBody<N> }, { body?: undefined }> & {
    /** Axios options: `silent`, `warnCode400`, `networkErrorText`, `signal`, … */
    options?: AxiosRequestConfig;
  };

/** The path with its `{param}`s filled; the wildcard `{*}` keeps its slashes. */
export function fillOperationPath(template: string, values: Record<string, unknown> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, param: string) => {
    const value = String(values[param]);
    return param === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

/** The report service has its own client (base URL, body `code` check); everything else is the platform's. */
const clientFor = (path: string) => (path.startsWith('/studio/report/') ? reportClient : platformClient);

type CallRest<N extends OperationName> = object extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>];

/** Calls an operation of the server by its name, typed from the generated schema. */
async function call<N extends OperationName>(name: N, ...[args]: CallRest<N>): Promise<Answer<N>> {
  const { path, query, body, options } = (args ?? {}) as { path?: Record<string, unknown>; query?: object; body?: unknown; options?: AxiosRequestConfig };
  assertRequired(name, { path, body });
  const operation = operations[name];
  const response = await clientFor(operation.path).request<Answer<N>>({
    ...options,
    method: operation.method,
    url: fillOperationPath(operation.path, path),
    params: query,
    data: body,
  });
  return response.data;
}

export const api = { call };
