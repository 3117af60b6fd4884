/** What the connection browser reads: the server's drivers answer it, the app's browser shows it. */

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
  constraints: Array<{ name: string; type: 'FOREIGN KEY' | 'UNIQUE' | 'CHECK'; columns: string[]; references: { table: string; columns: string[] } | null; definition: string | null }>;
}
