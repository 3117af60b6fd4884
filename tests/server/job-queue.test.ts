import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { DEFAULT_QUEUE_OPTIONS, startJobQueue, type JobContext } from '../../server/jobs/queue';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false, app: { jobs: { pollSeconds: 0.5, retryDelaySeconds: 0, retryLimit: 2 } } });
}, 60_000);
afterAll(() => ctx.close());

const until = async (done: () => boolean, what: string) => {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the job queue', () => {
  it('runs a job sent in a transaction only once that transaction commits', async () => {
    const seen: string[] = [];
    await ctx.app.jobs.work<{ word: string }>('test-words', async ({ word }) => void seen.push(word));
    await ctx.app.db
      .transaction(async (tx) => {
        await ctx.app.jobs.send('test-words', { word: 'rolled back' }, { tx: tx as unknown as Db });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await ctx.app.db.transaction(async (tx) => ctx.app.jobs.send('test-words', { word: 'committed' }, { tx: tx as unknown as Db }));
    ctx.app.jobs.wake('test-words');
    await ctx.app.jobs.send('test-words', { word: 'direct' });
    await until(() => seen.length === 2, 'two jobs');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(seen.sort()).toEqual(['committed', 'direct']);
  });

  it('retries a failing job and says which run is the last', async () => {
    const runs: Array<Pick<JobContext, 'attempt' | 'lastAttempt'>> = [];
    await ctx.app.jobs.work('test-flaky', async (_data, { attempt, lastAttempt }) => {
      runs.push({ attempt, lastAttempt });
      throw new Error('always fails');
    });
    await ctx.app.jobs.send('test-flaky', {});
    await until(() => runs.length === 3, 'three runs');
    expect(runs).toEqual([
      { attempt: 0, lastAttempt: false },
      { attempt: 1, lastAttempt: false },
      { attempt: 2, lastAttempt: true },
    ]);
  });

  it('refuses to create a queue inside a transaction that would wait for itself', async () => {
    await expect(ctx.app.db.transaction(async (tx) => ctx.app.jobs.send('test-never-created', {}, { tx: tx as unknown as Db }))).rejects.toThrow('must be created before');
  });

  it('runs jobs of one queue side by side with several loops', async () => {
    let running = 0;
    let most = 0;
    let arrived = 0;
    let release!: () => void;
    const together = new Promise<void>((resolve) => (release = resolve));
    const done: number[] = [];
    await ctx.app.jobs.work<{ n: number }>(
      'test-parallel',
      async ({ n }) => {
        running += 1;
        most = Math.max(most, running);
        if ((arrived += 1) === 3) release();
        await together;
        running -= 1;
        done.push(n);
      },
      { concurrency: 3 },
    );
    await ctx.app.jobs.sendMany('test-parallel', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await until(() => done.length === 3, 'three jobs held together');
    expect(most).toBe(3);
  });

  it('holds a job sent with startAfterSeconds until then', async () => {
    const seen: string[] = [];
    await ctx.app.jobs.work<{ word: string }>('test-later', async ({ word }) => void seen.push(word));
    await ctx.app.jobs.send('test-later', { word: 'later' }, { startAfterSeconds: 3 });
    await ctx.app.jobs.send('test-later', { word: 'now' });
    await until(() => seen.length === 1, 'the job without delay');
    expect(seen).toEqual(['now']);
    await until(() => seen.length === 2, 'the delayed job');
    expect(seen).toEqual(['now', 'later']);
  });

  // A server stopped just after it started (a deploy, a test) had every loop still fetching: each
  // then waited for a wake-up that never came, and stop() for its whole bound.
  it('stops at once while its loops are still looking for their first job', async () => {
    const queue = await startJobQueue(ctx.app.db, { ...DEFAULT_QUEUE_OPTIONS, stopSeconds: 3600 });
    let ran = 0;
    for (const name of ['test-stop-a', 'test-stop-b']) await queue.work(name, async () => void (ran += 1));
    await queue.stop();
    expect(ran).toBe(0);
  }, 20_000);
});
