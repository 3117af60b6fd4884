import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { libraryApi } from './api';
import type { LibraryKind } from './kinds';
import { requestParams, type ListQuery } from './list-query';

/**
 * The groups and the page of items the list shows. Both stay in the app's query cache, so
 * coming back to the list shows the last answer at once while it refreshes.
 */
export function useLibraryData(projectId: string, kind: LibraryKind, query: ListQuery) {
  const api = useMemo(() => libraryApi(projectId, kind), [projectId, kind]);
  const client = useQueryClient();
  const scope = useMemo(() => ['library', projectId, kind.kind], [projectId, kind.kind]);
  const params = useMemo(() => requestParams(query), [query]);

  const items = useQuery({
    queryKey: [...scope, 'items', params],
    queryFn: () => api.listItems(params),
    keepPreviousData: true,
  });
  const groups = useQuery({ queryKey: [...scope, 'groups'], queryFn: api.listGroups });

  const reloadGroups = useCallback(() => client.invalidateQueries({ queryKey: [...scope, 'groups'] }), [client, scope]);
  const [reloads, setReloads] = useState(0);
  /** After a change: the items and the group counts. */
  const reload = useCallback(() => {
    setReloads((count) => count + 1);
    return client.invalidateQueries({ queryKey: scope });
  }, [client, scope]);
  /**
   * Which load the list shows: another query or a reload after a change is a new one; a quiet
   * refresh of the same query (on mount, on focus) is not, so it leaves selection mode alone.
   */
  const loadKey = `${JSON.stringify(params)}#${reloads}`;

  return { api, items, groups, reload, reloadGroups, loadKey };
}
