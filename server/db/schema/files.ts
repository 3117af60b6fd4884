import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { organizations } from './organizations';
import { projects } from './projects';

/**
 * Uploaded files. `storageKey` is made by the server, never from a client name; rows of
 * the same project with the same content share one stored object.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    organizationUuid: uuid('organization_uuid').notNull().references(() => organizations.uuid, { onDelete: 'cascade' }),
    projectUuid: uuid('project_uuid').references(() => projects.uuid, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** Word files: none, pending, done, failed or unavailable (no soffice). */
    transcode: varchar('transcode', { length: 16 }).notNull().default('none'),
    pdfKey: varchar('pdf_key', { length: 200 }),
    pdfSize: integer('pdf_size'),
    /** JPEG and PNG: the card preview (WebP), made at upload; null for other types and older rows. */
    thumbKey: varchar('thumb_key', { length: 200 }),
    thumbSize: integer('thumb_size'),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stored_files_sha_idx').on(table.organizationUuid, table.sha256),
    index('stored_files_key_idx').on(table.storageKey),
  ],
);

/**
 * How many stored_files columns (storage_key, pdf_key, thumb_key) name each stored object,
 * kept by triggers in the transaction that changes the rows, cascades included. A count of 0
 * marks the object for deletion from storage once that transaction has committed.
 */
export const storageObjects = pgTable(
  'storage_objects',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    refs: integer('refs').notNull(),
  },
  (table) => [index('storage_objects_unused_idx').on(table.key).where(sql`${table.refs} = 0`)],
);
