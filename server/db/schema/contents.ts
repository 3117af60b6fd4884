import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { libraryItems } from './library';

/** PostgreSQL's tsvector, written by the server as a literal of jieba-segmented lexemes with positions. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** queued (also while being extracted), indexed, unreadable (no text found, no OCR), failed (with a reason). */
export type ContentState = 'queued' | 'indexed' | 'unreadable' | 'failed';

/**
 * The text extraction state of each report and material (docs/design/content-search.md). A
 * trigger (migration content_search) queues every item inserted or given another file; the
 * content job claims queued rows with SKIP LOCKED, so any number of processes share the work.
 */
export const libraryItemContents = pgTable(
  'library_item_contents',
  {
    itemId: integer('item_id').primaryKey().references(() => libraryItems.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 16 }).$type<ContentState>().notNull().default('queued'),
    reason: text('reason'),
    pages: integer('pages').notNull().default(0),
    /** Pages read by OCR (no text layer). */
    ocrPages: integer('ocr_pages').notNull().default(0),
    /** Set when a process takes the row; a row taken long ago by a process that died is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** A queued row is not taken before this (a Word file whose PDF is still being made). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('library_item_contents_queued_idx').on(table.notBefore).where(sql`${table.state} = 'queued'`)],
);

/** The text of each page of an item's file (a material: its one image), and its segmented terms, GIN-indexed. */
export const libraryItemPages = pgTable(
  'library_item_pages',
  {
    itemId: integer('item_id').notNull().references(() => libraryItems.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    text: text('text').notNull(),
    terms: tsvector('terms').notNull(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.page] }), index('library_item_pages_terms_idx').using('gin', table.terms)],
);

/**
 * All the pages' terms of an item in one tsvector (page after page, positions running on): the
 * content search matches, counts and ranks one row per item, and reads the page rows only for the
 * items of the page it answers. Written with the pages, in the same transaction. `keys` and
 * `createdAt` copy what the list's filters need from the item, kept in step by triggers
 * (migration content_document_keys), so one GIN scan of (terms, keys) answers words and filters.
 */
export const libraryItemDocuments = pgTable(
  'library_item_documents',
  {
    itemId: integer('item_id').primaryKey().references(() => libraryItems.id, { onDelete: 'cascade' }),
    terms: tsvector('terms').notNull(),
    /** `in:<project>/<kind>`, `group:<id>` (0: none) and the item's `label:<id>` terms: library_document_keys(). */
    keys: text('keys').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('library_item_documents_search_idx').using('gin', table.terms, table.keys)],
);
