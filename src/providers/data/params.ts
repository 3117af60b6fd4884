import type { CrudFilters, CrudSorting } from '@refinedev/core';

type Params = Record<string, string | number>;

/** `eq` and `contains` filters become `field=value`, others `field__operator=value`. */
export function filterParams(filters: CrudFilters | undefined): Params {
  const params: Params = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === '') continue;
    const key = operator === 'eq' || operator === 'contains' || operator === 'in' ? field : `${field}__${operator}`;
    params[key] = Array.isArray(value) ? value.join(',') : value;
  }
  return params;
}

/** Sort keys as both services read them: `field` ascending, `-field` descending. */
export function sortKeys(sorters: CrudSorting | undefined): string[] {
  return (sorters ?? []).map(({ field, order }) => (order === 'desc' ? `-${field}` : field));
}
