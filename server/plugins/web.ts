import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../lib/errors';
import { isApiPath } from './errors';
import { appPageHeaders } from './headers';

/**
 * Serves the built web app from `webRoot`, compressed where the browser accepts it; every unknown
 * non-API path answers index.html (the app routes on the hash), unknown API paths answer 404 JSON.
 */
export async function installWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasApp = existsSync(path.join(webRoot, 'index.html'));
  const pageHeaders = appPageHeaders(app.config.frameAncestors);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      // The build writes each file's .br and .gz beside it (vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        for (const [name, value] of Object.entries(pageHeaders)) res.header(name, value);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (isApiPath(pathname)) {
      return reply.status(404).send({ code: ErrorCode.notFound, message: `接口不存在：${request.method} ${pathname}` });
    }
    if (!hasApp) {
      return reply.status(404).type('text/plain; charset=utf-8').send('前端尚未构建，请先运行 npm run build');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
