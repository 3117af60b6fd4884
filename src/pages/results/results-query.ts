import type { CrudFilters, CrudSorting } from '@refinedev/core';
import type { RegionPath, ResultSource } from '../../../contract/results';
import { PAGE_SIZES } from '../library/list-query';
import { readRegions } from './regions';

/** What a results screen shows; every value lives in the URL query, so a link reopens the same view. */
export interface ResultsQuery {
  pageNo: number;
  pageSize: number;
  name: string;
  start?: string;
  end?: string;
  dimensionId?: number;
  regions: RegionPath[];
}

const KEYS = ['pageNo', 'pageSize', 'name', 'start_time', 'end_time', 'dimension_id', 'regions'] as const;
/** The spec's default page size; cards come five to a row at 1440 wide. */
const DEFAULT_PAGE_SIZE = 10;
export const RESULT_PAGE_SIZES = PAGE_SIZES;

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function readResultsQuery(params: URLSearchParams): ResultsQuery {
  return {
    pageNo: positive(params.get('pageNo')) ?? 1,
    pageSize: Math.min(positive(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE, PAGE_SIZES[PAGE_SIZES.length - 1]),
    name: params.get('name') ?? '',
    start: params.get('start_time') || undefined,
    end: params.get('end_time') || undefined,
    dimensionId: positive(params.get('dimension_id')),
    regions: readRegions(params.get('regions')),
  };
}

export function writeResultsQuery(current: URLSearchParams, query: ResultsQuery): URLSearchParams {
  const next = new URLSearchParams(current);
  KEYS.forEach((key) => next.delete(key));
  if (query.pageNo > 1) next.set('pageNo', String(query.pageNo));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(query.pageSize));
  if (query.name) next.set('name', query.name);
  if (query.start) next.set('start_time', query.start);
  if (query.end) next.set('end_time', query.end);
  if (query.dimensionId) next.set('dimension_id', String(query.dimensionId));
  if (query.regions.length) next.set('regions', JSON.stringify(query.regions));
  return next;
}

/** The filters the results list and its statistics share (contract/results.ts), newest first. */
export function resultsFilters(query: ResultsQuery, source?: ResultSource): CrudFilters {
  return [
    { field: 'name', operator: 'eq', value: query.name },
    { field: 'start_time', operator: 'eq', value: query.start },
    { field: 'end_time', operator: 'eq', value: query.end },
    { field: 'dimension_id', operator: 'eq', value: query.dimensionId },
    { field: 'regions', operator: 'eq', value: query.regions.length ? JSON.stringify(query.regions) : undefined },
    { field: 'source', operator: 'eq', value: source },
  ];
}

export const NEWEST_FIRST: CrudSorting = [{ field: 'created_at', order: 'desc' }];
