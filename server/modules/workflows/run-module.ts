import type { FastifyInstance } from 'fastify';
import { advanceJob } from './engine/advance';
import { ADVANCE_QUEUE, createEngine, TASK_QUEUE, type AdvanceJob, type Engine, type TaskJob, type WorkflowEngineOptions } from './engine/engine';
import { runRoutes } from './runs/run-routes';
import { logSandboxMode } from './engine/operators/sandbox';
import { reapZombies, scheduleDueRuns } from './engine/scheduler';
import { runTaskJob } from './engine/task-job';
import { taskInstanceRoutes } from './runs/task-instance-routes';

/** Advance jobs of different workflows run side by side; those of one workflow are folded together (advanceJob). */
const ADVANCE_LOOPS = 2;

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
 * Workflow runs: the routes, and unless `options` is null (an app built only to describe its
 * routes) the engine: advance and task workers on the job queue, the scheduler loop.
 */
export function workflowRunModule(options: WorkflowEngineOptions | null) {
  return async (app: FastifyInstance): Promise<void> => {
    const engine = createEngine(app, options ?? {});
    await app.register(runRoutes, { engine });
    await app.register(taskInstanceRoutes);
    if (!options) return;
    // Before any request: a run is created with its advance job in one transaction.
    await app.jobs.createQueue(ADVANCE_QUEUE);
    await app.jobs.createQueue(TASK_QUEUE);
    const scheduler = startScheduler(engine);
    app.addHook('onReady', async () => {
      await app.jobs.work<AdvanceJob>(ADVANCE_QUEUE, (data) => advanceJob(engine, data.workflowId), { concurrency: ADVANCE_LOOPS });
      if (engine.taskSlots > 0) {
        await logSandboxMode(app.log, app.config.scriptSandbox);
        await app.jobs.work<TaskJob>(TASK_QUEUE, (data, context) => runTaskJob(engine, data, context), { concurrency: engine.taskSlots });
      }
      scheduler.start();
    });
    app.addHook('onClose', async () => {
      for (const controller of engine.tries.values()) controller.abort('shutdown');
      await scheduler.stop();
    });
  };
}
