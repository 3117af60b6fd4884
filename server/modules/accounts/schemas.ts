import { Type } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';

export const tags = ['账号'];
/** Options of a route open to callers who have not signed in. */
export const openRoute = (schema: FastifySchema) => ({ config: { public: true }, schema: { tags, ...schema } });

export const MessageBody = Type.Object({ message: Type.String() });
export const MobileBody = Type.Object({ mobile: Type.String() });
export const Registered = Type.Object({ uuid: Type.String({ format: 'uuid' }), username: Type.String() });

// Fields are optional in the schemas so that a missing one gets the spec's own message from the handler.
const text = (maxLength: number, description: string) => Type.Optional(Type.String({ maxLength, description }));

export const LoginBody = Type.Object({
  username: text(150, '用户名或手机号'),
  mobile: text(20, '手机号'),
  password: text(128, '密码'),
});

export const LoginResult = Type.Object({ username: Type.String(), token: Type.String() });

export const SmsCodeBody = Type.Object({
  mobile: text(20, '手机号'),
  action: Type.Optional(Type.String({ maxLength: 16, description: 'login、register、reset 或 bind' })),
  application: text(64, '应用'),
});

export const SmsLoginBody = Type.Object({ mobile: text(20, '手机号'), code: text(12, '验证码') });

export const RegisterBody = Type.Object({
  mobile: text(20, '手机号'),
  code: text(12, '验证码'),
  password: text(128, '密码'),
  username: text(150, '用户名，可选'),
});

export const ResetBody = Type.Object({ mobile: text(20, '手机号'), code: text(12, '验证码'), password: text(128, '新密码') });

export const BindBody = Type.Object({
  mobile: text(20, '新手机号'),
  code: text(12, '验证码'),
  action: Type.Optional(Type.String({ maxLength: 16 })),
});

export const UserInfoUpdate = Type.Object({
  nickname: text(150, '昵称'),
  old_password: text(128, '原密码'),
  password: text(128, '新密码'),
});

export const UserInfo = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  username: Type.String(),
  nickname: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  organization_uuid: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  is_superuser: Type.Boolean(),
  is_staff: Type.Boolean(),
});
