import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { setMaxListeners } from 'node:events';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { executorOf, type SqlExecutor } from './sql-executor';

/** What a handler learns about its run besides the job's data. */
export interface JobContext {
  /** 0 on the first run, then one more on each retry. */
  attempt: number;
  /** No retry follows a failure of this run: the handler should record the failure for good. */
  lastAttempt: boolean;
  /** Set when the server is stopping: a long handler stops between steps and throws `Interrupted`. */
  stopping: AbortSignal;
}
export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface QueueOptions {
  /** How often the idle workers look for work (one statement for all queues); a job sent by this process wakes its worker at once. */
  pollSeconds: number;
  /** How long a job may stay active before maintenance hands it to another worker (its process died). */
  expireSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long stop() waits for running handlers; one still running then is left to expire and run again elsewhere. */
  stopSeconds: number;
}

export interface SendOptions {
  /** Puts the job in the caller's transaction: it exists exactly when the caller's rows do. */
  tx?: Db;
  /** The job waits this long before a worker may take it. */
  startAfterSeconds?: number;
}

export interface WorkOptions {
  /** Loops of this process on the queue, each running one job at a time (default 1). */
  concurrency?: number;
}

/** 'stately': at most one job of the queue waits and one runs, across every process (sweeps); 'standard': no such bound. */
export type QueuePolicy = 'standard' | 'stately';

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  sendMany<T extends object>(name: string, items: T[], options?: SendOptions): Promise<void>;
  /** Creates a queue once (idempotent); a queue sent to inside a transaction must exist before (on PGlite its creation would wait for that transaction). */
  createQueue(name: string, policy?: QueuePolicy): Promise<void>;
  /** Sends a job to an existing queue on a cron (UTC), from whichever process keeps the clock. */
  schedule(name: string, cron: string): Promise<void>;
  /** Wakes this process's idle workers of a queue (after the commit of a transaction that sent jobs). */
  wake(name: string): void;
  /** Registers the handler of a queue's jobs; this process works on them until stop(). */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  stop(): Promise<void>;
}

/** Thrown by a handler that gave up because the server is stopping: the job runs again elsewhere or after the restart. */
export class Interrupted extends Error {
  constructor() {
    super('服务停止，任务稍后继续');
  }
}

type Job = PgBoss.JobWithMetadata<unknown>;

/**
 * The job queue, pg-boss on the app's database (PostgreSQL or PGlite). Jobs live in its
 * `pgboss` schema, so a restart loses none and every server process on one PostgreSQL
 * shares them (a job is fetched with SKIP LOCKED by one worker). Each registered queue has
 * one worker loop of our own (fetch, run, complete or fail), so stop() knows when the last
 * statement is done: nothing runs against the database after it resolves.
 */
export const DEFAULT_QUEUE_OPTIONS: QueueOptions = { pollSeconds: 2, expireSeconds: 300, retryLimit: 5, retryDelaySeconds: 5, stopSeconds: 30 };

export async function startJobQueue(db: Db, options: QueueOptions = DEFAULT_QUEUE_OPTIONS): Promise<JobQueue> {
  const executor: SqlExecutor = executorOf(db);
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    supervise: true,
    // Scheduled jobs are hourly sweeps: the process that keeps the clock need not look for them often.
    cronWorkerIntervalSeconds: 30,
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, options.expireSeconds)),
  });
  boss.on('error', () => undefined);
  await boss.start();
  const known = new Set<string>();
  const stopping = new AbortController();
  // Every idle loop and every running handler listens for the stop.
  setMaxListeners(0, stopping.signal);
  const loops: Array<Promise<void>> = [];
  const wakers = new Map<string, Set<() => void>>();
  const jobOptions = { expireInSeconds: options.expireSeconds, retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds };

  async function ensureQueue(name: string, policy: QueuePolicy = 'standard') {
    if (known.has(name)) return;
    await boss.createQueue(name, { name, policy, ...jobOptions });
    known.add(name);
  }

  /** Sleeps until a local send, the look for ready jobs (watch) or stop() wakes it. */
  const idle = (name: string) =>
    new Promise<void>((resolve) => {
      // Stopped while this loop was fetching: the abort has been and will not come again.
      if (stopping.signal.aborted) return resolve();
      const sleeping = wakers.get(name) ?? new Set();
      wakers.set(name, sleeping);
      const done = () => {
        sleeping.delete(done);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      sleeping.add(done);
      stopping.signal.addEventListener('abort', done);
    });

  /**
   * Every poll interval one statement asks which queues with an idle loop here hold a job ready
   * (sent by another process, a retry whose delay is over, a schedule's) and wakes those loops.
   * Each idle loop asking its own queue was a statement per loop and interval: 14 every 2 s in
   * every process, a few percent of a core on PGlite with nothing to do.
   */
  async function watch() {
    while (!stopping.signal.aborted) {
      await sleep(options.pollSeconds * 1000, undefined, { signal: stopping.signal }).catch(() => undefined);
      const waiting = [...wakers].filter(([, sleeping]) => sleeping.size > 0).map(([name]) => name);
      if (stopping.signal.aborted || waiting.length === 0) continue;
      try {
        const { rows } = await executor.executeSql(
          `select distinct name from pgboss.job where name = any($1) and state < 'active' and start_after < now()`,
          [waiting],
        );
        for (const { name } of rows as Array<{ name: string }>) wake(name);
      } catch {
        // The next look tries again.
      }
    }
  }

  async function loop<T>(name: string, handler: JobHandler<T>) {
    while (!stopping.signal.aborted) {
      // PGlite answers in microtasks: without a turn of the event loop between jobs, a long
      // queue would keep every request waiting until it is empty.
      await nextTurn();
      let job: Job | undefined;
      try {
        [job] = await boss.fetch<T>(name, { batchSize: 1, includeMetadata: true });
      } catch {
        job = undefined;
      }
      if (!job) {
        await idle(name);
        continue;
      }
      const context = { attempt: job.retryCount, lastAttempt: job.retryCount >= job.retryLimit, stopping: stopping.signal };
      try {
        if (stopping.signal.aborted) throw new Interrupted();
        await handler(job.data as T, context);
        await boss.complete(name, job.id);
      } catch (error) {
        await boss.fail(name, job.id, { message: (error as Error).message }).catch(() => undefined);
      }
    }
  }

  const wake = (name: string) => [...(wakers.get(name) ?? [])].forEach((done) => done());
  async function sendMany<T extends object>(name: string, items: T[], sendOptions?: SendOptions) {
    if (items.length === 0) return;
    if (sendOptions?.tx && !known.has(name)) throw new Error(`queue ${name} must be created before jobs are sent to it in a transaction`);
    await ensureQueue(name);
    const through = sendOptions?.tx ? { db: executorOf(sendOptions.tx) as PgBoss.Db } : {};
    // pg-boss reads a startAfter without a trailing Z as an interval from now, in seconds.
    const startAfter = sendOptions?.startAfterSeconds ? { startAfter: String(sendOptions.startAfterSeconds) } : {};
    await boss.insert(items.map((data) => ({ name, data, ...jobOptions, ...startAfter })), through);
    // Other processes find the jobs at their next poll; a job in a transaction is visible only after its commit (wake then).
    if (!sendOptions?.tx && !sendOptions?.startAfterSeconds) wake(name);
  }

  loops.push(watch());
  return {
    send: (name, data, sendOptions) => sendMany(name, [data], sendOptions),
    sendMany,
    createQueue: ensureQueue,
    schedule: (name, cron) => boss.schedule(name, cron, {}, { tz: 'UTC' }),
    wake,
    async work(name, handler, workOptions) {
      await ensureQueue(name);
      for (let slot = 0; slot < (workOptions?.concurrency ?? 1); slot++) loops.push(loop(name, handler as JobHandler<unknown>));
    },
    async stop() {
      stopping.abort();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.stopSeconds * 1000)));
      await Promise.race([Promise.all(loops), timeout]);
      clearTimeout(timer);
      await boss.stop({ graceful: false, close: false });
    },
  };
}

/** A queue that runs nothing: for an app built only to describe its routes. */
export function idleJobQueue(): JobQueue {
  const refuse = async () => {
    throw new Error('job queue not started');
  };
  const nothing = async () => undefined;
  return { send: refuse, sendMany: refuse, createQueue: nothing, schedule: nothing, wake: () => undefined, work: nothing, stop: nothing };
}
