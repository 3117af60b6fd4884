import { index, integer, jsonb, pgTable, serial, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './accounts';
import { projects } from './projects';

import { ATOMIC_LABEL, ENTITY_NAMES, type EntityName } from '../../../contract/labels';

export const LABEL_ORIGINS = ENTITY_NAMES;
export type LabelOrigin = EntityName;

export const labelGroups = pgTable(
  'label_groups',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (table) => [unique('label_groups_project_name_unique').on(table.projectUuid, table.name)],
);

export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    extraInfo: jsonb('extra_info').$type<Record<string, unknown>>().notNull().default({}),
    origin: varchar('origin', { length: 8 }).$type<LabelOrigin>().notNull(),
    type: varchar('type', { length: 16 }).notNull().default(ATOMIC_LABEL),
    /** Deleting a group deletes its labels. */
    labelGroupId: integer('label_group_id').references(() => labelGroups.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [
    unique('labels_group_origin_name_unique').on(table.projectUuid, table.labelGroupId, table.origin, table.name).nullsNotDistinct(),
    index('labels_project_origin_idx').on(table.projectUuid, table.origin, table.name),
  ],
);

/** Filter groups: the rows of the tag filter panel of a report or material list. */
export const filterLabelSettings = pgTable(
  'filter_label_settings',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    origin: varchar('origin', { length: 8 }).$type<LabelOrigin>().notNull(),
    /** The report or material group the filter belongs to; null for every group. */
    groupId: integer('group_id'),
    tags: integer('tags').array().notNull().default([]),
    dataFields: jsonb('data_fields').$type<unknown[]>().notNull().default([]),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('filter_label_settings_project_idx').on(table.projectUuid, table.origin)],
);
