import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { readinessCheck, type Readiness } from './readiness';
import { NotReady, Ready } from './schemas';

/** A short hash of the settings that show a change took effect; never of a secret. */
export function configFingerprint(config: Config, driver: string): string {
  const { port, timeZone, logLevel, storage } = config;
  // The bucket only when there is one, so a disk server's fingerprint stays what it was.
  const bucket = storage.kind === 's3' ? { storage: { endpoint: storage.endpoint, bucket: storage.bucket, region: storage.region } } : {};
  const visible = JSON.stringify({ port, timeZone, logLevel, driver, ...bucket });
  return createHash('sha256').update(visible).digest('hex').slice(0, 16);
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const readiness = readinessCheck(app);
  const notReady = (reply: FastifyReply, { code, message, checks }: Extract<Readiness, { ready: false }>) =>
    reply.status(503).send({ code, message, checks });

  app.get(
    '/api/healthy/live/',
    {
      config: { public: true },
      schema: {
        tags: ['健康检查'],
        summary: '存活检查：进程能应答即返回 200，不访问数据库',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/healthy/ready/',
    {
      config: { public: true },
      schema: {
        tags: ['健康检查'],
        summary: '就绪检查：数据库与文件存储按时应答、请求队列未满时返回 200，否则 503 并指明未通过的检查',
        response: { 200: Ready, 503: NotReady },
      },
    },
    async (_request, reply) => {
      const result = await readiness();
      if (!result.ready) return notReady(reply, result);
      return { status: 'ok' as const, checks: result.checks };
    },
  );

  app.get(
    '/api/healthy/check/',
    {
      config: { public: true },
      schema: {
        tags: ['健康检查'],
        summary: '与就绪检查相同（保留以兼容旧的探测地址）：就绪时返回 200 与数据库类型，否则 503',
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }),
          503: NotReady,
        },
      },
    },
    async (_request, reply) => {
      const result = await readiness();
      if (!result.ready) return notReady(reply, result);
      return { status: 'ok' as const, database: app.database.driver };
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
    async () => ({
      status: 'ok' as const,
      config_fingerprint: configFingerprint(app.config, app.database.driver),
      time_zone: app.config.timeZone,
    }),
  );
}
