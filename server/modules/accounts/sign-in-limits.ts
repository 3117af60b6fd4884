import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInAttempts } from '../../db/schema';
import { AppError, ErrorCode } from '../../lib/errors';

export const SIGN_IN_RULES = { perAddress: 20, windowMs: 15 * 60_000 };

/**
 * Counts a password sign-in of a client address, refusing the address after 20 in the last 15
 * minutes, so one address cannot guess across many accounts. The attempt counts before its
 * password is checked (parallel attempts cannot slip past; the advisory lock makes every server
 * process agree); the answer takes it back when the password was right.
 */
export async function takeSignInAttempt(db: Db, clientAddress: string, now = Date.now()): Promise<() => Promise<void>> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${clientAddress}`}))`);
    const windowStart = new Date(now - SIGN_IN_RULES.windowMs);
    const mine = eq(signInAttempts.clientAddress, clientAddress);
    await tx.delete(signInAttempts).where(and(mine, lte(signInAttempts.createdAt, windowStart)));
    const [{ recent }] = await tx.select({ recent: count() }).from(signInAttempts).where(and(mine, gt(signInAttempts.createdAt, windowStart)));
    if (recent >= SIGN_IN_RULES.perAddress) throw new AppError(429, ErrorCode.tooManyRequests, '登录尝试过于频繁，请稍后再试');
    const [row] = await tx.insert(signInAttempts).values({ clientAddress, createdAt: new Date(now) }).returning({ id: signInAttempts.id });
    return row.id;
  });
  return async () => void (await db.delete(signInAttempts).where(eq(signInAttempts.id, id)));
}
