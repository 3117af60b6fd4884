import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { preparedPer } from '../db/prepared';
import { organizationMembers, projects, sessions, users } from '../db/schema';
import { ErrorCode, notAuthenticated } from '../lib/errors';
import { joinStanding, standingFields, type Standing } from './standing';

export type SessionUser = typeof users.$inferSelect;

/** lastSeenAt is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** One device at a time: a new session ends the user's earlier ones, whose tokens then answer 40004. */
export async function createSession(db: Db, userUuid: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ endedAt: new Date(), endReason: 'replaced' })
      .where(and(eq(sessions.userUuid, userUuid), isNull(sessions.endedAt)));
    const now = new Date();
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userUuid, createdAt: now, lastSeenAt: now });
  });
  return token;
}

/** Ends every open session of the user but the one of `keepToken`. */
export async function endUserSessions(db: Db, userUuid: string, reason: string, keepToken?: string): Promise<void> {
  const conditions = [eq(sessions.userUuid, userUuid), isNull(sessions.endedAt)];
  if (keepToken) conditions.push(ne(sessions.tokenHash, hashToken(keepToken)));
  await db.update(sessions).set({ endedAt: new Date(), endReason: reason }).where(and(...conditions));
}

export async function endSession(db: Db, token: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.endedAt)));
}

export interface ResolvedSession {
  user: SessionUser;
  /** The organization the user is a member of: `organization` if given, else the current one, else the first joined. */
  organizationUuid: string | null;
  /** The caller's standing in the project asked for, when one was (null: no such project in that organization). */
  standing?: Standing | null;
}

/** The request's organization: the one asked for if the user is a member, else the current one, else the first joined. */
const chosenOrganization = () => {
  const m = alias(organizationMembers, 'chosen_membership');
  const organization = sql.placeholder('organization');
  return sql<string | null>`(select ${m.organizationUuid} from ${organizationMembers} ${m} where ${m.userUuid} = ${users.uuid}
    and (${organization}::uuid is null or ${m.organizationUuid} = ${organization}::uuid)
    order by ${m.organizationUuid} = ${users.currentOrganizationUuid} desc nulls last, ${m.id} limit 1)`;
};

const sessionQuery = preparedPer((db) =>
  db
    .select({ session: sessions, user: users, organizationUuid: chosenOrganization() })
    .from(sessions)
    .innerJoin(users, eq(users.uuid, sessions.userUuid))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('resolve_session'),
);

/** The same, with the caller's standing in one project of that organization: one round trip for both. */
const sessionInProjectQuery = preparedPer((db) => {
  const organization = chosenOrganization();
  const query = db
    .select({ session: sessions, user: users, organizationUuid: organization, ...standingFields })
    .from(sessions)
    .innerJoin(users, eq(users.uuid, sessions.userUuid))
    .leftJoin(projects, and(eq(projects.uuid, sql.placeholder('projectUuid')), eq(projects.organizationUuid, organization)))
    .$dynamic();
  return joinStanding(query, users.uuid).where(eq(sessions.tokenHash, sql.placeholder('tokenHash'))).prepare('resolve_session_in_project');
});

/**
 * The user behind a token and their organization, in one query (every request pays for it),
 * or a 401 whose code tells a replaced session from an unknown one.
 */
export async function resolveSession(
  db: Db,
  token: string,
  idleLimitMs: number,
  organization?: string,
  projectUuid?: string,
): Promise<ResolvedSession> {
  const tokenHash = hashToken(token);
  const [row] = projectUuid
    ? await sessionInProjectQuery(db).execute({ tokenHash, organization: organization ?? null, projectUuid })
    : await sessionQuery(db).execute({ tokenHash, organization: organization ?? null });
  if (!row) throw notAuthenticated('登录状态已失效，请重新登录');
  const { session, user, organizationUuid } = row;
  if (session.endedAt) {
    if (session.endReason === 'replaced') {
      throw notAuthenticated('该账号已在其他设备登录，请重新登录', ErrorCode.sessionReplaced);
    }
    throw notAuthenticated('登录状态已失效，请重新登录', ErrorCode.sessionExpired);
  }
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() > idleLimitMs) {
    await db.update(sessions).set({ endedAt: new Date(now), endReason: 'idle' }).where(eq(sessions.tokenHash, tokenHash));
    throw notAuthenticated('登录状态已过期，请重新登录', ErrorCode.sessionExpired);
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
  }
  if (!projectUuid) return { user, organizationUuid };
  const { project, member, role, isOwner, organizationRole } = row as typeof row & Standing;
  return { user, organizationUuid, standing: { project, member, role, isOwner, organizationRole } };
}

/** The signed-in user of a route that is not public (authenticate.ts put it on the request). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
