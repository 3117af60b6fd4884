import { boolean, index, integer, jsonb, pgTable, serial, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
import { organizations } from './organizations';

export interface ProjectExtraInfo {
  project_id?: string;
  connection_id?: string;
  schema_name?: string;
  database_name?: string;
}

export const projects = pgTable(
  'projects',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    organizationUuid: uuid('organization_uuid').notNull().references(() => organizations.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    skin: varchar('skin', { length: 32 }).notNull().default('darkblue'),
    color: varchar('color', { length: 32 }).notNull().default(''),
    extraInfo: jsonb('extra_info').$type<ProjectExtraInfo>().notNull().default({}),
    isPublic: boolean('is_public').notNull().default(false),
    projectCardUrl: text('project_card_url').notNull().default(''),
    ...timestamps,
  },
  (table) => [index('projects_organization_idx').on(table.organizationUuid)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull().references(() => users.uuid, { onDelete: 'cascade' }),
    /** A role of this project (roles.id); no foreign key, to keep the table order simple. */
    roleId: integer('role_id'),
    ...timestamps,
  },
  (table) => [
    unique('project_members_project_user_unique').on(table.projectUuid, table.userUuid),
    index('project_members_user_idx').on(table.userUuid),
  ],
);
