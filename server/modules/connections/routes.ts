import type { FastifyInstance } from 'fastify';
import { connectionRoutes } from './connection-routes';
import { introspectionRoutes } from './introspection-routes';

export async function connectionModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(connectionRoutes);
  await app.register(introspectionRoutes);
}
