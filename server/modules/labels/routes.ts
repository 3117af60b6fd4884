import type { FastifyInstance } from 'fastify';
import { filterSettingRoutes } from './filter-routes';
import { labelGroupRoutes } from './group-routes';
import { labelRoutes } from './label-routes';

export async function labelModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(labelGroupRoutes);
  await app.register(labelRoutes);
  await app.register(filterSettingRoutes);
}
