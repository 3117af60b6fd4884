/**
 * Stable operation names for the OpenAPI document, the typed client's function names:
 * `${method}${PascalSegments}` of the path without its service prefix (`/api`,
 * `/studio/report/api`) and without version segments (`v1`, `v2`), a path parameter as
 * `By<Param>` (`{*}` as `ByWildcard`). Operations that would then share a name (a path
 * kept under two prefixes, `/api/organization/v1/…` and `/api/v1/organization/…`) keep
 * their version segments. An operationId a route sets itself is kept.
 */
const servicePrefixes = [/^\/studio\/report\/api\//, /^\/api\//];
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

function segmentName(segment: string): string {
  const param = /^\{(.+)\}$/.exec(segment)?.[1];
  if (param === undefined) return pascal(segment);
  return `By${param === '*' ? 'Wildcard' : pascal(param)}`;
}

export function operationName(method: string, path: string, keepVersions = false): string {
  const rest = servicePrefixes.reduce((text, prefix) => text.replace(prefix, '/'), path);
  const segments = rest.split('/').filter((segment) => segment && (keepVersions || !/^v\d+$/.test(segment)));
  return method.toLowerCase() + segments.map(segmentName).join('');
}

type Paths = Record<string, Record<string, unknown>>;
type Operation = { operationId?: string };

/**
 * Gives every operation without an operationId one, in place. Each operation is replaced by a
 * copy: a route with several methods (PUT and PATCH) shares one operation object between them.
 */
export function nameOperations(paths: Paths): void {
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => methods.includes(method))
      .map((method) => ({ path, method, item, operation: item[method] as Operation })),
  );
  const plainName = ({ path, method, operation }: (typeof operations)[number]) => operation.operationId ?? operationName(method, path);
  const counts = new Map<string, number>();
  for (const name of operations.map(plainName)) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const entry of operations) {
    const { path, method, item, operation } = entry;
    const name = plainName(entry);
    const operationId = operation.operationId ?? (counts.get(name) === 1 ? name : operationName(method, path, true));
    item[method] = { ...operation, operationId };
  }
}
