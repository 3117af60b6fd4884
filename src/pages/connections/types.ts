/** What the connection browser reads; a table's definition is shared with the server's drivers. */

export type { Column, TableDefinition } from '../../../contract/connections';

export interface Diagram {
  nodes: Array<{ id: string; name: string; comment: string | null; columns: Array<{ name: string; type: string }>; primary_key: string[]; more_columns: number }>;
  edges: Array<{ id: string; source: string; target: string; source_columns: string[]; target_columns: string[] }>;
  truncated: boolean;
}

export interface RecordsPage {
  count: number;
  results: Array<Record<string, unknown>>;
  columns: Array<{ name: string; type: string }>;
}
