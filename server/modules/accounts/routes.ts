import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, ErrorCode } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { currentUser } from '../../plugins/auth';
import { findUserBySignInName } from './queries';
import { ErrorBody, LoginBody, LoginResult, UserInfo } from './schemas';
import { createSession, endSession } from './sessions';
import type { Static } from '@sinclair/typebox';

const userInfoOf = (request: FastifyRequest): Static<typeof UserInfo> => {
  const user = currentUser(request);
  return {
    uuid: user.uuid,
    username: user.username,
    nickname: user.nickname,
    mobile: user.mobile,
    organization_uuid: request.organizationUuid,
    is_superuser: user.isSuperuser,
    is_staff: user.isStaff,
  };
};

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof LoginBody> }>(
    '/api/v1/user/account/login/',
    {
      config: { public: true },
      schema: {
        tags: ['账号'],
        summary: '密码登录（用户名或手机号）',
        body: LoginBody,
        response: { 200: LoginResult, 400: ErrorBody },
      },
    },
    async (request) => {
      const name = (request.body.username || request.body.mobile || '').trim();
      const password = request.body.password ?? '';
      if (!name) throw badRequest('请输入用户名');
      if (!password) throw badRequest('请输入密码');
      const user = await findUserBySignInName(app.db, name);
      // Verify against a dummy hash for unknown names so timing does not tell which names exist.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) throw badRequest('用户名或密码错误', ErrorCode.wrongCredentials);
      return { username: user.username, token: await createSession(app.db, user.uuid) };
    },
  );

  app.post(
    '/api/v1/user/account/logout/',
    { schema: { tags: ['账号'], summary: '退出登录，结束当前会话' } },
    async (request, reply) => {
      if (request.token) await endSession(app.db, request.token, 'logout');
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/user/info/',
    { schema: { tags: ['账号'], summary: '当前用户信息', response: { 200: UserInfo } } },
    async (request) => userInfoOf(request),
  );
}
