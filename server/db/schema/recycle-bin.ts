import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { storedFiles } from './files';
import { projects } from './projects';
import type { LibraryKind } from './library';
import { tsvector, type ContentState } from './contents';

/** What an entry holds: a deleted item, or a deleted group (its items stayed in the library, 未分组). */
export type BinTarget = 'item' | 'group';

/**
 * Deleted reports and materials, and deleted groups of them, kept for the retention days (RECYCLE_BIN_DAYS). A binned item
 * leaves library_items in the delete's transaction, so every list, count and kept count stays
 * as it was without knowing about the bin; its row, group and labels are kept here so a
 * restore puts it back under its old id. The file columns keep its stored files: they are
 * freed only when the entry is purged (by hand or by the sweep).
 */
export const libraryBin = pgTable(
  'library_bin',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    target: varchar('target', { length: 8 }).$type<BinTarget>().notNull().default('item'),
    /** One delete request: 还原此批 restores all its entries. */
    batch: uuid('batch').notNull(),
    /** The item's (a group entry: the group's) id, given back on restore (the sequence never hands it out again). */
    itemId: integer('item_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** The group it was in (null: none) and that group's name, to recreate it if it is gone. */
    groupId: integer('group_id'),
    groupName: varchar('group_name', { length: 50 }),
    labelIds: integer('label_ids').array().notNull(),
    /** The library_items row (without the columns its triggers keep) as it was; a group entry: the library_groups row. */
    item: jsonb('item').notNull(),
    /** A group entry: the items it held when deleted, moved back on restore if still 未分组. */
    itemIds: integer('item_ids').array(),
    /** The result_reports row of a generated report, if any. */
    result: jsonb('result'),
    /**
     * Its text extraction as it was (unless still queued): the library_item_contents row's state,
     * reason and page counts, and its document's terms; its pages are in library_bin_pages. A
     * restore puts them back, so the item is found by its text at once, not read (or OCR'd) again.
     */
    content: jsonb('content').$type<{ state: ContentState; reason: string | null; pages: number; ocr_pages: number }>(),
    document: tsvector('document'),
    fileId: integer('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    coverFileId: integer('cover_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    deletedBy: uuid('deleted_by').references(() => users.uuid, { onDelete: 'set null' }),
    deletedByName: varchar('deleted_by_name', { length: 150 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('library_bin_list_idx').on(table.projectUuid, table.kind, table.target, table.deletedAt, table.id),
    index('library_bin_batch_idx').on(table.projectUuid, table.batch),
    index('library_bin_swept_idx').on(table.deletedAt),
    index('library_bin_file_idx').on(table.fileId),
    index('library_bin_cover_idx').on(table.coverFileId),
  ],
);

/** The extracted pages of a binned item (see libraryBin.content), freed with its entry. */
export const libraryBinPages = pgTable(
  'library_bin_pages',
  {
    entryId: integer('entry_id').notNull().references(() => libraryBin.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    text: text('text').notNull(),
    terms: tsvector('terms').notNull(),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.page] })],
);
