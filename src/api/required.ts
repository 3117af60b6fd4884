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
