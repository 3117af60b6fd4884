import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { badRequest, forbidden, notAuthenticated } from '../lib/errors';
import { resolveSession, type SessionUser } from '../modules/accounts/sessions';
import { isApiPath } from './errors';
import { UUID } from '../lib/schema-types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a session (sign-in, health, API docs). */
    public?: boolean;
    /**
     * GET routes that `<img src>` and PDF viewers call without headers: the session may come
     * from the app's `token` cookie. Never set on a route that changes anything.
     */
    cookieAuth?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    token: string | null;
    organizationUuid: string | null;
  }
}

const PUBLIC_PREFIXES = ['/api/docs'];

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Token\s+(\S+)$/i);
  if (match) return match[1];
  if (!request.routeOptions.config.cookieAuth) return null;
  const cookie = request.headers.cookie?.match(/(?:^|;\s*)token=([^;]+)/);
  return cookie ? decodeURIComponent(cookie[1]) : null;
}

/** Every API route needs a session unless its config says `public: true`. */
export function installAuth(app: FastifyInstance, db: Db, idleDays: number): void {
  const idleLimitMs = idleDays * 24 * 3600_000;
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('organizationUuid', null);
  const signIn = async (request: FastifyRequest, token: string) => {
    // The Organization header, else the user's current organization.
    const header = request.headers.organization;
    const requested = Array.isArray(header) ? header[0] : header;
    const valid = requested && UUID.test(requested) ? requested : undefined;
    const { user, organizationUuid } = await resolveSession(db, token, idleLimitMs, valid);
    if (requested && !valid) throw badRequest('请求头 Organization 不是合法的企业编号');
    if (requested && !organizationUuid) throw forbidden('您不是该企业的成员，无法访问');
    request.user = user;
    request.token = token;
    request.organizationUuid = organizationUuid;
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

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
