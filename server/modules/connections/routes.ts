import type { FastifyInstance } from 'fastify';
import { connectionRoutes } from './connection-routes';
import { introspectionRoutes } from './introspection-routes';
import { queryRoutes } from './query-routes';
import { closePools } from './reader';

export async function connectionModuleRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onClose', closePools);
  await app.register(connectionRoutes);
  await app.register(introspectionRoutes);
  await app.register(queryRoutes);
}
