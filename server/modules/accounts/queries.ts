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

/** Counts a wrong password; the fifth in a row locks password sign-in. Answers the lock's end, if any. */
export async function recordWrongPassword(db: Db, userUuid: string): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.uuid, userUuid))
    .returning({ failed: users.failedLoginCount });
  if (row.failed < LOCK_AFTER_WRONG_PASSWORDS) return null;
  const lockedUntil = new Date(Date.now() + LOCK_MS);
  await db.update(users).set({ failedLoginCount: 0, lockedUntil }).where(eq(users.uuid, userUuid));
  return lockedUntil;
}

export async function clearWrongPasswords(db: Db, userUuid: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.uuid, userUuid));
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
