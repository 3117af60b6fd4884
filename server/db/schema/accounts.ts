import { boolean, index, integer, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

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
  /** Wrong passwords in a row; the fifth locks password sign-in until lockedUntil. */
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
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

/** Verification codes sent by SMS; only their SHA-256 is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_codes_mobile_idx').on(table.mobile, table.createdAt),
    index('sms_codes_client_idx').on(table.clientAddress, table.createdAt),
  ],
);

/** Password sign-in attempts per client address, kept 15 minutes; shared by every server process. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: serial('id').primaryKey(),
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sign_in_attempts_client_idx').on(table.clientAddress, table.createdAt)],
);
