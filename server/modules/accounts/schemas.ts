import { Type } from '@sinclair/typebox';

export const ErrorBody = Type.Object({ code: Type.Integer(), message: Type.String() }, { description: '错误' });

export const LoginBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 150, description: '用户名或手机号' })),
  mobile: Type.Optional(Type.String({ maxLength: 20, description: '手机号' })),
  password: Type.Optional(Type.String({ maxLength: 128, description: '密码' })),
});

export const LoginResult = Type.Object({ username: Type.String(), token: Type.String() });

export const UserInfo = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  username: Type.String(),
  nickname: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  organization_uuid: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  is_superuser: Type.Boolean(),
  is_staff: Type.Boolean(),
});
