import type { FastifyInstance } from 'fastify';
import { LIBRARY_BATCH_QUEUE, runLibraryBatch, type LibraryBatchJob } from '../modules/library/batch-job';
import type { ResultDeps } from '../modules/results/deps';
import { CONTENT_QUEUE, contentJob } from '../modules/contents/job';
import { GENERATE_QUEUE, type RegionJobData } from '../modules/results/generation-queries';
import { generateRegion } from '../modules/results/generation-runner';
import { CHUNK_SWEEP_QUEUE, sweepChunks } from '../modules/uploads/chunked-routes';
import { ACTIVITY_SWEEP_QUEUE, sweepActivities } from '../modules/activity/retention';
import { FIRST_PAGE_QUEUE, firstPageJob, type FirstPageJob } from '../modules/uploads/first-page';
import { STORAGE_SWEEP_QUEUE, sweepStorage } from '../modules/uploads/storage-gc';
import { TRANSCODE_QUEUE, transcodeJob, type TranscodeJob } from '../modules/uploads/transcode';
import { RECYCLE_BIN_SWEEP_QUEUE, sweepRecycleBin } from '../modules/recycle-bin/sweep';
import { advanceJob } from '../modules/workflows/engine/advance';
import { ADVANCE_QUEUE, TASK_QUEUE, type AdvanceJob, type Engine, type TaskJob } from '../modules/workflows/engine/engine';
import { runTaskJob } from '../modules/workflows/engine/task-job';
import type { JobContext, QueuePolicy } from './queue';

/** One kind of background job: its queue, what runs each job, and how. */
export interface BackgroundJob {
  name: string;
  /** A method, so that one list holds jobs of different data. */
  handler(data: unknown, context: JobContext): Promise<void>;
  /** Loops of this process on the queue (default 1); 0: this process only sends such jobs. */
  concurrency?: number;
  policy?: QueuePolicy;
  /** A cron (UTC) on which one process runs it; it also runs once at every start. */
  schedule?: string;
}

/** Every background job of the server. */
export function backgroundJobs(app: FastifyInstance, { results, engine }: { results: ResultDeps; engine: Engine }): BackgroundJob[] {
  return [
    { name: GENERATE_QUEUE, handler: (data: RegionJobData, context) => generateRegion(app, results, data, context) },
    // Advance jobs of different workflows run side by side; those of one workflow are folded together (advanceJob).
    { name: ADVANCE_QUEUE, handler: (data: AdvanceJob) => advanceJob(engine, data.workflowId), concurrency: 2 },
    { name: TASK_QUEUE, handler: (data: TaskJob, context) => runTaskJob(engine, data, context), concurrency: engine.taskSlots },
    { name: TRANSCODE_QUEUE, handler: (data: TranscodeJob, context) => transcodeJob(app, data, context) },
    { name: LIBRARY_BATCH_QUEUE, handler: (data: LibraryBatchJob, context) => runLibraryBatch(app, data, context) },
    { name: FIRST_PAGE_QUEUE, handler: (data: FirstPageJob) => firstPageJob(app, data) },
    { name: STORAGE_SWEEP_QUEUE, handler: () => sweepStorage(app), policy: 'stately', schedule: '0 * * * *' },
    { name: RECYCLE_BIN_SWEEP_QUEUE, handler: async () => void (await sweepRecycleBin(app)), policy: 'stately', schedule: '45 * * * *' },
    { name: CONTENT_QUEUE, handler: (_data, context) => contentJob(app, context), schedule: '* * * * *' },
    { name: CHUNK_SWEEP_QUEUE, handler: () => sweepChunks(app), policy: 'stately', schedule: '30 * * * *' },
    { name: ACTIVITY_SWEEP_QUEUE, handler: () => sweepActivities(app), policy: 'stately', schedule: '15 3 * * *' },
  ];
}

/**
 * Creates every queue before any request (jobs are sent inside the transactions that make
 * their rows, and on PGlite a queue made there would wait for that transaction), puts the
 * schedules in place, and from ready on works on the queues and runs each scheduled job once.
 */
export async function startBackgroundJobs(app: FastifyInstance, jobs: BackgroundJob[]): Promise<void> {
  // pg-boss makes a table per queue: two processes creating them at once deadlock on PostgreSQL.
  await app.database.alone(async () => {
    for (const job of jobs) {
      await app.jobs.createQueue(job.name, job.policy);
      if (job.schedule) await app.jobs.schedule(job.name, job.schedule);
    }
  });
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      if (job.concurrency !== 0) await app.jobs.work(job.name, job.handler, { concurrency: job.concurrency });
      if (job.schedule) await app.jobs.send(job.name, {});
    }
  });
}
