import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { badRequest } from '../../lib/errors';
import { DRIVERS } from './drivers';
import type { Driver, Session, SessionPool, Target } from './drivers/types';
import { checkedAddress, UNREACHABLE } from './hosts';
import { findConnection, type ConnectionRow } from './queries';
import { connectionKey, unseal } from './secret';

const keys = new WeakMap<object, Buffer>();
/** The sealing key of this server, read once. */
export function keyOf(app: FastifyInstance): Buffer {
  let key = keys.get(app.config);
  if (!key) keys.set(app.config, (key = connectionKey(app.config)));
  return key;
}

export function driverOf(drivername: string): Driver {
  const driver = DRIVERS[drivername];
  if (!driver) throw badRequest(`不支持的数据库类型：${drivername}（可选 ${Object.values(DRIVERS).filter((known) => !known.onServerDatabase).map((known) => known.name).join('、')}）`);
  return driver;
}

const POOL_SIZE = 4;
/** Pools kept at once per server; the least recently used beyond them is closed. */
const MAX_POOLS = 50;
const poolsOf = new WeakMap<FastifyInstance, LRUCache<string, SessionPool>>();

/** The pool of `target` at a checked address, made on first use; an edited password or host makes another. */
function pooled(app: FastifyInstance, driver: Driver, target: Target): SessionPool {
  let pools = poolsOf.get(app);
  if (!pools) poolsOf.set(app, (pools = new LRUCache({ max: MAX_POOLS, dispose: (old) => void old.end().catch(() => undefined) })));
  const key = JSON.stringify([driver.name, target.host, target.port, target.username, target.database, createHash('sha256').update(target.password).digest('hex')]);
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = driver.pool(target, POOL_SIZE, app.config.timeZone)));
  return pool;
}

/** Closes every pool of the server (at shutdown). */
export async function closePools(app: FastifyInstance): Promise<void> {
  const pools = poolsOf.get(app);
  poolsOf.delete(app);
  await Promise.all([...(pools?.values() ?? [])].map((pool) => pool.end().catch(() => undefined)));
}

/**
 * Runs `work` in a read-only session as `target` says, after the host policy (hosts.ts). A failure to
 * connect answers 400: the database's own answer when it gave one (a wrong password, no such
 * database), else UNREACHABLE, whatever the network said, so no one tells open ports from closed
 * ones or refused addresses. Saved connections reuse pooled connections; a test of a
 * connection (`fresh`) opens its own, so it proves the connection can be made now.
 */
export async function openSession<T>(
  app: FastifyInstance,
  driver: Driver,
  target: Target,
  projectUuid: string,
  work: (session: Session) => Promise<T>,
  fresh = false,
): Promise<T> {
  const pool = driver.onServerDatabase ? driver.onServerDatabase(app.db, projectUuid, app.config.timeZone) : await networkPool(app, driver, target, fresh);
  let connected = false;
  try {
    return await pool.withSession((session) => {
      connected = true;
      return work(session);
    });
  } catch (error) {
    if (connected && !isDriverError(error)) throw error;
    if (connected) throw badRequest(`查询失败：${driver.explain(error)}`);
    const answer = driver.serverAnswer(error);
    throw badRequest(answer ? `无法连接数据库：${answer}` : UNREACHABLE);
  } finally {
    if (fresh) await pool.end().catch(() => undefined);
  }
}

async function networkPool(app: FastifyInstance, driver: Driver, target: Target, fresh: boolean): Promise<SessionPool> {
  const checked = { ...target, host: await checkedAddress(app.config, target.host, target.port) };
  return fresh ? driver.pool(checked, 1, app.config.timeZone) : pooled(app, driver, checked);
}

/** Errors of the database or the network, as opposed to our own (an AppError keeps its answer). */
const isDriverError = (error: unknown) =>
  typeof (error as { code?: unknown }).code === 'string' ||
  typeof (error as { sqlState?: unknown }).sqlState === 'string' || /timeout|terminated|closed the connection|not queryable/i.test((error as Error).message ?? '');

/**
 * The one way the server reads a project's own data: a read-only session, with connect and
 * statement timeouts, on the database `database` (default: the connection's) of the project's
 * connection `connectionId`. Another database must be one the connection can list.
 * A builtin connection's session holds a transaction of the server's own database: on PGlite,
 * which has one connection, `work` must not query `app.db` until it returns.
 */
export async function withProjectConnection<T>(
  app: FastifyInstance,
  projectUuid: string,
  connectionId: number,
  database: string | undefined,
  work: (session: Session, connection: ConnectionRow) => Promise<T>,
): Promise<T> {
  const connection = await findConnection(app.db, projectUuid, connectionId);
  const driver = driverOf(connection.drivername);
  const password = driver.onServerDatabase ? '' : unseal(keyOf(app), connection.passwordSealed);
  const target: Target = { host: connection.host, port: connection.port, username: connection.username, password, database: connection.database };
  if (database && database !== connection.database) {
    const known = await openSession(app, driver, target, projectUuid, (session) => session.databases());
    if (!known.includes(database)) throw badRequest(`数据库 ${database} 不存在或无权访问`);
    target.database = database;
  }
  return openSession(app, driver, target, projectUuid, (session) => work(session, connection));
}
