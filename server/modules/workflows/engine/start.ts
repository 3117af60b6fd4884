import type { FastifyInstance } from 'fastify';
import type { Engine } from './engine';
import { logSandboxMode } from './operators/sandbox';
import { reapZombies, scheduleDueRuns } from './scheduler';

/** Every schedulerSeconds: due scheduled runs, then tries of dead workers. Stops (its last tick done) on close. */
function startScheduler(engine: Engine) {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let tick: Promise<void> = Promise.resolve();
  const next = () => {
    if (!closed) timer = setTimeout(run, engine.schedulerSeconds * 1000);
  };
  const run = () => {
    tick = (async () => {
      try {
        await scheduleDueRuns(engine);
        await reapZombies(engine);
      } catch (error) {
        if (!closed) engine.app.log.warn({ err: error }, '工作流调度失败');
      }
    })().finally(next);
  };
  return {
    start: run,
    async stop() {
      closed = true;
      clearTimeout(timer);
      await tick;
    },
  };
}

/**
 * The engine's side in each process besides its queue jobs (server/jobs/registry.ts): the
 * scheduler loop from ready until close (SKIP LOCKED keeps the processes' loops apart), and
 * on close the stop of this process's tries.
 */
export function startWorkflowEngine(app: FastifyInstance, engine: Engine): void {
  const scheduler = startScheduler(engine);
  app.addHook('onReady', async () => {
    if (engine.taskSlots > 0) await logSandboxMode(app.log, app.config.scriptSandbox);
    scheduler.start();
  });
  app.addHook('onClose', async () => {
    for (const controller of engine.tries.values()) controller.abort('shutdown');
    await scheduler.stop();
  });
}
