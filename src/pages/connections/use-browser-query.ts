import { useCustom, type BaseRecord } from '@refinedev/core';
import { useEndpoints } from '../../providers/data/use-resource-call';

/** Where in the connection a read looks: the browser's current database and schema. */
export interface Place {
  projectId: string;
  connectionId: string;
  database?: string;
  schema?: string;
}

/**
 * One read of the connection browser through the data provider: `endpoint` is a path the
 * connections resource declares, `name` fills its `:name`; nothing is asked while `enabled` is false.
 */
export function useBrowserQuery<T>(endpoint: string, place: Place, extra: { name?: string; query?: Record<string, unknown>; enabled?: boolean } = {}) {
  const endpoints = useEndpoints('connections');
  const query = {
    connection_id: place.connectionId,
    database_name: place.database,
    schema_name: place.schema,
    ...extra.query,
  };
  const result = useCustom<BaseRecord>({
    url: endpoints[endpoint]!,
    method: 'get',
    config: { query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) },
    meta: { projectId: place.projectId, name: extra.name },
    queryOptions: { enabled: extra.enabled ?? true, keepPreviousData: true, retry: false },
  });
  // A quiet refetch of what is shown does not blur it; a new place's read, shown over the last one, does.
  const loading = result.isFetching && (result.isPreviousData || !result.data);
  return { value: result.data?.data as T | undefined, loading, failed: result.isError };
}
