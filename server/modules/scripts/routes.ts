import type { FastifyInstance } from 'fastify';
import { scriptParamRoutes } from './param-routes';
import { scriptRoutes } from './script-routes';
import { scriptTestRunRoutes } from './test-run-routes';
import { scriptVersionRoutes } from './version-routes';

export async function scriptModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(scriptRoutes);
  await app.register(scriptParamRoutes);
  await app.register(scriptVersionRoutes);
  await app.register(scriptTestRunRoutes);
}
