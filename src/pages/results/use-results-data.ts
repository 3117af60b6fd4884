import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import type { RegionLevel, RegionNode, ResultSource, ResultStatistics } from '../../../contract/results';
import { useApiQuery } from '../../api/hooks';
import { filterParams } from '../../providers/data/params';
import { NEWEST_FIRST, resultsFilters, type ResultsQuery } from './results-query';
import type { ResultItem } from './types';

/**
 * A page of the results list (newest first); the last page stays on screen while the next loads.
 * A new `version` (reports were generated meanwhile) asks again.
 */
export function useResultsList(projectId: string, query: ResultsQuery, source?: ResultSource, version = 0) {
  const list = useList<ResultItem>({
    resource: 'results',
    pagination: { current: query.pageNo, pageSize: query.pageSize },
    filters: resultsFilters(query, source),
    sorters: NEWEST_FIRST,
    meta: { projectId, version },
    queryOptions: { keepPreviousData: true },
  });
  const page = { items: list.data?.data ?? [], total: list.data?.total ?? 0 };
  return { list, page };
}

/** What the charts of 成果统计 draw, for the list's filters (the page is not one of them). */
export function useResultStatistics(projectId: string, query: ResultsQuery, version = 0) {
  const params = filterParams(resultsFilters({ ...query, pageNo: 1 }));
  const answer = useApiQuery('getOaResultProjectsByProjectIdReportStatistics', { path: { projectId }, query: params }, { version, queryOptions: { keepPreviousData: true } });
  // The answer is the service's envelope: the statistics are its `data`.
  return (answer.data?.data as { data?: ResultStatistics } | undefined)?.data;
}

/**
 * The project's region tree down to `level`. A project without a data connection answers 400
 * with a Chinese reason, which the screen shows in place (so the HTTP layer stays quiet).
 */
export function useRegionTree(projectId: string, level: RegionLevel | undefined) {
  const tree = useList<RegionNode>({
    resource: 'regions',
    pagination: { mode: 'off' },
    filters: [{ field: 'level_limit', operator: 'eq', value: level }],
    meta: { projectId, silent: true },
    queryOptions: { enabled: level !== undefined, retry: false, staleTime: 5 * 60_000 },
  });
  const nodes = useMemo(() => tree.data?.data ?? [], [tree.data]);
  // `settled`: the nodes are this level's, not the last level's kept on screen while it loads.
  return { nodes, loading: tree.isFetching && !tree.data, settled: tree.isSuccess && !tree.isPreviousData, problem: tree.error?.message };
}
