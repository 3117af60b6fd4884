import { integer, pgTable, serial, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './accounts';
import { projects } from './projects';

/** A project's connection to a database of its own (spec platform section 3). */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    drivername: varchar('drivername', { length: 32 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    username: varchar('username', { length: 128 }).notNull(),
    /** AES-256-GCM of the password (server/modules/connections/secret.ts); never answered. */
    passwordSealed: text('password_sealed').notNull(),
    database: varchar('database', { length: 128 }).notNull(),
    ...timestamps,
  },
  (table) => [unique('connections_project_name_unique').on(table.projectUuid, table.name)],
);
