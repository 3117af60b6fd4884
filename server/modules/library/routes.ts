import type { FastifyInstance } from 'fastify';
import { batchRoutes } from './batch-routes';
import { contentRoutes } from './content-routes';
import { groupRoutes } from './group-routes';
import { itemRoutes } from './item-routes';
import { LIBRARY } from '../../../contract/library';

/** Reports and materials: the same routes, once per kind. */
export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  for (const spec of Object.values(LIBRARY)) {
    await app.register(groupRoutes(spec));
    await app.register(itemRoutes(spec));
    await app.register(batchRoutes(spec));
    await app.register(contentRoutes(spec));
  }
}
