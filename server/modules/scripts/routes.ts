import type { FastifyInstance } from 'fastify';
import { scriptParamRoutes } from './param-routes';
import { scriptRoutes } from './script-routes';

export async function scriptModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(scriptRoutes);
  await app.register(scriptParamRoutes);
}
