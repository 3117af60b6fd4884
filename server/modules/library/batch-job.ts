/** Batches above BATCH_DIRECT_MAX items: kept with their confirmed ids, acted on by a job a chunk a transaction, progress read by the screen. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { libraryBatches, type LibraryBatchAction } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { formatDateTime } from '../../lib/dates';
import type { JobContext } from '../../jobs/queue';
import { Interrupted } from '../../jobs/queue';
import { actOnItems, type BatchParams } from './batch-actions';
import { lockItems } from './batch-scope';

export const LIBRARY_BATCH_QUEUE = 'library-batch';
export interface LibraryBatchJob {
  batchId: number;
}
/** Items a chunk acts on in one transaction: short enough that other writers of those items wait little. */
const CHUNK = 500;

/** Keeps the confirmed ids and sends the job, in the caller's transaction: the batch exists exactly when its job does. */
export async function queueBatch(app: FastifyInstance, tx: Db, owner: { projectUuid: string; kind: 'report' | 'material'; createdBy?: string }, action: LibraryBatchAction, ids: number[], params: BatchParams) {
  const [batch] = await tx
    .insert(libraryBatches)
    .values({ ...owner, action, itemIds: ids, params, total: ids.length })
    .returning({ id: libraryBatches.id });
  await app.jobs.send<LibraryBatchJob>(LIBRARY_BATCH_QUEUE, { batchId: batch.id }, { tx });
  return batch.id;
}

/** One chunk: the batch row locked (a second worker of the same job waits, then sees `done` moved), the chunk's items locked, acted on, `done` moved. True when finished. */
async function runChunk(db: Db, batchId: number): Promise<{ finished: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [batch] = await tx.select().from(libraryBatches).where(eq(libraryBatches.id, batchId)).for('update');
    if (!batch || batch.state !== 'running') return { finished: true };
    const chunk = batch.itemIds.slice(batch.done, batch.done + CHUNK);
    if (chunk.length === 0) {
      await tx.update(libraryBatches).set({ state: 'done', finishedAt: sql`now()` }).where(eq(libraryBatches.id, batchId));
      return { finished: true };
    }
    const present = await lockItems(tx, batch, chunk);
    await actOnItems(tx, batch, batch.action, present, batch.params);
    await tx
      .update(libraryBatches)
      .set({ done: batch.done + chunk.length, skipped: batch.skipped + chunk.length - present.length })
      .where(eq(libraryBatches.id, batchId));
    return { finished: false };
  });
}

/** The job: chunks until done. A refusal (a group deleted meanwhile) ends the batch as failed with its Chinese reason; other errors are retried. */
export async function runLibraryBatch(app: FastifyInstance, { batchId }: LibraryBatchJob, context: JobContext): Promise<void> {
  try {
    for (;;) {
      if (context.stopping.aborted) throw new Interrupted();
      // Requests go between chunks (on PGlite, whose answers come as microtasks, they could not).
      await nextTurn();
      const { finished } = await runChunk(app.db, batchId);
      if (finished) break;
    }
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    if (!(error instanceof AppError) && !context.lastAttempt) throw error;
    const reason = error instanceof AppError ? error.message : '批量操作失败，请稍后重试';
    await app.db.update(libraryBatches).set({ state: 'failed', error: reason, finishedAt: sql`now()` }).where(eq(libraryBatches.id, batchId));
  }
}

/** A batch as the screen polls it; undefined when the project has no such batch. */
export async function batchProgress(db: Db, projectUuid: string, kind: 'report' | 'material', id: number, timeZone: string) {
  const [batch] = await db
    .select()
    .from(libraryBatches)
    .where(and(eq(libraryBatches.id, id), eq(libraryBatches.projectUuid, projectUuid), eq(libraryBatches.kind, kind)));
  if (!batch) return undefined;
  return {
    id: batch.id,
    action: batch.action,
    total: batch.total,
    done: batch.done,
    skipped: batch.skipped,
    state: batch.state,
    error: batch.error,
    created_at: formatDateTime(batch.createdAt, timeZone)!,
    finished_at: formatDateTime(batch.finishedAt, timeZone),
  };
}
