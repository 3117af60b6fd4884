import type { FastifyInstance } from 'fastify';
import { linkRoutes } from './definitions/link-routes';
import { taskRoutes } from './definitions/task-routes';
import { workflowRoutes } from './definitions/workflow-routes';
import type { Engine } from './engine/engine';
import { runRoutes } from './runs/run-routes';
import { taskInstanceRoutes } from './runs/task-instance-routes';

/** Workflow definitions (workflows, their tasks and links, validity and publication) and their runs. */
export function workflowModuleRoutes(engine: Engine) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(workflowRoutes, { engine });
    await app.register(taskRoutes);
    await app.register(linkRoutes);
    await app.register(runRoutes, { engine });
    await app.register(taskInstanceRoutes, { engine });
  };
}
