import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
import { organizations } from './organizations';
import { projects } from './projects';

/**
 * Roles of an organization (projectUuid null) or of one project. `permissions` holds
 * permission detail strings of the catalogue in contract/permissions.ts.
 */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    organizationUuid: uuid('organization_uuid').notNull().references(() => organizations.uuid, { onDelete: 'cascade' }),
    projectUuid: uuid('project_uuid').references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    permissions: text('permissions').array().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    /** Built-in roles (false) are made with the project; the admin role cannot be deleted. */
    customize: boolean('customize').notNull().default(true),
    builtin: varchar('builtin', { length: 16 }),
    ...timestamps,
  },
  (table) => [index('roles_project_idx').on(table.projectUuid), index('roles_organization_idx').on(table.organizationUuid)],
);

/** Invite links: only the SHA-256 of the token is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 16 }).notNull(),
    organizationUuid: uuid('organization_uuid').notNull().references(() => organizations.uuid, { onDelete: 'cascade' }),
    projectUuid: uuid('project_uuid').references(() => projects.uuid, { onDelete: 'cascade' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses').notNull(),
    useCount: integer('use_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

export const projectProfiles = pgTable('project_profiles', {
  projectUuid: uuid('project_uuid').primaryKey().references(() => projects.uuid, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});
