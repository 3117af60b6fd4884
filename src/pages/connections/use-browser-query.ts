import type { Answer } from '../../api/client';
import { useApiQuery } from '../../api/hooks';

/** Where in the connection a read looks: the browser's current database and schema. */
export interface Place {
  projectId: string;
  connectionId: string;
  database?: string;
  schema?: string;
}

/** The reads of the connection browser. */
const reads = {
  databases: 'getConnectionProjectsByProjectUuidDatabases',
  schemas: 'getConnectionProjectsByProjectUuidSchemas',
  tables: 'getConnectionProjectsByProjectUuidTables',
  table: 'getConnectionProjectsByProjectUuidTablesByName',
  diagram: 'getConnectionProjectsByProjectUuidEntityRelationAllEntityRelation',
  tableDiagram: 'getConnectionProjectsByProjectUuidEntityRelationByNameEntityRelation',
  records: 'getConnectionProjectsByProjectUuidRecords',
} as const;
type Read = keyof typeof reads;

/** What a read answers, as the server's schema documents it. */
export type BrowserAnswer<R extends Read> = Answer<(typeof reads)[R]>;

/** One read of the connection browser at `place`; `name` is the table; nothing is asked while `enabled` is false. */
export function useBrowserQuery<R extends Read>(read: R, place: Place, extra: { name?: string; query?: Record<string, unknown>; enabled?: boolean } = {}) {
  const query = {
    connection_id: place.connectionId,
    database_name: place.database,
    schema_name: place.schema,
    ...extra.query,
  };
  const result = useApiQuery(
    reads[read],
    // Each read takes the place; the table's reads its name too.
    { path: { project_uuid: place.projectId, name: extra.name }, query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) } as never,
    { queryOptions: { enabled: extra.enabled ?? true, keepPreviousData: true, retry: false } },
  );
  // A quiet refetch of what is shown does not blur it; a new place's read, shown over the last one, does.
  const loading = result.isFetching && (result.isPreviousData || !result.data);
  return { value: result.data?.data as BrowserAnswer<R> | undefined, loading, failed: result.isError };
}
