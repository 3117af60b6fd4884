import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { FINISHED_TASK_STATES, type TaskState } from '../../../../contract/workflows';
import type { Db } from '../../../db/client';
import { dagRuns, taskInstances } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/sql';
import { downstreamsOf, lockWorkflow } from '../engine/advance';
import { definitionOf, sendAdvance, wakeAdvance, type Engine } from '../engine/engine';
import { checkConf } from './run-conf';
import { parseInstant } from '../../../lib/dates';
import type { RunRow, WorkflowRow } from './run-queries';
import { insertRun } from './run-writes';

type Tx = Db;

/**
 * A change of a run under its workflow's lock (the lock order of every writer: workflow, then
 * run), then the advance job; the tries it took from their workers are stopped at once in this
 * process, and by their heartbeat elsewhere.
 */
async function underLock(engine: Engine, run: RunRow, change: (tx: Tx, run: RunRow) => Promise<number[]>) {
  const stopped = await engine.app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockWorkflow(tx, run.workflowId);
    const [locked] = await tx.select().from(dagRuns).where(eq(dagRuns.id, run.id)).for('update');
    if (!locked) throw notFound('工作流运行不存在');
    const ids = await change(tx, locked);
    await sendAdvance(engine, tx, run.workflowId);
    return ids;
  });
  engine.stopLocal(stopped);
  wakeAdvance(engine);
}

const runningIds = async (tx: Tx, runId: number) =>
  (await tx.select({ id: taskInstances.id }).from(taskInstances).where(and(eq(taskInstances.dagRunId, runId), eq(taskInstances.state, 'running')))).map((row) => row.id);

const stoppedLog = (what: string) => sql`${taskInstances.log} || ${`*** ${what}，本次尝试已停止 ***\n`}`;

/** POST dag_runs/: a manual run of the published version, its conf checked against the version's run inputs. */
export async function triggerRun(engine: Engine, workflow: WorkflowRow, body: { conf?: Record<string, unknown>; logical_date?: string; note?: string }, userUuid: string) {
  if (!workflow.versionId) throw badRequest('工作流尚未发布，请先发布');
  const timeZone = engine.app.config.timeZone;
  const definition = await definitionOf(engine, engine.app.db, workflow.versionId);
  if (!definition) throw badRequest('工作流尚未发布，请先发布');
  const conf = checkConf(definition, body.conf ?? {}, timeZone);
  let logicalDate = new Date();
  if (body.logical_date) {
    const given = parseInstant(body.logical_date, timeZone);
    if (!given) throw badRequest('逻辑日期不正确：请用 ISO 8601（如 2026-11-25T10:00:00+08:00）或 yyyy-MM-dd HH:mm:ss');
    logicalDate = given;
  }
  const taken = () => badRequest('该逻辑日期已有一次手动运行，请换一个逻辑日期');
  let id: number | null;
  try {
    id = await engine.app.db.transaction(async (transaction) => {
      // A run without a logical date is made now; when another took this millisecond (two triggers at once), the next free one.
      for (let shift = 0; ; shift += 1) {
        const at = new Date(logicalDate.getTime() + shift);
        const made = await insertRun(engine, transaction as unknown as Db, {
          workflowId: workflow.id,
          versionId: workflow.versionId!,
          definition,
          runType: 'manual',
          logicalDate: at,
          dataIntervalStart: at,
          dataIntervalEnd: at,
          conf,
          triggeredBy: userUuid,
          note: body.note ?? '',
        });
        if (made !== null || body.logical_date || shift >= 1000) return made;
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  if (id === null) throw taken();
  wakeAdvance(engine);
  return id;
}

/**
 * PUT dag_runs/{id}/ with success or failed, as Airflow 2 marks a run: success makes every task
 * instance success; failed makes the running ones failed and those not yet finished skipped.
 */
export function markRun(engine: Engine, run: RunRow, state: 'success' | 'failed') {
  return underLock(engine, run, async (tx, locked) => {
    const running = await runningIds(tx, locked.id);
    const finishedNow = { endDate: sql`coalesce(${taskInstances.endDate}, now())`, heartbeatAt: null };
    if (state === 'success') {
      await tx
        .update(taskInstances)
        .set({ state: 'success', ...finishedNow, log: sql`case when ${taskInstances.state} = 'running' then ${stoppedLog('运行被标记为成功')} else ${taskInstances.log} end` })
        .where(and(eq(taskInstances.dagRunId, locked.id), sql`${taskInstances.state} <> 'success'`));
    } else {
      if (running.length > 0) {
        await tx
          .update(taskInstances)
          .set({ state: 'failed', endDate: sql`now()`, duration: sql`extract(epoch from now() - ${taskInstances.startDate})`, heartbeatAt: null, log: stoppedLog('运行被标记为失败') })
          .where(inArray(taskInstances.id, running));
      }
      await tx
        .update(taskInstances)
        .set({ state: 'skipped', ...finishedNow })
        .where(and(eq(taskInstances.dagRunId, locked.id), notInArray(taskInstances.state, [...FINISHED_TASK_STATES, 'running'] as TaskState[])));
    }
    await tx.update(dagRuns).set({ state, endDate: sql`now()` }).where(eq(dagRuns.id, locked.id));
    return running;
  });
}

/**
 * POST dag_runs/{id}/clear/ (and PUT with queued): its task instances, all or only the failed
 * and upstream_failed ones with everything downstream of them, go back to none and the run to
 * queued. As Airflow clears, a try count is kept and max_tries grows so that each cleared task
 * has its retries again; running tries are stopped.
 */
export function clearRun(engine: Engine, run: RunRow, onlyFailed: boolean) {
  return underLock(engine, run, async (tx, locked) => {
    const definition = await definitionOf(engine, tx, locked.versionId);
    const instances = await tx.select({ id: taskInstances.id, taskId: taskInstances.taskId, state: taskInstances.state }).from(taskInstances).where(eq(taskInstances.dagRunId, locked.id));
    let names = new Set(instances.map((instance) => instance.taskId));
    if (onlyFailed) {
      const downstreams = definition ? downstreamsOf(definition) : new Map<string, string[]>();
      names = new Set();
      const visit = (name: string) => {
        if (names.has(name)) return;
        names.add(name);
        for (const next of downstreams.get(name) ?? []) visit(next);
      };
      instances.filter((instance) => instance.state === 'failed' || instance.state === 'upstream_failed').forEach((instance) => visit(instance.taskId));
    }
    const cleared = instances.filter((instance) => names.has(instance.taskId));
    const running = cleared.filter((instance) => instance.state === 'running').map((instance) => instance.id);
    const retries = new Map((definition?.tasks ?? []).map((task) => [task.name, task.retries]));
    for (const instance of cleared) {
      await tx
        .update(taskInstances)
        .set({
          state: 'none',
          maxTries: sql`${taskInstances.tryNumber} + ${(retries.get(instance.taskId) ?? 0) + 1}`,
          queuedAt: null,
          startDate: null,
          endDate: null,
          duration: null,
          heartbeatAt: null,
          outputs: {},
          log: instance.state === 'running' ? stoppedLog('运行被清除重跑') : taskInstances.log,
        })
        .where(eq(taskInstances.id, instance.id));
    }
    if (cleared.length > 0 || !onlyFailed) {
      await tx.update(dagRuns).set({ state: 'queued', startDate: null, endDate: null, queuedAt: sql`now()` }).where(eq(dagRuns.id, locked.id));
    }
    return running;
  });
}

/** DELETE dag_runs/{id}/: the run and its task instances; running tries are stopped. */
export function deleteRun(engine: Engine, run: RunRow) {
  return underLock(engine, run, async (tx, locked) => {
    const running = await runningIds(tx, locked.id);
    await tx.delete(dagRuns).where(eq(dagRuns.id, locked.id));
    return running;
  });
}

