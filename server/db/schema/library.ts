import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
import { storedFiles } from './files';
import { labels } from './labels';
import { projects } from './projects';

/** Reports and materials are one library; `kind` tells them apart. */
import { LIBRARY_KINDS, type LibraryKindName } from '../../../contract/library';

export { LIBRARY_KINDS };
export type LibraryKind = LibraryKindName;

export const libraryGroups = pgTable(
  'library_groups',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    sorted: integer('sorted').notNull().default(0),
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [unique('library_groups_project_kind_name_unique').on(table.projectUuid, table.kind, table.name)],
);

export const libraryItems = pgTable(
  'library_items',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    createUser: varchar('create_user', { length: 150 }).notNull(),
    cover: text('cover').notNull().default(''),
    file: text('file').notNull().default(''),
    realFileName: varchar('real_file_name', { length: 255 }).notNull().default(''),
    /** Null is the spec's -1: no group. Deleting a group moves its items out. */
    groupId: integer('group_id').references(() => libraryGroups.id, { onDelete: 'set null' }),
    fileId: integer('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    coverFileId: integer('cover_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    /**
     * What the list filters find, kept by triggers (migration 0013): the lowercase name's
     * two-character pieces and 'label:<id>' for each of the item's labels.
     */
    terms: text('terms').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Kept by the database from `terms` (migration 0021): each name piece paired with each
     * label, `<piece>#<label id>`, so a name with labels reads short posting lists instead of
     * intersecting long ones.
     */
    pairs: text('pairs').array().notNull().generatedAlwaysAs(sql`library_item_pairs(terms)`),
    ...timestamps,
  },
  (table) => [
    // Both list orders; with id in the key a page's ids come from an index-only scan.
    index('library_items_list_idx').on(table.projectUuid, table.kind, table.createdAt, table.id),
    index('library_items_group_list_idx').on(table.projectUuid, table.kind, table.groupId, table.createdAt, table.id),
    index('library_items_terms_idx').using('gin', table.terms),
    index('library_items_pairs_idx').using('gin', table.pairs),
    // "Name contains" (lower(name) LIKE lower(pattern)) of three characters or more, at a million items.
    index('library_items_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    // The items of a file: an upload's same-content check, and a file's delete setting them null.
    index('library_items_file_idx').on(table.fileId),
  ],
);

export const libraryItemLabels = pgTable(
  'library_item_labels',
  {
    itemId: integer('item_id').notNull().references(() => libraryItems.id, { onDelete: 'cascade' }),
    labelId: integer('label_id').notNull().references(() => labels.id, { onDelete: 'cascade' }),
    /** The item's created_at, copied by a trigger (migration 0014), so a label's items come in list order from the index. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.labelId] }),
    index('library_item_labels_list_idx').on(table.labelId, table.createdAt, table.itemId),
  ],
);

/**
 * Items per project, kind and group (group_key 0: no group), kept by triggers on library_items
 * in the transaction of every write (migration 0013). Writes append their deltas as rows, so
 * concurrent writers never wait on a counter row; a count is the sum of its key's rows, and
 * the triggers now and then fold a key's rows into one (skipping rows another folds).
 */
export const libraryGroupCounts = pgTable(
  'library_group_counts',
  {
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    groupKey: integer('group_key').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [index('library_group_counts_key_idx').on(table.projectUuid, table.kind, table.groupKey)],
);

/**
 * Items per project, kind and exact set of labels (their sorted 'label:<id>' terms; '{}' for
 * none), kept like the group counts by the triggers on library_items (migration 0014). A
 * labels-only filter's total is the sum over the sets it accepts: a few hundred rows at most in
 * practice, whatever the number of items.
 */
export const libraryLabelSetCounts = pgTable(
  'library_label_set_counts',
  {
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    labelTerms: text('label_terms').array().notNull(),
    n: integer('n').notNull(),
  },
  (table) => [index('library_label_set_counts_key_idx').on(table.projectUuid, table.kind, table.labelTerms)],
);

/**
 * Items per project, kind, group (0: no group; -1: every group), day of created_at (days
 * since 1970-01-01 UTC) and slice of ids (id / 1024), kept like the group counts (migration
 * 0014). A deep page starts at the day where its offset falls: the running sum of these rows
 * gives the offset of each day's first item, so the page skips at most one day's items, not
 * every item before it. Within a day that holds many items (a bulk import, all at one
 * created_at) the slices' bounds of created_at (lo, hi: bounds, loose once items are deleted)
 * tell where a slice boundary is also a boundary in list order, and the page starts there.
 */
export const libraryDayCounts = pgTable(
  'library_day_counts',
  {
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    groupKey: integer('group_key').notNull(),
    day: integer('day').notNull(),
    slice: integer('slice').notNull(),
    n: integer('n').notNull(),
    lo: timestamp('lo', { withTimezone: true }),
    hi: timestamp('hi', { withTimezone: true }),
  },
  // With n and the bounds in the key, a list's running sums read the index alone.
  (table) => [index('library_day_counts_key_idx').on(table.projectUuid, table.kind, table.groupKey, table.day, table.slice, table.n, table.lo, table.hi)],
);

/**
 * A label's links per day of their items' created_at, kept by triggers on
 * library_item_labels like the day counts (migration 0016): a deep page of one label starts
 * at its day, as the unfiltered list's does. No foreign key: a deleted label's unlinks append
 * the deltas that bring its rows to zero, and a cascade here could deadlock with a fold.
 */
export const libraryLabelDayCounts = pgTable(
  'library_label_day_counts',
  {
    labelId: integer('label_id').notNull(),
    day: integer('day').notNull(),
    /** item_id / 1024, with its bounds of created_at, as in library_day_counts. */
    slice: integer('slice').notNull(),
    n: integer('n').notNull(),
    lo: timestamp('lo', { withTimezone: true }),
    hi: timestamp('hi', { withTimezone: true }),
  },
  (table) => [index('library_label_day_counts_key_idx').on(table.labelId, table.day, table.slice, table.n, table.lo, table.hi)],
);

/**
 * Writes that change a project's list answers, per kind: each statement on its items, their
 * label links, its labels or the files its cards show appends a row here (triggers, migration
 * 0022), folded on every 20th change (migration 0029). The sum of n only grows, so it is a version: a
 * remembered list answer read at the same version is still the answer.
 */
export const libraryChanges = pgTable(
  'library_changes',
  {
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [index('library_changes_key_idx').on(table.projectUuid, table.kind, table.n)],
);
