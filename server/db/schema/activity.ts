import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/** Changed fields only: `{field: [before, after]}`. */
export type ActivityChanges = Record<string, [unknown, unknown]>;

/**
 * One write to the project's reports, materials, groups, labels, members or roles, recorded in
 * the write's own transaction. Who and what are copied, not referenced: the record outlives the
 * user's name change and the target's delete.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid'),
    userName: varchar('user_name', { length: 150 }).notNull().default(''),
    action: varchar('action', { length: 16 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    targetName: varchar('target_name', { length: 200 }).notNull().default(''),
    changes: jsonb('changes').$type<ActivityChanges>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Each filter of the list reads its page in (created_at desc, id desc) order from one index.
    index('activities_project_idx').on(table.projectUuid, table.createdAt.desc(), table.id.desc()),
    index('activities_type_idx').on(table.projectUuid, table.targetType, table.createdAt.desc(), table.id.desc()),
    index('activities_target_idx').on(table.projectUuid, table.targetType, table.targetId, table.createdAt.desc(), table.id.desc()),
    index('activities_user_idx').on(table.projectUuid, table.userUuid, table.createdAt.desc(), table.id.desc()),
    // The retention sweep deletes the oldest rows of every project. BRIN: rows arrive in time order,
    // and a btree on created_at alone would tempt the planner to sort a project's page from it.
    index('activities_created_idx').using('brin', table.createdAt),
  ],
);
