import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/sql';

export const LOCK_AFTER_WRONG_PASSWORDS = 5;
export const LOCK_MS = 15 * 60_000;

/** A sign-in name is a username or a mobile number. */
export async function findUserBySignInName(db: Db, name: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, name), eq(users.mobile, name)))
    .limit(1);
  return user;
}

export async function findUserByMobile(db: Db, mobile: string) {
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return user;
}

/**
 * Counts a password attempt before the password is checked, in one statement, so parallel
 * attempts each get their own number: only the first five after a success or an ended lock
 * are checked at all. Answers that number and the lock's end while a lock holds.
 */
export async function countPasswordAttempt(db: Db, userUuid: string, now = new Date()) {
  const lockEnded = sql`${users.lockedUntil} is not null and ${users.lockedUntil} <= ${now}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${lockEnded} then 1 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${lockEnded} then null else ${users.lockedUntil} end`,
    })
    .where(eq(users.uuid, userUuid))
    .returning({ attempt: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return row;
}

/** Locks password sign-in for LOCK_MS, unless a lock already holds; answers the lock's end. */
export async function lockPasswordSignIn(db: Db, userUuid: string, now = new Date()): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ lockedUntil: sql`coalesce(${users.lockedUntil}, ${new Date(now.getTime() + LOCK_MS)})` })
    .where(eq(users.uuid, userUuid))
    .returning({ lockedUntil: users.lockedUntil });
  return row.lockedUntil ?? now;
}

export async function clearWrongPasswords(db: Db, userUuid: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.uuid, userUuid));
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [user] = await db.select({ uuid: users.uuid }).from(users).where(eq(users.username, username));
  return user !== undefined;
}

export async function createUser(db: Db, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning({ uuid: users.uuid, username: users.username });
  return user;
}

export async function updateUser(db: Db, uuid: string, changes: Partial<typeof users.$inferInsert>) {
  const [user] = await db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.uuid, uuid)).returning();
  return user;
}

export const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/** Postgres unique violations name their constraint; this maps it to the field that clashed. */
export function uniqueViolationField(error: unknown): 'mobile' | 'username' | null {
  if (!isUniqueViolation(error)) return null;
  const cause = (error as { cause?: { constraint?: string } })?.cause ?? (error as { constraint?: string });
  if (cause.constraint?.includes('mobile')) return 'mobile';
  if (cause.constraint?.includes('username')) return 'username';
  return null;
}
