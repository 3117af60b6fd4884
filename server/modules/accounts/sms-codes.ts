import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { SMS_RESEND_SECONDS } from '../../../contract/accounts';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { AppError, badRequest, ErrorCode } from '../../lib/errors';
import type { SmsSender } from '../../lib/sms';

/** Registration uses the login code (the spec's register code carries action login). */
const PURPOSE_OF_ACTION = { login: 'login', register: 'login', reset: 'reset', bind: 'bind', rebind: 'bind' } as const;
export type SmsAction = keyof typeof PURPOSE_OF_ACTION;
export const SMS_ACTIONS = Object.keys(PURPOSE_OF_ACTION) as SmsAction[];

export const CODE_RULES = {
  validMs: 5 * 60_000,
  resendAfterMs: SMS_RESEND_SECONDS * 1000,
  perMobilePerDay: 10,
  perAddressPerHour: 20,
  maxWrongTries: 5,
};

const tooMany = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, ErrorCode.tooManyRequests, message, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined);
const hashCode = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest('hex');
// Serializes the checks for one mobile across server processes.
const lockMobile = (tx: Db, mobile: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);

export async function issueCode(
  db: Db,
  sender: SmsSender,
  request: { mobile: string; action: SmsAction; clientAddress: string },
): Promise<void> {
  const { mobile, action, clientAddress } = request;
  const now = Date.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await db.transaction(async (tx) => {
    await lockMobile(tx as unknown as Db, mobile);
    const [last] = await tx.select().from(smsCodes).where(eq(smsCodes.mobile, mobile)).orderBy(desc(smsCodes.createdAt)).limit(1);
    const wait = last ? Math.ceil((last.createdAt.getTime() + CODE_RULES.resendAfterMs - now) / 1000) : 0;
    // Retry-After lets the app count down the same seconds the message names.
    if (wait > 0) throw tooMany(`验证码发送过于频繁，请 ${wait} 秒后再获取`, wait);
    const [{ today }] = await tx
      .select({ today: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, new Date(now - 24 * 3600_000))));
    if (today >= CODE_RULES.perMobilePerDay) throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');
    const [{ recent }] = await tx
      .select({ recent: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.clientAddress, clientAddress), gt(smsCodes.createdAt, new Date(now - 3600_000))));
    if (recent >= CODE_RULES.perAddressPerHour) throw tooMany('当前网络获取验证码过于频繁，请稍后再试');
    const [row] = await tx
      .insert(smsCodes)
      .values({
        mobile,
        purpose: PURPOSE_OF_ACTION[action],
        codeHash: hashCode(mobile, code),
        clientAddress,
        createdAt: new Date(now),
        expiresAt: new Date(now + CODE_RULES.validMs),
      })
      .returning({ id: smsCodes.id });
    return row.id;
  });
  try {
    await sender.send({ mobile, action, code });
  } catch (error) {
    // An unsent code must not count against the limits.
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    throw Object.assign(new AppError(503, ErrorCode.unavailable, '短信发送失败，请稍后重试'), { cause: error });
  }
}

type Outcome = 'ok' | 'none' | 'used' | 'expired' | 'dead' | 'wrong';
const OUTCOME_MESSAGES: Record<Exclude<Outcome, 'ok'>, string> = {
  none: '请先获取验证码',
  used: '验证码已使用，请重新获取',
  expired: '验证码已过期，请重新获取',
  dead: '验证码错误次数过多，请重新获取',
  wrong: '验证码错误',
};

/** Uses the newest code sent to the mobile for this action; a wrong try counts even though it throws. */
export async function consumeCode(db: Db, request: { mobile: string; action: SmsAction; code: string }): Promise<void> {
  const { mobile, code } = request;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    await lockMobile(tx as unknown as Db, mobile);
    const [latest] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, PURPOSE_OF_ACTION[request.action])))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (!latest) return 'none';
    if (latest.usedAt) return 'used';
    if (latest.failedAttempts >= CODE_RULES.maxWrongTries) return 'dead';
    if (latest.expiresAt.getTime() < Date.now()) return 'expired';
    if (latest.codeHash !== hashCode(mobile, code)) {
      const failedAttempts = latest.failedAttempts + 1;
      await tx.update(smsCodes).set({ failedAttempts }).where(eq(smsCodes.id, latest.id));
      return failedAttempts >= CODE_RULES.maxWrongTries ? 'dead' : 'wrong';
    }
    await tx.update(smsCodes).set({ usedAt: new Date() }).where(eq(smsCodes.id, latest.id));
    return 'ok';
  });
  if (outcome !== 'ok') throw badRequest(OUTCOME_MESSAGES[outcome]);
}
