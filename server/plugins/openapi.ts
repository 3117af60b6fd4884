import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { nameOperations } from '../lib/operation-ids';

/** OpenAPI document generated from the route schemas, at /api/schema/, and Swagger UI at /api/docs/. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: '报告工作台接口', description: '报告、素材与标签工作台及平台服务接口', version: '1.0.0' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
          organization: { type: 'apiKey', in: 'header', name: 'Organization', description: '企业 uuid' },
        },
      },
      security: [{ token: [], organization: [] }],
    },
    // Every operation gets a stable name here, not in each route: the typed client's function names.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      nameOperations((document.openapiObject.paths ?? {}) as Parameters<typeof nameOperations>[0]);
      return document.openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get<{ Querystring: { format?: 'json' | 'yaml'; lang?: string } }>(
    '/api/schema/',
    {
      config: { public: true },
      schema: {
        hide: true,
        querystring: Type.Object({
          format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('yaml')])),
          // The document is written in Chinese only; lang is accepted for clients that always send it.
          lang: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      },
    },
    async (request, reply) => {
      if (request.query.format === 'yaml') {
        return reply.type('application/yaml; charset=utf-8').send(app.swagger({ yaml: true }));
      }
      return app.swagger();
    },
  );
}
