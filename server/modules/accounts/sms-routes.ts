import type { Static } from '@sinclair/typebox';
import { SMS_RESEND_SECONDS } from '../../../contract/accounts';
import type { FastifyInstance } from 'fastify';
import { checkCode, checkMobile, checkPasswordRule, checkUsername } from '../../lib/account-rules';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { currentUser, createSession, endUserSessions } from '../../access/sessions';
import { createUser, findUserByMobile, uniqueViolationField, updateUser, usernameTaken } from './queries';
import {
  BindBody, LoginResult, MessageBody, MobileBody, openRoute, RegisterBody, Registered, ResetBody, SmsCodeBody, SmsLoginBody, tags,
} from './schemas';
import { consumeCode, issueCode, SMS_ACTIONS, type SmsAction } from './sms-codes';
import { ErrorBody } from '../../lib/schema-types';

const TAKEN = { mobile: '该手机号已注册', username: '该用户名已被使用' } as const;

export async function smsRoutes(app: FastifyInstance): Promise<void> {
  /** Uses the code sent to the mobile; answers the user registered with it. */
  const holderOfCode = async (mobile: string, action: 'login' | 'reset', code: string) => {
    await consumeCode(app.db, { mobile, action, code });
    const user = await findUserByMobile(app.db, mobile);
    if (!user) throw badRequest('该手机号尚未注册，请先注册');
    return user;
  };

  app.post<{ Body: Static<typeof SmsCodeBody> }>(
    '/api/v1/user/sms/code/',
    openRoute({ summary: `发送短信验证码（5 分钟有效；同一手机号 ${SMS_RESEND_SECONDS} 秒一次、每天 10 次）`, body: SmsCodeBody, response: { 200: MessageBody, 400: ErrorBody, 429: ErrorBody } }),
    async (request) => {
      const mobile = checkMobile(request.body.mobile, '请填写手机号');
      const action = (request.body.action ?? 'login') as SmsAction;
      if (!SMS_ACTIONS.includes(action)) throw badRequest('不支持的验证码用途');
      if (action === 'bind' || action === 'rebind') currentUser(request);
      await issueCode(app.db, app.sms, { mobile, action, clientAddress: request.ip });
      return { message: '验证码已发送' };
    },
  );

  app.post<{ Body: Static<typeof SmsLoginBody> }>(
    '/api/v1/user/sms/login/',
    openRoute({ summary: '验证码登录', body: SmsLoginBody, response: { 200: LoginResult, 400: ErrorBody } }),
    async (request) => {
      const mobile = checkMobile(request.body.mobile);
      const user = await holderOfCode(mobile, 'login', checkCode(request.body.code));
      return { username: user.username, token: await createSession(app.db, user.uuid) };
    },
  );

  app.post<{ Body: Static<typeof RegisterBody> }>(
    '/api/v1/user/account/register/',
    openRoute({ summary: '手机号注册', body: RegisterBody, response: { 201: Registered, 400: ErrorBody } }),
    async (request, reply) => {
      const mobile = checkMobile(request.body.mobile);
      const code = checkCode(request.body.code);
      const password = checkPasswordRule(request.body.password);
      const username = request.body.username?.trim() ? checkUsername(request.body.username) : `u${mobile}`;
      if (await findUserByMobile(app.db, mobile)) throw badRequest(TAKEN.mobile);
      if (await usernameTaken(app.db, username)) throw badRequest(TAKEN.username);
      await consumeCode(app.db, { mobile, action: 'register', code });
      try {
        const user = await createUser(app.db, { username, mobile, nickname: username, passwordHash: await hashPassword(password) });
        return reply.status(201).send(user);
      } catch (error) {
        const field = uniqueViolationField(error);
        if (field) throw badRequest(TAKEN[field]);
        throw error;
      }
    },
  );

  app.post<{ Body: Static<typeof ResetBody> }>(
    '/api/v1/user/sms/reset/',
    openRoute({ summary: '验证码重置密码（结束该用户的全部会话）', body: ResetBody, response: { 200: MessageBody, 400: ErrorBody } }),
    async (request) => {
      const mobile = checkMobile(request.body.mobile);
      const code = checkCode(request.body.code);
      const password = checkPasswordRule(request.body.password);
      const user = await holderOfCode(mobile, 'reset', code);
      await updateUser(app.db, user.uuid, { passwordHash: await hashPassword(password), failedLoginCount: 0, lockedUntil: null });
      await endUserSessions(app.db, user.uuid, 'reset');
      return { message: '密码已重置' };
    },
  );

  app.post<{ Body: Static<typeof BindBody> }>(
    '/api/v1/user/sms/bind/',
    { schema: { tags, summary: '换绑手机号（验证码发送到新手机号）', body: BindBody, response: { 200: MobileBody, 400: ErrorBody } } },
    async (request) => {
      const user = currentUser(request);
      const mobile = checkMobile(request.body.mobile);
      const code = checkCode(request.body.code);
      if (mobile === user.mobile) throw badRequest('新手机号与当前手机号相同');
      if (await findUserByMobile(app.db, mobile)) throw badRequest(TAKEN.mobile);
      await consumeCode(app.db, { mobile, action: 'bind', code });
      try {
        await updateUser(app.db, user.uuid, { mobile });
      } catch (error) {
        if (uniqueViolationField(error) === 'mobile') throw badRequest(TAKEN.mobile);
        throw error;
      }
      return { mobile };
    },
  );
}
