import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './accounts';
import { storedFiles } from './files';
import { projects } from './projects';

/** A project's script (spec platform section 3): an uploaded text file and the image that runs it. */
export const scripts = pgTable(
  'scripts',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /**
     * The script's own reference on its file: only deleting the script or changing its file
     * releases it. No action on delete, so nothing else can remove a file a script still names.
     */
    fileId: integer('file_id').notNull().references(() => storedFiles.id),
    dockerName: varchar('docker_name', { length: 255 }).notNull().default(''),
    dockerTag: varchar('docker_tag', { length: 128 }).notNull().default(''),
    /** Set only by an organization admin: the script may reach the network (never loopback, link-local or the platform's database). */
    allowNetwork: boolean('allow_network').notNull().default(false),
    ...timestamps,
  },
  (table) => [unique('scripts_project_name_unique').on(table.projectUuid, table.name), index('scripts_file_idx').on(table.fileId)],
);

/** An input or output parameter of a script. */
export const scriptParams = pgTable(
  'script_params',
  {
    id: serial('id').primaryKey(),
    scriptId: integer('script_id').notNull().references(() => scripts.id, { onDelete: 'cascade' }),
    direction: varchar('direction', { length: 8 }).notNull(),
    fieldName: varchar('field_name', { length: 64 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    required: boolean('required').notNull().default(false),
    /** The choices of a string parameter; empty for the other types. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    numberMin: doublePrecision('number_min'),
    numberMax: doublePrecision('number_max'),
    placeholder: varchar('placeholder', { length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (table) => [unique('script_params_script_direction_field_unique').on(table.scriptId, table.direction, table.fieldName)],
);
