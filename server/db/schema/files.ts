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
