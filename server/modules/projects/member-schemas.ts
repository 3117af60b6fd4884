import { Type } from '@sinclair/typebox';
import { LimitOffsetQuery, PageOf } from '../../lib/pagination';
import { MEMBER_ORDERINGS } from './member-queries';
import { Id } from '../../lib/schema-types';

export const Member = Type.Object({
  id: Type.Integer(),
  project_uuid: Type.String({ format: 'uuid' }),
  user: Type.Object({
    uuid: Type.String({ format: 'uuid' }),
    username: Type.String(),
    nickname: Type.String(),
    mobile: Type.Union([Type.String(), Type.Null()]),
  }),
  role: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  role_id: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
});

export const MemberPage = PageOf(Member);

export const MemberListQuery = Type.Object({
  ...LimitOffsetQuery,
  ordering: Type.Optional(Type.Union(MEMBER_ORDERINGS.map((value) => Type.Literal(value)))),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  user__username__contains: Type.Optional(Type.String({ maxLength: 100 })),
});

export const MemberAdd = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 150, description: '用户名或手机号' })),
  user_uuid: Type.Optional(Type.String({ format: 'uuid' })),
  role_id: Type.Optional(Id()),
});

export const MemberChange = Type.Object({ role_id: Type.Optional(Id()) });

export const IdsBody = Type.Object({
  ids: Type.Union([Type.Array(Id(), { maxItems: 1000 }), Type.String({ maxLength: 10000 })], {
    description: 'id 数组，或逗号分隔的 id',
  }),
});

export const IdParams = Type.Object({ id: Id() });
export const ProjectParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }) });

export const InviteCodeQuery = Type.Object({
  days: Type.Optional(Id({ maximum: 365, description: '有效天数，默认 7' })),
  project_uuid: Type.Optional(Type.String({ maxLength: 64 })),
});
