import { activityRoutes } from './modules/activity/routes';
import { connectionModuleRoutes } from './modules/connections/routes';
import { scriptModuleRoutes } from './modules/scripts/routes';
import { workflowModuleRoutes } from './modules/workflows/routes';
import { createEngine, type WorkflowEngineOptions } from './modules/workflows/engine/engine';
import { startWorkflowEngine } from './modules/workflows/engine/start';
import { regionRoutes } from './modules/results/region-routes';
import { warehouseImportRoutes } from './modules/results/warehouse-import-routes';
import { warehouseSourceRoutes } from './modules/results/warehouse-source-routes';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { accountRoutes } from './modules/accounts/routes';
import { outboxSender, type SmsSender } from './lib/sms';
import { openStorage, type Storage } from './lib/storage';
import multipart from '@fastify/multipart';
import { uploadRoutes } from './modules/uploads/routes';
import { labelModuleRoutes } from './modules/labels/routes';
import { libraryRoutes } from './modules/library/routes';
import { recycleBinRoutes } from './modules/recycle-bin/routes';
import { healthRoutes } from './modules/health/routes';
import { projectRoutes } from './modules/projects/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { installAdmission } from './plugins/admission';
import { installAuth } from './access/authenticate';
import { installAccess } from './access/gate';
import { frameworkErrors, installErrorHandling } from './plugins/errors';
import { installInputChecks } from './plugins/inputs';
import { installApiNoStore } from './plugins/headers';
import { finiteNumbers } from './lib/schema-types';
import { installOpenApi } from './plugins/openapi';
import { compilersFactory } from './plugins/schema-compilers';
import { installWebApp } from './plugins/web';
import { DEFAULT_QUEUE_OPTIONS, idleJobQueue, startJobQueue, type JobQueue, type QueueOptions } from './jobs/queue';
import { resultsRoutes } from './modules/results/results-routes';
import { defaultResultDeps, type ResultDeps } from './modules/results/deps';
import { backgroundJobs, startBackgroundJobs } from './jobs/registry';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    sms: SmsSender;
    storage: Storage;
    /** The job queue (server/jobs): jobs kept in the database, shared by every server process. */
    jobs: JobQueue;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; defaults to dist/ beside server/. */
  webRoot?: string;
  logger?: boolean | object;
  /** Where file contents live; defaults to what STORAGE names (server.ts opens it first, for the seed). */
  storage?: Storage;
  /** Where verification codes go; defaults to the outbox file in DATA_DIR. */
  smsSender?: SmsSender;
  /** The job queue's timings (tests poll more often); false: no queue (the OpenAPI document is made without a database). */
  jobs?: Partial<QueueOptions> | false;
  /** What 成果 generation reads and renders with; tests give fakes. */
  results?: Partial<ResultDeps>;
  /** Workflow runs: the task runner (tests give fakes) and the engine's timings. */
  workflows?: WorkflowEngineOptions;
}

const defaultWebRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** The whole server; used by server.ts and by the tests through app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const logLevel = typeof options.logger === 'object' ? (options.logger as { level?: string }).level : undefined;
  const { trustProxy } = options.config;
  const app = Fastify({
    logger: options.logger ?? false,
    // Two log lines a request cost more CPU than the session check; LOG_LEVEL=debug brings them back.
    // Failures are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: logLevel !== 'debug' && logLevel !== 'trace' }),
    // verbose: a refusal reads the failing field's schema to name it in Chinese (plugins/errors.ts).
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, verbose: true }, plugins: [finiteNumbers] },
    schemaController: { compilersFactory },
    frameworkErrors,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('sms', options.smsSender ?? outboxSender(options.config.dataDir, app.log));
  const storage = options.storage ?? (await openStorage(options.config));
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close?.());
  // The migrations ran in openDatabase; pg-boss sets up its own schema beside them, under the
  // start-up lock: two processes starting together would both find it missing and both create it.
  const queueOptions = { ...DEFAULT_QUEUE_OPTIONS, expireSeconds: options.config.jobExpireSeconds, ...options.jobs };
  const jobs = options.jobs === false ? idleJobQueue() : await options.database.alone(() => startJobQueue(options.database.db, queueOptions));
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  installErrorHandling(app);
  installInputChecks(app);
  installApiNoStore(app);
  // Before the session lookup, so that its queries wait their turn too.
  installAdmission(app, options.config.admission, options.database.driver);
  const { uploadLimits } = options.config;
  await app.register(multipart, {
    // The per-purpose limits are checked while streaming; this is only the outer bound.
    limits: { fileSize: Math.max(...Object.values(uploadLimits)) + 1, files: 1, fields: 20, fieldSize: 4096, parts: 25 },
  });
  installAuth(app, options.database.db, options.config.sessionIdleDays);
  installAccess(app, options.database.db);
  await installOpenApi(app);
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(projectRoutes);
  await app.register(organizationRoutes);
  await app.register(uploadRoutes);
  await app.register(labelModuleRoutes);
  await app.register(libraryRoutes);
  await app.register(recycleBinRoutes);
  await app.register(activityRoutes);
  await app.register(connectionModuleRoutes);
  await app.register(scriptModuleRoutes);
  const engine = createEngine(app, { results: options.results, ...options.workflows });
  await app.register(workflowModuleRoutes(engine));
  await app.register(regionRoutes);
  await app.register(warehouseSourceRoutes);
  await app.register(warehouseImportRoutes);
  const results = { ...defaultResultDeps, ...options.results };
  await app.register(resultsRoutes(results));
  if (options.jobs !== false) {
    await startBackgroundJobs(app, backgroundJobs(app, { results, engine }));
    startWorkflowEngine(app, engine);
  }
  await installWebApp(app, options.webRoot ?? defaultWebRoot);
  return app;
}
