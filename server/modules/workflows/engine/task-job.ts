import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dagRuns, taskInstances, workflows } from '../../../db/schema';
import { Interrupted, type JobContext } from '../../../jobs/queue';
import { advanceIn } from './advance';
import { sendAdvance, TASK_QUEUE, wakeAdvance, type Engine, type StopReason, type TaskJob } from './engine';
import { formatDateTime } from '../../../lib/dates';
import { capLog, endLine } from './task-log';
import { versionOfFile } from '../../scripts/queries';
import { TaskFailed, type TaskDefinition, type TaskRunResult, type WorkflowDefinition } from '../types';

/** Beyond its timeout a try gets this long to stop by itself before the worker gives up on it. */
const TIMEOUT_MARGIN_SECONDS = 10;
/** A stopped runner gets this long to return what it printed before the worker stops waiting. */
const STOP_GRACE_MS = 3000;

interface TakenTry {
  instanceId: number;
  tryNumber: number;
  maxTries: number;
  workflowId: number;
  projectUuid: string;
  dagRunId: string;
  userUuid: string | null;
  definition: WorkflowDefinition | undefined;
  task: TaskDefinition | undefined;
  conf: Record<string, unknown>;
  upstreamOutputs: Map<string, Record<string, unknown>>;
}

/**
 * Takes a queued instance for this worker in one statement, its try's header added to the log
 * (a second job for it, or one for a stopped instance, finds nothing).
 */
async function take(engine: Engine, instanceId: number): Promise<TakenTry | null> {
  const { db } = engine.app;
  const started = `，开始于 ${formatDateTime(new Date(), engine.app.config.timeZone)}，主机 ${engine.hostname} ***\n`;
  const [row] = await db
    .update(taskInstances)
    .set({
      state: 'running',
      tryNumber: sql`${taskInstances.tryNumber} + 1`,
      startDate: sql`now()`,
      endDate: null,
      duration: null,
      hostname: engine.hostname,
      heartbeatAt: sql`now()`,
      log: sql`${taskInstances.log} || ${'*** 第 '} || (${taskInstances.tryNumber} + 1) || ${' 次尝试（共可尝试 '} || ${taskInstances.maxTries} || ${' 次）'} || ${started}`,
    })
    .where(and(eq(taskInstances.id, instanceId), eq(taskInstances.state, 'queued')))
    .returning({ id: taskInstances.id, dagRunId: taskInstances.dagRunId, taskId: taskInstances.taskId, tryNumber: taskInstances.tryNumber, maxTries: taskInstances.maxTries, workflowId: taskInstances.workflowId });
  if (!row) return null;
  const [run] = await db
    .select({ dagRunId: dagRuns.dagRunId, versionId: dagRuns.versionId, conf: dagRuns.conf, triggeredBy: dagRuns.triggeredBy, projectUuid: workflows.projectUuid })
    .from(dagRuns)
    .innerJoin(workflows, eq(workflows.id, dagRuns.workflowId))
    .where(eq(dagRuns.id, row.dagRunId));
  // Deleted meanwhile: the try stops at its first heartbeat, with nothing to run.
  const definition = run ? (await engine.definitions(db, [run.versionId])).get(run.versionId) : undefined;
  const task = definition?.tasks.find((candidate) => candidate.name === row.taskId);
  // The script version this try runs: the version of the file the workflow was published with.
  if (task?.script) {
    await db
      .update(taskInstances)
      .set({ scriptVersion: versionOfFile(task.script.id, task.script.fileId) })
      .where(and(eq(taskInstances.id, row.id), eq(taskInstances.tryNumber, row.tryNumber)));
  }
  const sources = [...new Set((definition?.links ?? []).filter((link) => link.target === row.taskId && link.sourceParam).map((link) => link.source))];
  const upstream = sources.length
    ? await db
        .select({ taskId: taskInstances.taskId, outputs: taskInstances.outputs })
        .from(taskInstances)
        .where(and(eq(taskInstances.dagRunId, row.dagRunId), inArray(taskInstances.taskId, sources)))
    : [];
  return {
    instanceId: row.id,
    tryNumber: row.tryNumber,
    maxTries: row.maxTries,
    workflowId: row.workflowId,
    projectUuid: run?.projectUuid ?? '',
    dagRunId: run?.dagRunId ?? '',
    userUuid: run?.triggeredBy ?? null,
    definition,
    task,
    conf: run?.conf ?? {},
    upstreamOutputs: new Map(upstream.map((entry) => [entry.taskId, entry.outputs])),
  };
}

/** The try's inputs: the task's fixed values, then its upstreams' outputs by link, then the run's conf for its run inputs. */
function inputsOf(taken: TakenTry, task: TaskDefinition): Record<string, unknown> {
  const inputs: Record<string, unknown> = { ...task.params };
  for (const link of taken.definition?.links ?? []) {
    if (link.target !== task.name || !link.sourceParam) continue;
    const outputs = taken.upstreamOutputs.get(link.source) ?? {};
    if (Object.hasOwn(outputs, link.sourceParam)) inputs[link.targetParam] = outputs[link.sourceParam];
  }
  for (const field of task.runInputs) {
    const key = `${task.name}.${field}`;
    if (Object.hasOwn(taken.conf, key)) inputs[field] = taken.conf[key];
  }
  const missing = task.inputs.filter((spec) => spec.required && (inputs[spec.field_name] === undefined || inputs[spec.field_name] === null || inputs[spec.field_name] === ''));
  if (missing.length > 0) throw new TaskFailed(`缺少必填输入：${missing.map((spec) => spec.field_name).join('、')}`, '');
  return inputs;
}

function checkOutputs(task: TaskDefinition, result: TaskRunResult) {
  const missing = task.outputs.filter((spec) => spec.required && (result.outputs[spec.field_name] === undefined || result.outputs[spec.field_name] === null));
  if (missing.length > 0) throw new TaskFailed(`任务没有给出必填输出：${missing.map((spec) => spec.field_name).join('、')}`, result.log);
}

type Outcome = { ok: true; result: TaskRunResult } | { ok: false; reason: string; log: string };

/**
 * The try's end, when the instance is still this try's: its state, outputs and log; then, as
 * Airflow's mini scheduler after a task, the workflow's next step in the same transaction (the
 * workflow locked first, the order every writer keeps). When another transaction holds the
 * workflow (the many ends of a wide DAG), an advance job instead: those fold together. A retry's
 * delay is an advance job that starts after it.
 */
async function record(engine: Engine, taken: TakenTry, outcome: Outcome): Promise<void> {
  const { app } = engine;
  let advanced = true;
  const queued = await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [locked] = await tx.select({ id: workflows.id }).from(workflows).where(eq(workflows.id, taken.workflowId)).for('update', { skipLocked: true });
    advanced = Boolean(locked);
    const [current] = await tx
      .select({ state: taskInstances.state, tryNumber: taskInstances.tryNumber, log: taskInstances.log })
      .from(taskInstances)
      .where(eq(taskInstances.id, taken.instanceId))
      .for('update');
    if (!current || current.state !== 'running' || current.tryNumber !== taken.tryNumber) return [];
    const retry = !outcome.ok && taken.tryNumber < taken.maxTries;
    const text = outcome.ok ? endLine(outcome.result.log) : `${endLine(outcome.log)}*** 失败：${outcome.reason} ***\n`;
    await tx
      .update(taskInstances)
      .set({
        state: outcome.ok ? 'success' : retry ? 'up_for_retry' : 'failed',
        outputs: outcome.ok ? outcome.result.outputs : {},
        endDate: sql`now()`,
        duration: sql`extract(epoch from now() - ${taskInstances.startDate})`,
        heartbeatAt: null,
        log: capLog(current.log + text),
      })
      .where(eq(taskInstances.id, taken.instanceId));
    if (retry && taken.task?.retryDelay) await sendAdvance(engine, tx, taken.workflowId, taken.task.retryDelay);
    if (advanced) return advanceIn(engine, tx, taken.workflowId);
    await sendAdvance(engine, tx, taken.workflowId);
    return [];
  });
  if (queued.length > 0) app.jobs.wake(TASK_QUEUE);
  if (!advanced) wakeAdvance(engine);
}

/** Appends what a stopped try printed, while the instance still shows that try. */
async function appendStopped(engine: Engine, taken: TakenTry, log: string) {
  if (!log) return;
  await engine.app.db
    .update(taskInstances)
    .set({ log: sql`${taskInstances.log} || ${endLine(log)}` })
    .where(and(eq(taskInstances.id, taken.instanceId), eq(taskInstances.tryNumber, taken.tryNumber)));
}

/**
 * One try of one task instance: taken only while queued; the runner gets an AbortSignal that
 * fires when the run is marked, cleared or deleted (seen by the heartbeat, or at once in this
 * process), when the try passes its timeout, and when the server stops (then the instance stays
 * running and the zombie rule hands it on).
 */
export async function runTaskJob(engine: Engine, { instanceId }: TaskJob, context: JobContext): Promise<void> {
  if (context.stopping.aborted) throw new Interrupted();
  const taken = await take(engine, instanceId);
  if (!taken) return;
  const { app } = engine;
  const controller = new AbortController();
  const stop = (reason: StopReason) => controller.abort(reason);
  const onShutdown = () => stop('shutdown');
  context.stopping.addEventListener('abort', onShutdown);
  engine.tries.set(instanceId, controller);
  const timeout = taken.task ? setTimeout(() => stop('timeout'), (taken.task.timeout + TIMEOUT_MARGIN_SECONDS) * 1000) : undefined;
  let beat: Promise<unknown> | null = null;
  const heartbeat = setInterval(() => {
    if (beat) return; // the last one is still on its way
    beat = app.db
      .update(taskInstances)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(taskInstances.id, instanceId), eq(taskInstances.state, 'running'), eq(taskInstances.tryNumber, taken.tryNumber)))
      .returning({ id: taskInstances.id })
      .then((rows) => rows.length === 0 && stop('stopped'))
      .catch(() => undefined)
      .finally(() => (beat = null));
  }, engine.heartbeatSeconds * 1000);

  let grace: NodeJS.Timeout | undefined;
  const abandoned = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => (grace = setTimeout(() => reject(new TaskFailed('', '')), STOP_GRACE_MS)), { once: true }),
  );
  abandoned.catch(() => undefined);

  let outcome: Outcome;
  try {
    if (!taken.task) throw new TaskFailed('任务不在运行所用的已发布版本中', '');
    const task = taken.task;
    const request = {
      projectUuid: taken.projectUuid,
      workflowId: taken.workflowId,
      dagRunId: taken.dagRunId,
      userUuid: taken.userUuid,
      task,
      inputs: inputsOf(taken, task),
      tryNumber: taken.tryNumber,
      signal: controller.signal,
    };
    const result = await Promise.race([engine.runner(request), abandoned]);
    checkOutputs(task, result);
    outcome = { ok: true, result };
  } catch (error) {
    const log = error instanceof TaskFailed ? error.log : '';
    outcome = { ok: false, reason: error instanceof TaskFailed ? error.message : `任务执行出错：${(error as Error).message}`, log };
  } finally {
    clearInterval(heartbeat);
    clearTimeout(timeout);
    clearTimeout(grace);
    context.stopping.removeEventListener('abort', onShutdown);
    engine.tries.delete(instanceId);
    await beat;
  }
  const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
  if (reason === 'shutdown') throw new Interrupted();
  if (reason === 'stopped') return appendStopped(engine, taken, outcome.ok ? outcome.result.log : outcome.log);
  if (reason === 'timeout' && !outcome.ok) outcome = { ...outcome, reason: `运行超过 ${taken.task!.timeout} 秒，已停止` };
  await record(engine, taken, outcome);
}
