import { Type } from '@sinclair/typebox';
import { LimitOffsetQuery, PageOf } from '../../lib/pagination';
import { Id } from '../../lib/schema-types';

export const MEMBER_ORDERINGS = ['created_at', '-created_at', 'username', '-username'] as const;
export const PROJECT_ORDERINGS = ['name', '-name', 'created_at', '-created_at', 'updated_at', '-updated_at'] as const;

export const ProjectListQuery = Type.Object({
  ...LimitOffsetQuery,
  ordering: Type.Optional(Type.Union(PROJECT_ORDERINGS.map((value) => Type.Literal(value)), { description: '排序字段，前缀 - 为倒序' })),
  search: Type.Optional(Type.String({ maxLength: 100, description: '按名称搜索' })),
});

export const ExtraInfo = Type.Object(
  {
    project_id: Type.Optional(Type.String({ maxLength: 200 })),
    connection_id: Type.Optional(Type.String({ maxLength: 200 })),
    schema_name: Type.Optional(Type.String({ maxLength: 200 })),
    database_name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const ProjectWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 150, description: '项目名称' })),
  skin: Type.Optional(Type.String({ maxLength: 32 })),
  color: Type.Optional(Type.String({ maxLength: 32 })),
  extra_info: Type.Optional(ExtraInfo),
  is_public: Type.Optional(Type.Boolean()),
  project_card_url: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** A new project may bring its profile's description, written in the same transaction. */
export const ProjectCreate = Type.Composite([ProjectWrite, Type.Object({ description: Type.Optional(Type.String({ maxLength: 500, description: '项目描述' })) })]);

export const Project = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  name: Type.String(),
  skin: Type.String(),
  color: Type.String(),
  extra_info: Type.Record(Type.String(), Type.Unknown()),
  is_public: Type.Boolean(),
  project_card_url: Type.String(),
  organization_uuid: Type.String({ format: 'uuid' }),
  created_at: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
  updated_at: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
});

export const ProjectPage = PageOf(Project);

export const ProjectPermission = Type.Object({
  role: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  permissions: Type.Array(Type.String(), { description: '权限名称' }),
  permissions_detail: Type.Array(Type.String(), { description: '权限明细，如 report.report.create_report' }),
});

export const UuidParams = Type.Object({ uuid: Type.String({ maxLength: 64 }) });
export const ProjectParams = Type.Object({ project_uuid: Type.String({ maxLength: 64 }) });
/** The project of a collection call without it in the path. */
export const ProjectScoped = Type.Object({ project_uuid: Type.Optional(Type.String({ maxLength: 64 })) });

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

export const InviteCodeQuery = Type.Object({
  days: Type.Optional(Id({ maximum: 365, description: '有效天数，默认 7' })),
  project_uuid: Type.Optional(Type.String({ maxLength: 64 })),
});

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  is_default: Type.Boolean(),
  customize: Type.Boolean(),
  builtin: Type.Union([Type.String(), Type.Null()]),
  permissions: Type.Array(Type.String()),
  member_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const RoleWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 64 })),
  permissions: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 })),
});
export const RoleListQuery = Type.Object({
  ...LimitOffsetQuery,
  ordering: Type.Optional(Type.Union(['created_at', '-created_at', 'name', '-name'].map((v) => Type.Literal(v)))),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
export const RolePage = PageOf(Role);
export const Menus = Type.Object({ menus: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 }) });

/** The answer for anyone who is not a member of the project's organization, whether registered or not. */
export const ProjectInvitation = Type.Object({
  invited: Type.Literal(true),
  message: Type.String(),
  token: Type.String(),
  expires_at: Type.String(),
  url: Type.String(),
});

export const InviteCode = Type.Object({ token: Type.String(), expires_at: Type.String(), url: Type.String() });
export const InviteItem = Type.Object({ username: Type.Optional(Type.String({ maxLength: 150 })), role_id: Type.Optional(Id()) });
export const InviteUserBody = Type.Union([InviteItem, Type.Array(InviteItem, { maxItems: 200 })]);
export const InviteUserAnswer = Type.Array(Type.Union([Member, Type.Composite([Type.Object({ username: Type.String() }), ProjectInvitation])]));
export const JoinQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export const JoinBody = JoinQuery;
export const JoinResult = Type.Object({ message: Type.String(), project_uuid: Type.String() });
