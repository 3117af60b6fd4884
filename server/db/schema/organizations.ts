import { boolean, index, integer, pgTable, serial, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';

/** A name names one organization: users tell them apart by name when they switch and invite. */
export const organizations = pgTable(
  'organizations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    name: varchar('name', { length: 150 }).notNull(),
    ...timestamps,
  },
  (table) => [unique('organizations_name_unique').on(table.name)],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    id: serial('id').primaryKey(),
    organizationUuid: uuid('organization_uuid').notNull().references(() => organizations.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull().references(() => users.uuid, { onDelete: 'cascade' }),
    isOwner: boolean('is_owner').notNull().default(false),
    /** A role of this organization (roles.id). */
    roleId: integer('role_id'),
    ...timestamps,
  },
  (table) => [
    unique('organization_members_org_user_unique').on(table.organizationUuid, table.userUuid),
    index('organization_members_user_idx').on(table.userUuid),
  ],
);
