import type { FastifyInstance } from 'fastify';
import { linkRoutes } from './definitions/link-routes';
import { taskRoutes } from './definitions/task-routes';
import { workflowRoutes } from './definitions/workflow-routes';

/** Workflow definitions: workflows, their tasks and links, validity and publication. */
export async function workflowModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(workflowRoutes);
  await app.register(taskRoutes);
  await app.register(linkRoutes);
}
