import { and, count, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dagRuns, taskInstances, workflows } from '../../../db/schema';
import { definitionOf, sendAdvance, wakeAdvance, type Engine } from './engine';
import { insertRun } from '../runs/run-writes';
import { intervalEnd, nextDagrun } from '../definitions/schedule';
import { capLog } from './task-log';

/** Due workflows handled per tick; the rest wait for the next one. */
const BATCH = 100;

/**
 * Makes the scheduled runs that are due: a workflow not paused, published, whose next logical
 * date's interval has ended. Each due workflow is locked with SKIP LOCKED and looked at again
 * (another process, or an advance, holding it just makes this tick leave it); the unique (workflow, run type, logical
 * date) keeps a run from being made twice in any case. A workflow with max_active_runs active
 * runs waits. Catch-up comes from nextDagrun: with catchup, each missed interval in turn.
 */
export async function scheduleDueRuns(engine: Engine): Promise<number> {
  const { app } = engine;
  const timeZone = app.config.timeZone;
  const now = new Date();
  const waiting = and(eq(workflows.isPaused, false), isNotNull(workflows.versionId), isNotNull(workflows.nextDagrun), lte(workflows.nextDagrun, now));
  // A logical date is the start of its interval: most of these wait for their interval's end, which only the schedule can say.
  const candidates = await app.db.select({ id: workflows.id, schedule: workflows.schedule, nextDagrun: workflows.nextDagrun }).from(workflows).where(waiting);
  const due = candidates.filter((workflow) => intervalEnd(workflow.schedule, workflow.nextDagrun!, timeZone) <= now).map((workflow) => workflow.id);
  if (due.length === 0) return 0;
  const made = await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await tx
      .select()
      .from(workflows)
      .where(and(waiting, inArray(workflows.id, due)))
      .orderBy(workflows.nextDagrun)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let runs = 0;
    for (const workflow of locked) {
      const logicalDate = workflow.nextDagrun!;
      const end = intervalEnd(workflow.schedule, logicalDate, timeZone);
      if (end > now) continue;
      const definition = await definitionOf(engine, tx, workflow.versionId!);
      if (!definition) continue;
      const [{ active }] = await tx
        .select({ active: count() })
        .from(dagRuns)
        .where(and(eq(dagRuns.workflowId, workflow.id), inArray(dagRuns.state, ['queued', 'running'])));
      if (active >= definition.maxActiveRuns) continue;
      const id = await insertRun(engine, tx, {
        workflowId: workflow.id,
        versionId: workflow.versionId!,
        definition,
        runType: 'scheduled',
        logicalDate,
        dataIntervalStart: logicalDate,
        dataIntervalEnd: end,
        conf: {},
        triggeredBy: null,
        note: '',
      });
      if (id) runs += 1;
      const settings = { schedule: workflow.schedule, startDate: workflow.startDate, endDate: workflow.endDate, catchup: workflow.catchup };
      await tx.update(workflows).set({ nextDagrun: nextDagrun(settings, logicalDate, now, timeZone) }).where(eq(workflows.id, workflow.id));
    }
    return runs;
  });
  if (made > 0) wakeAdvance(engine);
  return made;
}

/** The log line of a try whose worker died. */
export const ZOMBIE_MESSAGE = '任务执行进程已退出（心跳超时），按重试规则处理';

/**
 * Tries whose heartbeat stopped (their worker died): each counts as a failed try, so the
 * instance goes up_for_retry or failed, and its workflow advances. Never left running forever.
 */
export async function reapZombies(engine: Engine): Promise<number> {
  const { app } = engine;
  const reaped = await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const stale = sql`now() - make_interval(secs => ${engine.zombieSeconds})`;
    const zombies = await tx
      .select({ id: taskInstances.id, tryNumber: taskInstances.tryNumber, maxTries: taskInstances.maxTries, workflowId: taskInstances.workflowId, taskId: taskInstances.taskId, log: taskInstances.log, versionId: dagRuns.versionId })
      .from(taskInstances)
      .innerJoin(dagRuns, eq(dagRuns.id, taskInstances.dagRunId))
      .where(and(eq(taskInstances.state, 'running'), or(isNull(taskInstances.heartbeatAt), lt(taskInstances.heartbeatAt, stale))))
      .limit(100)
      .for('update', { of: taskInstances, skipLocked: true });
    for (const zombie of zombies) {
      const retry = zombie.tryNumber < zombie.maxTries;
      await tx
        .update(taskInstances)
        .set({
          state: retry ? 'up_for_retry' : 'failed',
          endDate: sql`now()`,
          duration: sql`extract(epoch from now() - ${taskInstances.startDate})`,
          heartbeatAt: null,
          log: capLog(`${zombie.log}${zombie.log && !zombie.log.endsWith('\n') ? '\n' : ''}*** ${ZOMBIE_MESSAGE} ***\n`),
        })
        .where(eq(taskInstances.id, zombie.id));
      await sendAdvance(engine, tx, zombie.workflowId);
      const definition = await definitionOf(engine, tx, zombie.versionId);
      const delay = definition?.tasks.find((task) => task.name === zombie.taskId)?.retryDelay ?? 0;
      if (retry && delay > 0) await sendAdvance(engine, tx, zombie.workflowId, delay);
    }
    return zombies.length;
  });
  if (reaped > 0) wakeAdvance(engine);
  return reaped;
}
