import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdmissionLimits } from '../config';
import type { Database } from '../db/client';
import { ErrorCode } from '../lib/errors';
import { isApiPath } from './errors';

/** Enough to overlap one request's JavaScript with another's query. */
const PGLITE_CONCURRENT = 8;

/** Answered without waiting for a turn: they do no work a queue would protect. */
const UNQUEUED_PREFIXES = ['/api/healthy/', '/api/docs'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The admission queue's state, for the readiness check. */
    admission: Admission;
  }
}

export interface Admission {
  /** True while a new API request would be answered 503 at once: every slot taken and the line full. */
  saturated(): boolean;
}

const busy = (reply: FastifyReply) =>
  reply.status(503).header('retry-after', '1').send({ code: ErrorCode.unavailable, message: '服务器繁忙，请稍后重试' });

/**
 * At most `maxConcurrent` API requests run at once, `maxQueued` more wait their turn in order
 * for up to `queueWaitMs` (as HAProxy's maxconn and `timeout queue`); the rest are answered
 * 503 at once. The defaults queue what PGlite can drain: 200 clients wait well under a second
 * each on the 2-core machine, where shedding them made each retry at once. On PGlite, which runs one query at a
 * time, a request admitted beyond a few would only wait longer inside the database, where
 * no bound applies and the health check would wait behind it.
 */
export function installAdmission(app: FastifyInstance, limits: AdmissionLimits, driver: Database['driver']): void {
  const { maxQueued, queueWaitMs } = limits;
  // PostgreSQL runs queries side by side (a pool of 10) and queues its own connections.
  const maxConcurrent = limits.maxConcurrent ?? (driver === 'pglite' ? PGLITE_CONCURRENT : 0);
  let running = 0;
  const waiting: Array<() => void> = [];
  const saturated = () => maxConcurrent > 0 && running >= maxConcurrent && waiting.length >= maxQueued;
  app.decorate('admission', { saturated });
  if (maxConcurrent === 0) return;
  const admitted = new WeakSet<FastifyRequest>();

  /** Waits for a slot; false when the wait timed out or the client hung up meanwhile. */
  const turn = (reply: FastifyReply) =>
    new Promise<boolean>((resolve) => {
      const leave = (granted: boolean) => {
        clearTimeout(timer);
        reply.raw.off('close', refuse);
        const index = waiting.indexOf(grant);
        if (index !== -1) waiting.splice(index, 1);
        resolve(granted);
      };
      const grant = () => leave(true);
      const refuse = () => leave(false);
      const timer = setTimeout(refuse, queueWaitMs);
      reply.raw.once('close', refuse);
      waiting.push(grant);
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
    } else if (saturated() || !(await turn(reply))) {
      return busy(reply);
    }
    admitted.add(request);
    // A response closes however it ends, also when the client hung up before an error answer,
    // for which Fastify runs neither onSend nor onResponse.
    if (reply.raw.destroyed) return release(request);
    reply.raw.once('close', () => release(request));
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
