import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { users } from '../../db/schema';
import { checkPasswordRule } from '../../lib/account-rules';
import { badRequest, ErrorCode } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { currentUser, createSession, endSession, endUserSessions, type SessionUser } from '../../access/sessions';
import {
  clearWrongPasswords, countPasswordAttempt, findUserBySignInName, LOCK_AFTER_WRONG_PASSWORDS, lockPasswordSignIn, minutesUntil, updateUser,
} from './queries';
import { LoginBody, LoginResult, openRoute, tags, UserInfo, UserInfoUpdate } from './schemas';
import { takeSignInAttempt } from './sign-in-limits';
import { ErrorBody } from '../../lib/schema-types';


function userInfoOf(user: SessionUser, request: FastifyRequest): Static<typeof UserInfo> {
  return {
    uuid: user.uuid,
    username: user.username,
    nickname: user.nickname,
    mobile: user.mobile,
    organization_uuid: request.organizationUuid,
    is_superuser: user.isSuperuser,
    is_staff: user.isStaff,
  };
}

export async function accountSessionRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof LoginBody> }>(
    '/api/v1/user/account/login/',
    openRoute({ summary: '密码登录（用户名或手机号）', body: LoginBody, response: { 200: LoginResult, 400: ErrorBody, 429: ErrorBody } }),
    async (request) => {
      const name = (request.body.username || request.body.mobile || '').trim();
      const password = request.body.password ?? '';
      if (!name) throw badRequest('请输入用户名');
      if (!password) throw badRequest('请输入密码');
      const takeBack = await takeSignInAttempt(app.db, request.ip);
      const user = await findUserBySignInName(app.db, name);
      const attempt = user ? await countPasswordAttempt(app.db, user.uuid) : null;
      const lockMessage = (until: Date) => `密码错误次数过多，账号已锁定，请 ${minutesUntil(until)} 分钟后再试`;
      if (attempt?.lockedUntil) throw badRequest(lockMessage(attempt.lockedUntil));
      // Attempts beyond the fifth are refused unchecked, even while the fifth is still being checked.
      if (user && attempt && attempt.attempt > LOCK_AFTER_WRONG_PASSWORDS) throw badRequest(lockMessage(await lockPasswordSignIn(app.db, user.uuid)));
      // Verify against a dummy hash for unknown names so timing does not tell which names exist.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        if (user && attempt?.attempt === LOCK_AFTER_WRONG_PASSWORDS) {
          throw badRequest(`密码连续错误 5 次，账号已锁定 ${minutesUntil(await lockPasswordSignIn(app.db, user.uuid))} 分钟`);
        }
        throw badRequest('用户名或密码错误', ErrorCode.wrongCredentials);
      }
      await takeBack();
      await clearWrongPasswords(app.db, user.uuid);
      return { username: user.username, token: await createSession(app.db, user.uuid) };
    },
  );

  app.post('/api/v1/user/account/logout/', { schema: { tags, summary: '退出登录，结束当前会话' } }, async (request, reply) => {
    if (request.token) await endSession(app.db, request.token, 'logout');
    return reply.status(204).send();
  });

  app.get('/api/v1/user/info/', { schema: { tags, summary: '当前用户信息', response: { 200: UserInfo } } }, async (request) =>
    userInfoOf(currentUser(request), request),
  );

  app.post<{ Body: Static<typeof UserInfoUpdate> }>(
    '/api/v1/user/info/',
    {
      schema: { tags, summary: '修改昵称；带原密码时修改密码（其他设备上的会话随之结束）', body: UserInfoUpdate, response: { 200: UserInfo, 400: ErrorBody } },
    },
    async (request) => {
      const user = currentUser(request);
      const { nickname, old_password: oldPassword, password } = request.body;
      const changes: Partial<typeof users.$inferInsert> = {};
      if (nickname !== undefined) {
        if (!nickname.trim()) throw badRequest('昵称不能为空');
        changes.nickname = nickname.trim();
      }
      if (password !== undefined || oldPassword !== undefined) {
        if (!oldPassword) throw badRequest('请输入原密码');
        if (!(await verifyPassword(oldPassword, user.passwordHash))) throw badRequest('原密码不正确');
        changes.passwordHash = await hashPassword(checkPasswordRule(password));
      }
      if (Object.keys(changes).length === 0) throw badRequest('没有需要修改的内容');
      const updated = await updateUser(app.db, user.uuid, changes);
      if (changes.passwordHash) await endUserSessions(app.db, user.uuid, 'password_changed', request.token ?? undefined);
      return userInfoOf(updated, request);
    },
  );
}
