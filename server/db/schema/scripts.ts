import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
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
     * The script's own reference on its current file (its versions hold the older ones): only
     * deleting the script releases them. No action on delete, so nothing else can remove a file a script still names.
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

/**
 * Every file a script has had, numbered 1, 2, … per script: the first at creation, one more at
 * each change of its file (upload, edit, the code editor's save). Versions are kept; each holds
 * its stored file (no action on delete: deleting the script releases them).
 */
export const scriptVersions = pgTable(
  'script_versions',
  {
    id: serial('id').primaryKey(),
    scriptId: integer('script_id').notNull().references(() => scripts.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    fileId: integer('file_id').notNull().references(() => storedFiles.id),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('script_versions_script_n_unique').on(table.scriptId, table.n), index('script_versions_file_idx').on(table.fileId)],
);

/** A 试运行: one run of a script's current version in the sandbox with sample inputs, outside any workflow. */
export const scriptTestRuns = pgTable(
  'script_test_runs',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    scriptId: integer('script_id').notNull().references(() => scripts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** running, success or failed. */
    state: varchar('state', { length: 16 }).notNull().default('running'),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    outputs: jsonb('outputs').$type<Record<string, unknown>>().notNull().default({}),
    /** Why it failed (Chinese), '' otherwise. */
    reason: text('reason').notNull().default(''),
    /** What the script printed so far, flushed while it runs. */
    log: text('log').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Renewed by the process running it (database clock); a stale one while running means that process is gone. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** The process running it (host:pid), for the operator reading the table. */
    owner: varchar('owner', { length: 255 }).notNull().default(''),
  },
  (table) => [index('script_test_runs_project_state_idx').on(table.projectUuid, table.state)],
);
