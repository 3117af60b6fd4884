import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../lib/schema-types';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/healthy/check/',
    {
      config: { public: true },
      schema: {
        tags: ['健康检查'],
        summary: '数据库可用时返回 200，否则 503',
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }),
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: app.database.driver };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ code: 50300, message: '数据库不可用' });
      }
    },
  );

  app.get(
    '/api/healthy/test_config_change/',
    {
      config: { public: true },
      schema: {
        tags: ['健康检查'],
        summary: '当前生效配置的指纹（不含密钥），用于确认配置变更已生效',
        response: { 200: Type.Object({ status: Type.Literal('ok'), config_fingerprint: Type.String(), time_zone: Type.String() }) },
      },
    },
    async () => {
      const { port, timeZone, logLevel } = app.config;
      const visible = JSON.stringify({ port, timeZone, logLevel, driver: app.database.driver });
      return {
        status: 'ok' as const,
        config_fingerprint: createHash('sha256').update(visible).digest('hex').slice(0, 16),
        time_zone: timeZone,
      };
    },
  );
}
