import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { badRequest, forbidden, notAuthenticated } from '../lib/errors';
import { UUID } from '../lib/schema-types';
import { isApiPath } from '../plugins/errors';
import { projectParam } from './gate';
import { resolveSession, type SessionUser } from './sessions';
import type { Standing } from './standing';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a session (sign-in, health, API docs). */
    public?: boolean;
    /**
     * GET routes that `<img src>` and PDF viewers call without headers: the session may come
     * from the app's `token` cookie, or `ezreport_token` when the app runs under a host shell
     * (whose own `token` cookie is not the app's). Never set on a route that changes anything.
     */
    cookieAuth?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    token: string | null;
    organizationUuid: string | null;
    /** The caller's standing in the route's project, read with the session (see projectAccess). */
    standing: { projectUuid: string; row: Standing | null } | null;
  }
}

const PUBLIC_PREFIXES = ['/api/docs'];

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Token\s+(\S+)$/i);
  if (match) return match[1];
  if (!request.routeOptions.config.cookieAuth) return null;
  const cookies = request.headers.cookie;
  const cookie = cookies?.match(/(?:^|;\s*)ezreport_token=([^;]+)/) ?? cookies?.match(/(?:^|;\s*)token=([^;]+)/);
  return cookie ? decodeURIComponent(cookie[1]) : null;
}

/**
 * The project whose standing the session query reads along, saving a round trip on every
 * project route: its path parameter, on reads only, so a write is still checked after its body
 * arrived (a long upload must not outlive a removed membership).
 */
function projectReadAlong(request: FastifyRequest): string | undefined {
  const { project } = request.routeOptions.config;
  if (!project || project.locate || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const uuid = projectParam(request);
  return uuid && UUID.test(uuid) ? uuid : undefined;
}

/** Every API route needs a session unless its config says `public: true`. */
export function installAuth(app: FastifyInstance, db: Db, idleDays: number): void {
  const idleLimitMs = idleDays * 24 * 3600_000;
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('organizationUuid', null);
  app.decorateRequest('standing', null);
  const signIn = async (request: FastifyRequest, token: string) => {
    // The Organization header, else the user's current organization.
    const header = request.headers.organization;
    const requested = Array.isArray(header) ? header[0] : header;
    const valid = requested && UUID.test(requested) ? requested : undefined;
    const projectUuid = projectReadAlong(request);
    const { user, organizationUuid, standing } = await resolveSession(db, token, idleLimitMs, valid, projectUuid);
    if (requested && !valid) throw badRequest('请求头 Organization 不是合法的企业编号');
    if (requested && !organizationUuid) throw forbidden('您不是该企业的成员，无法访问');
    request.user = user;
    request.token = token;
    request.organizationUuid = organizationUuid;
    if (projectUuid) request.standing = { projectUuid, row: standing ?? null };
  };
  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || !isApiPath(routeUrl)) return;
    const token = readToken(request);
    if (request.routeOptions.config.public || PUBLIC_PREFIXES.some((prefix) => routeUrl.startsWith(prefix))) {
      // A public route may still use a session when one is sent (the bind code needs the user).
      if (token) await signIn(request, token).catch(() => undefined);
      return;
    }
    if (!token) throw notAuthenticated();
    await signIn(request, token);
  });
}
