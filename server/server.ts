import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { openStorage } from './lib/storage';
import { queueDemoGenerations } from './modules/results/demo-generation';

async function main() {
  let config;
  let storage;
  try {
    config = loadConfig();
    // A missing bucket or wrong credentials stop the start, named like any bad setting.
    storage = await openStorage(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  process.env.TZ = config.timeZone;
  // The app's modules load while the database opens: a restart's two longest steps, side by side.
  const loadingApp = import('./app');
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  const seeding = performance.now();
  await database.alone(() => seed(database.db, { storage }));
  const seedMs = Math.round(performance.now() - seeding);
  // WEB_ROOT: another build of the app to serve (tests build their own copy); default dist/.
  const { buildApp } = await loadingApp;
  const app = await buildApp({ config, database, storage, webRoot: process.env.WEB_ROOT || undefined, logger: { level: config.logLevel } });
  app.log.info(`演示数据检查完成，用时 ${seedMs} ms`);
  // The demo project's first 成果 generations, queued once: the job queue makes them after the start.
  await database.alone(() => queueDemoGenerations(app)).catch((error) => app.log.warn({ err: error }, '演示成果生成未能排队'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`报告工作台已启动：http://localhost:${config.port} （数据库：${database.driver === 'pglite' ? `PGlite ${config.dataDir}` : 'PostgreSQL'}）`);
}

main().catch((error) => {
  console.error('启动失败：', error);
  process.exit(1);
});
