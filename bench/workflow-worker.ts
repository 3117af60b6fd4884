/**
 * A second server process for workflow runs on the same PostgreSQL: builds the app on
 * WORKER_DATABASE_URL (no HTTP port) and works the workflow queues until SIGTERM or SIGKILL.
 * WORKER_RUNNER: `noop` (each try succeeds at once) or `sleep` (each try prints
 * `started <task>` and waits until it is stopped, then prints `stopped <task>`); WORKER_HOSTNAME:
 * the host name its tries are recorded under. Prints `ready` once its workers run.
 * Used by bench/workflows.ts and tests/server/workflow-runs.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import type { TaskRunner } from '../server/modules/workflows/types';

const url = process.env.WORKER_DATABASE_URL;
if (!url) throw new Error('WORKER_DATABASE_URL is required');

const noop: TaskRunner = async (request) => ({ outputs: Object.fromEntries(request.task.outputs.map((spec) => [spec.field_name, 1])), log: 'noop\n' });
const sleep: TaskRunner = (request) =>
  new Promise((_, reject) => {
    process.stdout.write(`started ${request.task.name}\n`);
    request.signal.addEventListener('abort', () => {
      process.stdout.write(`stopped ${request.task.name}\n`);
      reject(new Error('stopped'));
    });
  });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workflow-worker-'));
const database = await openDatabase({ url });
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, TZ: process.env.TZ || 'Asia/Shanghai', LOG_LEVEL: 'silent' }),
  database,
  webRoot: '/nonexistent',
  jobs: { pollSeconds: Number(process.env.WORKER_POLL_SECONDS || 0.2) },
  workflows: {
    runner: process.env.WORKER_RUNNER === 'sleep' ? sleep : noop,
    heartbeatSeconds: Number(process.env.WORKER_HEARTBEAT_SECONDS || 0.3),
    taskSlots: Number(process.env.WORKER_TASK_SLOTS || 4),
    schedulerSeconds: 3600,
    hostname: process.env.WORKER_HOSTNAME || undefined,
  },
});
await app.ready();
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
