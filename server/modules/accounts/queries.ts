import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** A sign-in name is a username or a mobile number. */
export async function findUserBySignInName(db: Db, name: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, name), eq(users.mobile, name)))
    .limit(1);
  return user;
}
