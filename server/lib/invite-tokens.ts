import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invitations } from '../db/schema';
import { badRequest } from './errors';

/** What a token lets its holder join: an organization, a project, or the platform staff. */
export type InvitationKind = 'organization' | 'project' | 'staff';
export type Invitation = typeof invitations.$inferSelect;

export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MIN_DAYS = 1;
export const INVITE_MAX_DAYS = 365;
export const INVITE_DEFAULT_MAX_USES = 100;

export const INVITE_MESSAGES = {
  invalid: '邀请链接无效',
  expired: '邀请链接已过期',
  usedUp: '邀请链接已达到使用次数上限',
} as const;

const DAY_MS = 24 * 3600_000;
const TOKEN = /^[0-9a-f]{64}$/;

/** Only this hash is stored, so a leaked table does not leak live invite links. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewInvitation {
  kind: InvitationKind;
  organizationUuid: string;
  projectUuid?: string | null;
  /** The role given on joining; null means the default role at the time of joining. */
  roleId?: number | null;
  createdBy?: string | null;
  /** Days of validity, 1 to 365; 7 when absent. */
  days?: number;
  /** How many times the link can be used; 100 when absent. */
  maxUses?: number;
}

/** Makes an invite link token: 32 random bytes in hex, of which only the SHA-256 is stored. */
export async function createInvitation(db: Db, input: NewInvitation): Promise<{ token: string; invitation: Invitation }> {
  const days = input.days ?? INVITE_DEFAULT_DAYS;
  if (!Number.isInteger(days) || days < INVITE_MIN_DAYS || days > INVITE_MAX_DAYS) {
    throw badRequest(`邀请链接有效天数须为 ${INVITE_MIN_DAYS} 到 ${INVITE_MAX_DAYS} 之间的整数`);
  }
  const maxUses = input.maxUses ?? INVITE_DEFAULT_MAX_USES;
  if (!Number.isInteger(maxUses) || maxUses < 1) throw badRequest('邀请链接可使用次数须为正整数');
  const token = randomBytes(32).toString('hex');
  const [invitation] = await db
    .insert(invitations)
    .values({
      tokenHash: hashInviteToken(token),
      kind: input.kind,
      organizationUuid: input.organizationUuid,
      projectUuid: input.projectUuid ?? null,
      roleId: input.roleId ?? null,
      createdBy: input.createdBy ?? null,
      expiresAt: new Date(Date.now() + days * DAY_MS),
      maxUses,
    })
    .returning();
  return { token, invitation };
}

async function usableInvitation(db: Db, token: string | undefined, kind: InvitationKind, lock: boolean): Promise<Invitation> {
  const normalized = (token ?? '').trim().toLowerCase();
  if (!TOKEN.test(normalized)) throw badRequest(INVITE_MESSAGES.invalid);
  const query = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashInviteToken(normalized)), eq(invitations.kind, kind)));
  const [invitation] = lock ? await query.for('update') : await query;
  if (!invitation) throw badRequest(INVITE_MESSAGES.invalid);
  if (invitation.expiresAt.getTime() <= Date.now()) throw badRequest(INVITE_MESSAGES.expired);
  if (invitation.useCount >= invitation.maxUses) throw badRequest(INVITE_MESSAGES.usedUp);
  return invitation;
}

/**
 * The invitation of a token if it can still be used, without using it: 400 邀请链接无效 for an
 * unknown token (or one of another kind), 邀请链接已过期, 邀请链接已达到使用次数上限.
 */
export function checkInvitation(db: Db, token: string | undefined, kind: InvitationKind): Promise<Invitation> {
  return usableInvitation(db, token, kind, false);
}

/**
 * Uses a token once, in one transaction: locks its row, checks it as checkInvitation does, runs
 * `use` (the join itself) in the same transaction, and counts the use. If `use` throws, nothing
 * is written and the use is not counted.
 */
export async function redeemInvitation<T = undefined>(
  db: Db,
  token: string | undefined,
  kind: InvitationKind,
  use?: (tx: Db, invitation: Invitation) => Promise<T>,
): Promise<{ invitation: Invitation; result: T }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const invitation = await usableInvitation(tx, token, kind, true);
    const result = use ? await use(tx, invitation) : (undefined as T);
    const [updated] = await tx
      .update(invitations)
      .set({ useCount: sql`${invitations.useCount} + 1` })
      .where(eq(invitations.id, invitation.id))
      .returning();
    return { invitation: updated, result };
  });
}
