import { bigint, index, integer, pgTable, primaryKey, serial, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { organizations } from './organizations';
import { projects } from './projects';

/**
 * An unfinished chunked upload: what its first chunk said about the whole file. Shared by
 * every server process, so a task's chunks may arrive at any of them.
 */
export const uploadTasks = pgTable(
  'upload_tasks',
  {
    id: serial('id').primaryKey(),
    userUuid: uuid('user_uuid').notNull().references(() => users.uuid, { onDelete: 'cascade' }),
    /** The client's name for the task, unique per user only. */
    taskId: varchar('task_id', { length: 64 }).notNull(),
    organizationUuid: uuid('organization_uuid').notNull().references(() => organizations.uuid, { onDelete: 'cascade' }),
    projectUuid: uuid('project_uuid').references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    totalChunks: integer('total_chunks').notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    /** Set by the `success/` that is joining the chunks; another waits until it is old. */
    completingSince: timestamp('completing_since', { withTimezone: true }),
    /** The last chunk or claim; the sweep removes tasks untouched for a day. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('upload_tasks_user_task_unique').on(table.userUuid, table.taskId), index('upload_tasks_touched_idx').on(table.touchedAt)],
);

/** One received chunk: its bytes are the stored object `storageKey`, made by the server. */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => uploadTasks.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.chunk] }), index('upload_chunks_key_idx').on(table.storageKey)],
);
