import type { CrudFilters, CrudSorting } from '@refinedev/core';

type Params = Record<string, string | number | Array<string | number>>;

/**
 * `eq` and `contains` filters become `field=value`, others `field__operator=value`. Several
 * values are joined with commas, or kept as a list (`repeat`: the key repeated in the query).
 */
export function filterParams(filters: CrudFilters | undefined, { repeat = false } = {}): Params {
  const params: Params = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === '') continue;
    const key = operator === 'eq' || operator === 'contains' || operator === 'in' ? field : `${field}__${operator}`;
    if (!Array.isArray(value)) params[key] = value;
    else if (!repeat) params[key] = value.join(',');
    else if (value.length) params[key] = value;
  }
  return params;
}

/** Sort keys as both services read them: `field` ascending, `-field` descending. */
export function sortKeys(sorters: CrudSorting | undefined): string[] {
  return (sorters ?? []).map(({ field, order }) => (order === 'desc' ? `-${field}` : field));
}
