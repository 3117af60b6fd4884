import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readResultsQuery, writeResultsQuery, type ResultsQuery } from './results-query';

/** The screen's view from the URL query; `update` merges a change into it. */
export function useResultsQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readResultsQuery(searchParams), [searchParams]);
  const update = useCallback(
    (patch: Partial<ResultsQuery>) => setSearchParams((current) => writeResultsQuery(current, { ...readResultsQuery(current), ...patch })),
    [setSearchParams],
  );
  return { query, update };
}
