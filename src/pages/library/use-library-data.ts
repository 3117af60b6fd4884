import { useInvalidate, useList } from '@refinedev/core';
import { useCallback, useMemo, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useLibraryApi } from './api';
import type { LibraryKind } from './kinds';
import { listRequest, type ListQuery } from './list-query';
import type { LibraryItem } from './types';

/**
 * The groups and the page of items the list shows, through Refine's hooks on the report data
 * provider. Both stay in the app's query cache, so coming back to the list shows the last
 * answer at once while it refreshes.
 */
export function useLibraryData(projectId: string, kind: LibraryKind, query: ListQuery) {
  const api = useLibraryApi(projectId, kind);
  const meta = useMemo(() => ({ projectId }), [projectId]);
  const request = useMemo(() => listRequest(query), [query]);
  const items = useList<LibraryItem>({
    resource: kind.resource,
    pagination: { current: request.current, pageSize: request.pageSize },
    filters: request.filters,
    sorters: request.sorters,
    meta,
    queryOptions: { keepPreviousData: true },
  });
  const groups = useApiQuery(kind.operations.groups, { path: { projectId } });

  const invalidate = useInvalidate();
  const [reloads, setReloads] = useState(0);
  /** After a change: the items and the group counts. */
  const reload = useCallback(() => {
    setReloads((count) => count + 1);
    return invalidate({ dataProviderName: 'report', invalidates: ['all'] });
  }, [invalidate]);
  /**
   * Which load the list shows: another query or a reload after a change is a new one; a quiet
   * refresh of the same query (on mount, on focus) is not, so it leaves selection mode alone.
   */
  const loadKey = `${JSON.stringify(request)}#${reloads}`;

  const page = { items: items.data?.data ?? [], total: items.data?.total ?? 0 };
  const answer = groups.data?.data;
  const groupList = { groups: answer?.data ?? [], total: answer?.total_report_number ?? 0 };
  return { api, items, page, groups, groupList, reload, loadKey };
}
