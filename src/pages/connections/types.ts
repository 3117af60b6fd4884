/** What the connection browser reads, as the server's OpenAPI document describes it. */
import type { BrowserAnswer } from './use-browser-query';

export type TableDefinition = BrowserAnswer<'table'>;
export type Column = TableDefinition['columns'][number];
export type Diagram = BrowserAnswer<'diagram'>;
export type RecordsPage = BrowserAnswer<'records'>;
