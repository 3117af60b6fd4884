import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { labels } from './labels';
import { libraryGroups, libraryItems } from './library';
import { projects } from './projects';
import type { GeneratePayload } from '../../../contract/results';

/** One 成果生成 request: what was asked, by whom, and when it started and settled. */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<GeneratePayload>().notNull(),
    level: smallint('level').notNull(),
    dimensionLabelId: integer('dimension_label_id').references(() => labels.id, { onDelete: 'set null' }),
    dimensionName: varchar('dimension_name', { length: 50 }).notNull(),
    reportTypeLabelId: integer('report_type_label_id').references(() => labels.id, { onDelete: 'set null' }),
    reportTypeName: varchar('report_type_name', { length: 50 }).notNull(),
    reportGroupId: integer('report_group_id').references(() => libraryGroups.id, { onDelete: 'set null' }),
    requestedBy: uuid('requested_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** The requester's display name, the generated reports' create_user. */
    createUser: varchar('create_user', { length: 150 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('generation_jobs_project_idx').on(table.projectUuid, table.createdAt, table.id)],
);

/** A region of a generation: pending until its report is committed (done) or it failed with a reason. */
export const generationRegions = pgTable(
  'generation_regions',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id').notNull().references(() => generationJobs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    path: text('path').array().notNull(),
    state: varchar('state', { length: 8 }).$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    error: text('error'),
    reportId: integer('report_id').references(() => libraryItems.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('generation_regions_job_position_unique').on(table.jobId, table.position)],
);

/**
 * What the results list filters and counts for each generated report, beside its library row:
 * the region path and its prefixes (`region_keys`, GIN: "at or under one of these regions"),
 * the level, the dimension, the indicators met. Its project and creation time are copied so
 * a filtered page and its count come from this table alone.
 */
export const resultReports = pgTable(
  'result_reports',
  {
    itemId: integer('item_id').primaryKey().references(() => libraryItems.id, { onDelete: 'cascade' }),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    region: text('region').array().notNull(),
    /** Each prefix of the path as one text (regionKeysOf). */
    regionKeys: text('region_keys').array().notNull(),
    level: smallint('level').notNull(),
    dimensionLabelId: integer('dimension_label_id').references(() => labels.id, { onDelete: 'set null' }),
    indicatorsMet: integer('indicators_met').notNull(),
    indicatorsTotal: integer('indicators_total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('result_reports_list_idx').on(table.projectUuid, table.createdAt, table.itemId),
    index('result_reports_dimension_idx').on(table.projectUuid, table.dimensionLabelId, table.createdAt, table.itemId),
    index('result_reports_region_keys_idx').using('gin', table.regionKeys),
  ],
);

/** The region keys of a path: every prefix, its names joined by a unit separator (no name holds one). */
export const REGION_KEY_SEPARATOR = '\u001f';
export const regionKey = (path: string[]) => path.join(REGION_KEY_SEPARATOR);
export const regionKeysOf = (path: string[]) => path.map((_, i) => regionKey(path.slice(0, i + 1)));

/**
 * Generated reports per project, region key (every prefix of their paths) and dimension (0:
 * none), with their indicators met and counted, kept by a trigger on result_reports in the
 * transaction of every write (migration 0019): the results list's total and the statistics
 * without a name or time filter are sums of a few of these rows, not a count of the reports.
 * No foreign key: the rows of a deleted project's reports are taken away by the same trigger.
 */
export const resultCounts = pgTable(
  'result_counts',
  {
    projectUuid: uuid('project_uuid').notNull(),
    regionKey: text('region_key').notNull(),
    dimensionLabelId: integer('dimension_label_id').notNull(),
    depth: smallint('depth').notNull(),
    n: integer('n').notNull(),
    met: integer('met').notNull(),
    indicators: integer('indicators').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectUuid, table.regionKey, table.dimensionLabelId] }),
    index('result_counts_depth_idx').on(table.projectUuid, table.depth),
  ],
);
