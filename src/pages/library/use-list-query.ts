import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { storageKey } from '../../lib/placement';
import type { LibraryKind } from './kinds';
import { isBareQuery, listPart, readListQuery, writeListQuery, type ListQuery } from './list-query';

const viewKey = (projectId: string, kind: LibraryKind) => storageKey(`libraryView:${projectId}:${kind.kind}`);

function remembered(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function remember(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Nowhere to keep it (a sandboxed host frame): the next visit starts fresh.
  }
}

/**
 * The list's view from the URL query. A visit without list parameters reopens the last view
 * of this project and kind (spec: the report list is kept alive between visits).
 */
export function useListQuery(projectId: string, kind: LibraryKind) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = viewKey(projectId, kind);
  const bare = isBareQuery(searchParams);

  const effective = useMemo(() => {
    if (!bare) return searchParams;
    const merged = new URLSearchParams(searchParams);
    new URLSearchParams(remembered(key)).forEach((value, name) => merged.set(name, value));
    return merged;
  }, [bare, searchParams, key]);

  useEffect(() => {
    if (bare && listPart(effective)) setSearchParams(effective, { replace: true });
    else remember(key, listPart(effective));
  }, [bare, effective, key, setSearchParams]);

  const query = useMemo(() => readListQuery(effective), [effective]);

  const update = useCallback(
    (patch: Partial<ListQuery>) => {
      setSearchParams((current) => writeListQuery(current, { ...readListQuery(current), ...patch }));
    },
    [setSearchParams],
  );

  return { query, update, searchParams: effective };
}
