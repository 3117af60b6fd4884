import { operations, type OperationName } from './operations';

function check(name: OperationName, params: readonly string[], source: unknown, emptyIsMissing: boolean): void {
  const given = (typeof source === 'object' && source !== null && !Array.isArray(source) ? source : {}) as Record<string, unknown>;
  for (const param of params) {
    const value = given[param];
    // An empty path segment would send the call to another path.
    if (value === undefined || value === null || (emptyIsMissing && value === '')) {
      throw new Error(`Missing the required parameter '${param}' when calling ${name}`);
    }
  }
}

/** Throws, sending nothing, when a required path or body parameter is absent or null (spec section 5). */
export function assertRequired(name: OperationName, values: { path?: unknown; body?: unknown }): void {
  check(name, operations[name].pathParams, values.path, true);
  check(name, operations[name].bodyParams, values.body, false);
}

/** Each operation's path as a pattern, the most literal first, so `members/join/` wins over `{id}/`. */
const patterns = (Object.keys(operations) as OperationName[])
  .map((name) => {
    const { method, path, pathParams } = operations[name];
    const source = path.replace(/[.]/g, '\\.').replace(/\{([^}]+)\}/g, (_, param: string) => (param === '*' ? '.+' : '[^/]+'));
    return { name, method, pattern: new RegExp(`^${source}$`), params: pathParams.length };
  })
  .sort((a, b) => a.params - b.params);

/** The operation a filled URL reaches, if the server documents it. */
export function operationAt(method: string, url: string): OperationName | undefined {
  const path = url.split('?')[0];
  const lower = method.toLowerCase();
  return patterns.find((entry) => entry.method === lower && entry.pattern.test(path))?.name;
}

/** The required-body check for a request whose URL was built elsewhere (the data providers' endpoints). */
export function assertRequiredBody(method: string, url: string, body: unknown): void {
  const name = operationAt(method, url);
  if (name) check(name, operations[name].bodyParams, body, false);
}
