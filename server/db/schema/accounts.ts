import { boolean, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
export { timestamps };

export const users = pgTable('users', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  username: varchar('username', { length: 150 }).notNull().unique(),
  mobile: varchar('mobile', { length: 11 }).unique(),
  nickname: varchar('nickname', { length: 150 }).notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  isSuperuser: boolean('is_superuser').notNull().default(false),
  isStaff: boolean('is_staff').notNull().default(false),
  currentOrganizationUuid: uuid('current_organization_uuid'),
  ...timestamps,
});

/** Only the SHA-256 of a token is stored, so a leaked table does not leak live sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userUuid: uuid('user_uuid').notNull().references(() => users.uuid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: varchar('end_reason', { length: 32 }),
  },
  (table) => [index('sessions_user_idx').on(table.userUuid)],
);
