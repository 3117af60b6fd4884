import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { FINISHED_TASK_STATES, type TaskState } from '../../../../contract/workflows';
import type { Db } from '../../../db/client';
import { dagRuns, taskInstances, workflows } from '../../../db/schema';
import { TASK_QUEUE, type Engine, type TaskJob } from './engine';
import type { WorkflowDefinition } from '../types';

type RunRow = typeof dagRuns.$inferSelect;
interface InstanceView {
  id: number;
  taskId: string;
  state: TaskState;
  /** Seconds since its end (the last failed try of an up_for_retry one), by the database's clock. */
  sinceEnd: number | null;
}

const ACTIVE_TASK_STATES: TaskState[] = ['queued', 'running'];
const FAILED: TaskState[] = ['failed', 'upstream_failed'];
const PAST_DONE: TaskState[] = ['success', 'skipped'];
const isFinished = (state: TaskState) => FINISHED_TASK_STATES.includes(state);

/** Upstream task names of each task. */
export function upstreamsOf(definition: WorkflowDefinition): Map<string, string[]> {
  const upstreams = new Map<string, string[]>(definition.tasks.map((task) => [task.name, []]));
  for (const link of definition.links) {
    const list = upstreams.get(link.target);
    if (list && !list.includes(link.source)) list.push(link.source);
  }
  return upstreams;
}

/** Downstream task names of each task. */
export function downstreamsOf(definition: WorkflowDefinition): Map<string, string[]> {
  const downstreams = new Map<string, string[]>(definition.tasks.map((task) => [task.name, []]));
  for (const [target, sources] of upstreamsOf(definition)) for (const source of sources) downstreams.get(source)?.push(target);
  return downstreams;
}

const instancesOf = (tx: Db, runIds: number[]) =>
  tx
    .select({
      id: taskInstances.id,
      dagRunId: taskInstances.dagRunId,
      taskId: taskInstances.taskId,
      state: taskInstances.state,
      sinceEnd: sql<number | null>`extract(epoch from now() - ${taskInstances.endDate})`.mapWith((value) => (value === null ? null : Number(value))),
    })
    .from(taskInstances)
    .where(inArray(taskInstances.dagRunId, runIds))
    .orderBy(asc(taskInstances.id));

/** The same tasks' states in the run before this one (by logical date), for depends_on_past. */
async function previousStates(tx: Db, run: RunRow): Promise<Map<string, TaskState> | null> {
  const [previous] = await tx
    .select({ id: dagRuns.id })
    .from(dagRuns)
    .where(and(eq(dagRuns.workflowId, run.workflowId), lt(dagRuns.logicalDate, run.logicalDate)))
    .orderBy(desc(dagRuns.logicalDate))
    .limit(1);
  if (!previous) return null;
  const rows = await tx.select({ taskId: taskInstances.taskId, state: taskInstances.state }).from(taskInstances).where(eq(taskInstances.dagRunId, previous.id));
  return new Map(rows.map((row) => [row.taskId, row.state]));
}

interface Decision {
  upstreamFailed: number[];
  skipped: number[];
  /** In the definition's task order. */
  ready: number[];
  /** Every instance is finished: the run's final state. */
  finalState: 'success' | 'failed' | null;
}

/**
 * One run's next step, as Airflow's all_success trigger rule has it: a task whose upstreams all
 * succeeded may run; a failed (or upstream_failed) upstream makes it upstream_failed, a skipped
 * one skipped, transitively; an up_for_retry task may run again once its retry delay passed.
 */
export function decide(definition: WorkflowDefinition, instances: InstanceView[], previous: Map<string, TaskState> | null): Decision {
  const upstreams = upstreamsOf(definition);
  const byTask = new Map(instances.map((instance) => [instance.taskId, { ...instance }]));
  const decision: Decision = { upstreamFailed: [], skipped: [], ready: [], finalState: null };
  for (let changed = true; changed; ) {
    changed = false;
    for (const instance of byTask.values()) {
      if (instance.state !== 'none') continue;
      const states = (upstreams.get(instance.taskId) ?? []).map((name) => byTask.get(name)?.state ?? 'success');
      if (states.some((state) => FAILED.includes(state))) {
        instance.state = 'upstream_failed';
        decision.upstreamFailed.push(instance.id);
        changed = true;
      } else if (states.some((state) => state === 'skipped')) {
        instance.state = 'skipped';
        decision.skipped.push(instance.id);
        changed = true;
      }
    }
  }
  const retryDelay = new Map(definition.tasks.map((task) => [task.name, task.retryDelay]));
  for (const task of definition.tasks) {
    const instance = byTask.get(task.name);
    if (!instance) continue;
    const waiting =
      (instance.state === 'none' && (upstreams.get(task.name) ?? []).every((name) => (byTask.get(name)?.state ?? 'success') === 'success')) ||
      (instance.state === 'up_for_retry' && (instance.sinceEnd ?? Infinity) >= (retryDelay.get(task.name) ?? 0));
    const pastDone = !definition.dependsOnPast || !previous?.has(task.name) || PAST_DONE.includes(previous.get(task.name)!);
    if (waiting && pastDone) decision.ready.push(instance.id);
  }
  const states = [...byTask.values()].map((instance) => instance.state);
  if (states.every(isFinished)) decision.finalState = states.some((state) => FAILED.includes(state)) ? 'failed' : 'success';
  return decision;
}

/**
 * Moves a workflow's active runs on, under the workflow's row lock (every writer of run and
 * task states but a try's own end takes it): ends the runs whose instances are all finished,
 * queues the tasks that may run while the workflow has fewer than max_active_tasks queued or
 * running, and starts queued runs (oldest logical date first) while fewer than
 * max_active_runs run. A paused workflow starts no queued run (a manual trigger waits until it
 * is unpaused, as in Airflow); its runs already running go on to their end.
 * Idempotent: any number of advance jobs may run, in any process.
 */
export async function advanceWorkflow(engine: Engine, workflowId: number): Promise<void> {
  const queued = await engine.app.db.transaction((transaction) => advanceIn(engine, transaction as unknown as Db, workflowId));
  if (queued.length > 0) engine.app.jobs.wake(TASK_QUEUE);
}

/** The lock every writer of a workflow's run and task states takes first (the order: workflow, run, task instances). */
export const lockWorkflow = (tx: Db, workflowId: number) =>
  tx.select({ id: workflows.id, versionId: workflows.versionId, isPaused: workflows.isPaused }).from(workflows).where(eq(workflows.id, workflowId)).for('update');

/** advanceWorkflow in the caller's transaction: the ids of the instances it queued (wake the task queue after the commit). */
export async function advanceIn(engine: Engine, tx: Db, workflowId: number): Promise<number[]> {
  const { app } = engine;
  const [workflow] = await lockWorkflow(tx, workflowId);
  if (!workflow) return [];
  const runs = await tx
    .select()
    .from(dagRuns)
    .where(and(eq(dagRuns.workflowId, workflowId), inArray(dagRuns.state, ['queued', 'running'])))
    .orderBy(asc(dagRuns.logicalDate), asc(dagRuns.id))
    .for('update');
  if (runs.length === 0) return [];
  const definitions = await engine.definitions(tx, [...runs.map((run) => run.versionId), ...(workflow.versionId ? [workflow.versionId] : [])]);
  const limits = definitions.get(workflow.versionId ?? runs[0].versionId) ?? definitions.get(runs[0].versionId)!;
  const [{ active }] = await tx
    .select({ active: count() })
    .from(taskInstances)
    .where(and(eq(taskInstances.workflowId, workflowId), inArray(taskInstances.state, ACTIVE_TASK_STATES)));
  let slots = limits.maxActiveTasks - active;
  let running = runs.filter((run) => run.state === 'running').length;
  const instances = await instancesOf(tx, runs.map((run) => run.id));
  const toQueue: number[] = [];
  const ordered = [...runs.filter((run) => run.state === 'running'), ...runs.filter((run) => run.state === 'queued')];
  for (const run of ordered) {
    const definition = definitions.get(run.versionId);
    if (!definition) continue;
    if (run.state === 'queued') {
      if (workflow.isPaused || running >= limits.maxActiveRuns) continue;
      await tx.update(dagRuns).set({ state: 'running', startDate: sql`now()` }).where(eq(dagRuns.id, run.id));
      running += 1;
    }
    const previous = definition.dependsOnPast ? await previousStates(tx, run) : null;
    const decision = decide(definition, instances.filter((instance) => instance.dagRunId === run.id), previous);
    const finish = (ids: number[], state: TaskState) =>
      ids.length > 0 ? tx.update(taskInstances).set({ state, endDate: sql`now()` }).where(inArray(taskInstances.id, ids)) : undefined;
    await finish(decision.upstreamFailed, 'upstream_failed');
    await finish(decision.skipped, 'skipped');
    const now = decision.ready.slice(0, Math.max(0, slots));
    slots -= now.length;
    toQueue.push(...now);
    if (decision.finalState) {
      await tx.update(dagRuns).set({ state: decision.finalState, endDate: sql`now()` }).where(eq(dagRuns.id, run.id));
      running -= 1;
    }
  }
  if (toQueue.length > 0) {
    await tx.update(taskInstances).set({ state: 'queued', queuedAt: sql`now()` }).where(inArray(taskInstances.id, toQueue));
    await app.jobs.sendMany<TaskJob>(TASK_QUEUE, toQueue.map((instanceId) => ({ instanceId })), { tx });
  }
  return toQueue;
}

/**
 * The advance job: one advance of a workflow at a time in this process. A job that comes while
 * one runs only asks it to go once more when done (that pass sees every change committed before
 * the job was taken), so a wide DAG's many task ends cost few passes.
 */
export async function advanceJob(engine: Engine, workflowId: number): Promise<void> {
  const current = engine.advancing.get(workflowId);
  if (current) {
    current.again = true;
    return;
  }
  const state = { again: true };
  engine.advancing.set(workflowId, state);
  try {
    while (state.again) {
      state.again = false;
      await advanceWorkflow(engine, workflowId);
    }
  } finally {
    engine.advancing.delete(workflowId);
  }
}
