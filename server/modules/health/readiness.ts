import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../lib/errors';

export type ProbeState = 'ok' | 'failed' | 'timeout';

export interface ReadinessChecks {
  database: ProbeState;
  storage: ProbeState;
  admission: 'ok' | 'saturated';
}

export type Readiness = { ready: true; checks: ReadinessChecks } | { ready: false; checks: ReadinessChecks; code: number; message: string };

/** A key newStorageKey() never makes: asking its size touches the storage and finds nothing. */
const ABSENT_KEY = 'health/readiness-probe';

const MESSAGES = {
  database: { failed: '数据库不可用', timeout: '数据库响应超时' },
  storage: { failed: '文件存储不可用', timeout: '文件存储响应超时' },
  admission: { saturated: '服务器繁忙，请求队列已满' },
};

/**
 * Whether this process can serve: its database and storage answer within the bound and its
 * admission queue has room. Probes that arrive while a check runs share its answer, so a slow
 * database is not asked once more by every load balancer's probe.
 */
export function readinessCheck(app: FastifyInstance): () => Promise<Readiness> {
  let running: Promise<Readiness> | undefined;
  return () => {
    running ??= check(app).finally(() => {
      running = undefined;
    });
    return running;
  };
}

async function check(app: FastifyInstance): Promise<Readiness> {
  const bound = app.config.healthCheckTimeoutMs;
  const [database, storage] = await Promise.all([
    probe(app, 'database', () => app.database.ping(), bound),
    probe(app, 'storage', () => app.storage.size(ABSENT_KEY), bound),
  ]);
  const checks: ReadinessChecks = { database, storage, admission: app.admission.saturated() ? 'saturated' : 'ok' };
  const failures = [
    database !== 'ok' && MESSAGES.database[database],
    storage !== 'ok' && MESSAGES.storage[storage],
    checks.admission !== 'ok' && MESSAGES.admission[checks.admission],
  ].filter((message): message is string => typeof message === 'string');
  if (failures.length === 0) return { ready: true, checks };
  return { ready: false, checks, code: ErrorCode.unavailable, message: failures.join('；') };
}

async function probe(app: FastifyInstance, name: string, work: () => Promise<unknown>, bound: number): Promise<ProbeState> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), bound);
  });
  try {
    const state = await Promise.race([Promise.resolve().then(work).then(() => 'ok' as const), timedOut]);
    if (state === 'timeout') app.log.warn(`readiness: the ${name} did not answer within ${bound} ms`);
    return state;
  } catch (error) {
    app.log.warn({ err: error }, `readiness: the ${name} failed`);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
