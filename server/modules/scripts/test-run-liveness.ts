import os from 'node:os';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scriptTestRuns } from '../../db/schema';

/** How often the process running a 试运行 renews its heartbeat (with the log it flushes). */
export const TEST_RUN_HEARTBEAT_MS = 1000;
/** A running 试运行 whose heartbeat is older than this has lost its process (killed, or the machine gone). */
export const TEST_RUN_STALE_SECONDS = 15;
export const OWNER_GONE_REASON = '失败：运行它的服务进程已停止';
/** Who runs a 试运行, for an operator reading the table: host and process. */
export const TEST_RUN_OWNER = `${os.hostname()}:${process.pid}`;

/**
 * Marks failed the running 试运行 (of a project, or one run) whose heartbeat is stale. Both the
 * heartbeat and the comparison use the database's clock, so processes on machines with skewed
 * clocks agree; the UPDATE is conditional on `running`, so when the owner records its end at the
 * same moment exactly one of the two writes takes effect, and an owner that was only slow finds
 * its run taken at its next heartbeat and stops it.
 */
export function failOrphanedTestRuns(db: Db, where: { projectUuid: string; id?: number }) {
  const conditions: SQL[] = [
    eq(scriptTestRuns.projectUuid, where.projectUuid),
    eq(scriptTestRuns.state, 'running'),
    lt(scriptTestRuns.heartbeatAt, sql`now() - make_interval(secs => ${TEST_RUN_STALE_SECONDS})`),
  ];
  if (where.id !== undefined) conditions.push(eq(scriptTestRuns.id, where.id));
  return db
    .update(scriptTestRuns)
    .set({ state: 'failed', reason: OWNER_GONE_REASON, endedAt: sql`now()`, log: sql`${scriptTestRuns.log} || ${`\n*** ${OWNER_GONE_REASON} ***\n`}` })
    .where(and(...conditions));
}
