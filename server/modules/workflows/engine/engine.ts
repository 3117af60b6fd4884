import os from 'node:os';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client';
import { workflowVersions } from '../../../db/schema';
import { createTaskRunner } from './task-runner';
import type { ResultDeps } from '../../results/deps';
import type { TaskRunner, WorkflowDefinition } from '../types';

/** What the app is given for workflow runs (AppOptions.workflows); tests shorten the times and fake the runner. */
export interface WorkflowEngineOptions {
  /** Runs one try of one task; the default is the real runner (task-runner.ts). */
  runner?: TaskRunner;
  /** How often each process looks for due scheduled runs and dead workers' tries (default 10). */
  schedulerSeconds?: number;
  /** How often a running try renews its heartbeat and looks whether it was stopped (default 5). */
  heartbeatSeconds?: number;
  /** A running try whose heartbeat is older than this belonged to a dead worker (default 60). */
  zombieSeconds?: number;
  /** Tries this process runs at once (default 4); 0: it only schedules and advances runs. */
  taskSlots?: number;
  /** The host name its tries are recorded under (default the machine's). */
  hostname?: string;
  /** What the real runner's ReportOperator generates with (the app's 成果 deps: tests give fakes). */
  results?: Partial<ResultDeps>;
}

/** Decides what runs next in a workflow's active runs: `{ workflowId }`. */
export const ADVANCE_QUEUE = 'workflow-advance';
/** Runs one try of one task instance: `{ instanceId }`. */
export const TASK_QUEUE = 'workflow-task';
export interface AdvanceJob {
  workflowId: number;
}
export interface TaskJob {
  instanceId: number;
}

/** Why a try's signal was aborted. */
export type StopReason = 'stopped' | 'timeout' | 'shutdown';

export interface Engine {
  app: FastifyInstance;
  runner: TaskRunner;
  schedulerSeconds: number;
  heartbeatSeconds: number;
  zombieSeconds: number;
  taskSlots: number;
  hostname: string;
  /** The tries running in this process, by task instance id. */
  tries: Map<number, AbortController>;
  /** Workflows being advanced in this process, and whether another advance was asked for meanwhile. */
  advancing: Map<number, { again: boolean }>;
  /** Stops the local tries of these instances (their rows were changed by a mark, clear or delete). */
  stopLocal(instanceIds: number[]): void;
  /** Published definitions by version id; a version never changes. */
  definitions(db: Db, versionIds: number[]): Promise<Map<number, WorkflowDefinition>>;
}

const CACHED_DEFINITIONS = 500;

export function createEngine(app: FastifyInstance, options: WorkflowEngineOptions = {}): Engine {
  const cache = new LRUCache<number, WorkflowDefinition>({ max: CACHED_DEFINITIONS });
  const tries = new Map<number, AbortController>();
  return {
    app,
    runner: options.runner ?? createTaskRunner(app, options.results),
    schedulerSeconds: options.schedulerSeconds ?? 10,
    heartbeatSeconds: options.heartbeatSeconds ?? 5,
    zombieSeconds: options.zombieSeconds ?? 60,
    taskSlots: options.taskSlots ?? 4,
    hostname: options.hostname ?? os.hostname(),
    tries,
    advancing: new Map(),
    stopLocal(instanceIds) {
      for (const id of instanceIds) tries.get(id)?.abort('stopped' satisfies StopReason);
    },
    async definitions(db, versionIds) {
      const missing = [...new Set(versionIds)].filter((id) => !cache.has(id));
      if (missing.length > 0) {
        const rows = await db.select({ id: workflowVersions.id, definition: workflowVersions.definition }).from(workflowVersions).where(inArray(workflowVersions.id, missing));
        for (const row of rows) cache.set(row.id, row.definition);
      }
      return new Map(versionIds.filter((id) => cache.has(id)).map((id) => [id, cache.get(id)!]));
    },
  };
}

export async function definitionOf(engine: Engine, db: Db, versionId: number): Promise<WorkflowDefinition | undefined> {
  return (await engine.definitions(db, [versionId])).get(versionId);
}

/** Sends the advance job of a workflow in the caller's transaction (the caller wakes the queue after its commit). */
export const sendAdvance = (engine: Engine, tx: Db, workflowId: number, startAfterSeconds?: number) =>
  engine.app.jobs.send<AdvanceJob>(ADVANCE_QUEUE, { workflowId }, { tx, startAfterSeconds });

export const wakeAdvance = (engine: Engine) => engine.app.jobs.wake(ADVANCE_QUEUE);

