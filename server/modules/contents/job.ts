import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { JobContext } from '../../jobs/queue';
import { extractItem } from './extract';
import { claimQueuedItem, holdClaim, recordExtraction, releaseItem } from './queries';

/** Extracts the text of queued reports and materials; sent after writes that queue items, and every minute (docs/design/content-search.md). */
export const CONTENT_QUEUE = 'content-extract';
/** A run hands over to a new job after this long, well within JOB_EXPIRE_SECONDS, so no other process takes it for dead. */
const RUN_MS = 120_000;
/** A Word file's PDF not made yet: looked at again after this long. */
const WORD_WAIT_SECONDS = 30;

/**
 * Takes queued items until none waits (or the run's time is up: then it sends the next run),
 * CONTENT_EXTRACT_PARALLEL of them at a time: pdf.js reads each in a worker thread of its own, so
 * a backlog of text-layer PDFs uses every core. Any number of processes run it side by side: each
 * takes other rows.
 */
export async function contentJob(app: FastifyInstance, { stopping }: JobContext): Promise<void> {
  const started = Date.now();
  const readers = Array.from({ length: app.config.contentExtractParallel }, () => extractQueued(app, stopping, started));
  const ended = await Promise.allSettled(readers);
  const failed = ended.find((one) => one.status === 'rejected');
  if (failed) throw failed.reason;
  if (ended.some((one) => one.status === 'fulfilled' && one.value === 'time up')) await app.jobs.send(CONTENT_QUEUE, {});
}

/** One reader of the run: items one by one until none waits ('done') or the run's time is up. */
async function extractQueued(app: FastifyInstance, stopping: AbortSignal, started: number): Promise<'done' | 'time up'> {
  while (!stopping.aborted) {
    // Requests go between items: on PGlite, whose answers come as microtasks, items that need
    // no file read kept every request waiting until the whole backlog was done (16 s for 2,400).
    await nextTurn();
    if (Date.now() - started > RUN_MS) return 'time up';
    const item = await claimQueuedItem(app.db);
    if (!item) return 'done';
    const claim = holdClaim(app.db, item);
    let extracted = await extractItem(app, item, claim.lost).catch((error: Error) => ({ state: 'error' as const, error }));
    await claim.release();
    if (extracted.state === 'error') {
      // Queued again meanwhile (a new file, 重新识别): that run reads it.
      if (claim.lost.aborted) continue;
      // The object store out of reach: the item waits for a later run.
      if ((extracted.error as { statusCode?: number }).statusCode === 503) {
        await releaseItem(app.db, item, 60);
        throw extracted.error;
      }
      extracted = { state: 'failed', reason: `文字提取失败：${extracted.error.message}`.slice(0, 500) };
    }
    if (extracted.state === 'later') {
      await releaseItem(app.db, item, WORD_WAIT_SECONDS);
      continue;
    }
    if (extracted.state === 'indexed') await recordExtraction(app.db, item, extracted);
    else await recordExtraction(app.db, item, { state: extracted.state, reason: extracted.reason });
    if (extracted.state === 'failed') app.log.warn({ itemId: item.id, reason: extracted.reason }, 'content extraction failed');
  }
  return 'done';
}
