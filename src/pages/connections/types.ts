/** What the connection browser reads (server/modules/connections/drivers/types.ts). */

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
  comment: string | null;
}

export interface TableDefinition {
  code: string;
  comment: string | null;
  columns: Column[];
  indexes: Array<{ name: string; columns: string[]; unique: boolean }>;
  primary_key: string[];
  constraints: Array<{ name: string; type: string; columns: string[]; references: { table: string; columns: string[] } | null; definition: string | null }>;
}

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
