import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { projects } from './projects';
import type { LibraryKind } from './library';

export type LibraryBatchAction = 'move' | 'delete' | 'label';

/**
 * A batch over more items than one request acts on (docs/design/library-batches.md): the ids
 * confirmed are kept here when the batch is accepted, and the job acts on exactly those, a chunk
 * a transaction, `done` moving in the chunk's own transaction so a retry resumes where it stopped.
 */
export const libraryBatches = pgTable(
  'library_batches',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<LibraryKind>().notNull(),
    action: varchar('action', { length: 8 }).$type<LibraryBatchAction>().notNull(),
    itemIds: integer('item_ids').array().notNull(),
    /** move: {groupId}; label: {add, remove}. */
    params: jsonb('params').$type<{ groupId?: number | null; add?: number[]; remove?: number[]; actor?: { uuid: string; username: string; nickname: string }; binBatch?: string }>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    /** Items of the snapshot already gone (deleted meanwhile) when their chunk ran. */
    skipped: integer('skipped').notNull().default(0),
    state: varchar('state', { length: 8 }).$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('library_batches_project_idx').on(table.projectUuid, table.id)],
);
