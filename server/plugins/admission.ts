import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdmissionLimits } from '../config';
import type { Database } from '../db/client';
import { ErrorCode } from '../lib/errors';
import { isApiPath } from './errors';

/** Enough to overlap one request's JavaScript with another's query. */
const PGLITE_CONCURRENT = 8;

/** Answered without waiting for a turn: they do no work a queue would protect. */
const UNQUEUED_PREFIXES = ['/api/healthy/', '/api/docs'];

const busy = (reply: FastifyReply) =>
  reply.status(503).header('retry-after', '1').send({ code: ErrorCode.unavailable, message: '服务器繁忙，请稍后重试' });

/**
 * At most `maxConcurrent` API requests run at once, `maxQueued` more wait their turn for up
 * to `queueWaitMs`; the rest are answered 503 at once. On PGlite, which runs one query at a
 * time, a request admitted beyond a few would only wait longer inside the database, where
 * no bound applies and the health check would wait behind it.
 */
export function installAdmission(app: FastifyInstance, limits: AdmissionLimits, driver: Database['driver']): void {
  const { maxQueued, queueWaitMs } = limits;
  // PostgreSQL runs queries side by side (a pool of 10) and queues its own connections.
  const maxConcurrent = limits.maxConcurrent ?? (driver === 'pglite' ? PGLITE_CONCURRENT : 0);
  if (maxConcurrent === 0) return;
  let running = 0;
  const waiting: Array<() => void> = [];
  const admitted = new WeakSet<FastifyRequest>();

  const turn = () =>
    new Promise<boolean>((resolve) => {
      const granted = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(granted), 1);
        resolve(false);
      }, queueWaitMs);
      waiting.push(granted);
    });

  /** A finished request hands its slot to the first one waiting. */
  const release = (request: FastifyRequest) => {
    if (!admitted.delete(request)) return;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || UNQUEUED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if (running < maxConcurrent) {
      running++;
    } else if (waiting.length >= maxQueued || !(await turn())) {
      return busy(reply);
    }
    admitted.add(request);
    // PGlite answers within microtasks, so without this pause a request would run to its end
    // before Node even reads the next one: the backlog would pile up unseen in the sockets.
    await new Promise((resolve) => setImmediate(resolve));
  });
  // The slot is freed once the answer is ready, so a file download streams without holding it.
  app.addHook('onSend', async (request, _reply, payload) => {
    release(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => release(request));
}
