import { Type, type TSchema } from '@sinclair/typebox';
import { LimitOffsetQuery, PageOf } from '../../lib/pagination';
import { INVITE_MAX_DAYS, INVITE_MIN_DAYS } from '../../lib/invite-tokens';
import { Id, Int } from '../../lib/schema-types';

export { MessageBody } from '../accounts/schemas';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const date = Type.String({ description: 'yyyy-MM-dd HH:mm:ss' });

export const MEMBER_ORDERINGS = [
  'created_at', '-created_at', 'username', '-username', 'nickname', '-nickname', 'is_owner', '-is_owner',
] as const;
export const ROLE_ORDERINGS = ['id', '-id', 'name', '-name', 'created_at', '-created_at'] as const;
export const ROLE_DEFAULT_LIMIT = 100;

export const RoleRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export const UserBrief = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  username: Type.String(),
  nickname: Type.String(),
  mobile: nullable(Type.String()),
});

export const Member = Type.Object({
  uuid: Type.String({ format: 'uuid', description: '成员的用户 uuid' }),
  is_owner: Type.Boolean(),
  role: nullable(RoleRef),
  role_id: nullable(Type.Integer()),
  user: UserBrief,
  is_superuser: Type.Boolean(),
  is_staff: Type.Boolean(),
  created_at: date,
});
export const MemberPage = PageOf(Member);
/** invite_user's answer: one one-use link per name, the same whether the name is registered or not. */
export const InvitationList = Type.Array(
  Type.Object({
    username: Type.String(),
    invited: Type.Literal(true),
    message: Type.String(),
    token: Type.String(),
    expires_at: Type.String(),
    url: Type.String(),
  }),
);

export const MemberListQuery = Type.Object({
  ...LimitOffsetQuery,
  ordering: Type.Optional(Type.Union(MEMBER_ORDERINGS.map((value) => Type.Literal(value)), { description: '排序字段，前缀 - 为倒序' })),
  search: Type.Optional(Type.String({ maxLength: 100, description: '按用户名、昵称、手机号搜索' })),
});

export const MemberParams = Type.Object({ uuid: Type.String({ maxLength: 64, description: '成员的用户 uuid' }) });
export const IdMemberParams = Type.Object({ id: Type.String({ maxLength: 64, description: '成员的用户 uuid' }) });

export const MemberChange = Type.Object({ role_id: Type.Optional(Id({ description: '企业角色 id' })) });

export const InviteCodeQuery = Type.Object({
  days: Type.Optional(
    Int({ minimum: INVITE_MIN_DAYS, maximum: INVITE_MAX_DAYS, description: '有效天数，默认 7' }),
  ),
});
export const InviteCode = Type.Object({
  token: Type.String(),
  expires_at: date,
  url: Type.String({ description: '#/list?orgtoken=<token>' }),
});

const InviteUserItem = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 150, description: '已注册用户的用户名' })),
  role_id: Type.Optional(Id({ description: '企业角色 id，默认为默认角色' })),
});
export const InviteUserBody = Type.Union([InviteUserItem, Type.Array(InviteUserItem, { maxItems: 100 })], {
  description: '一个 {username, role_id?}，或它们的数组',
});
export const InviteUserQuery = Type.Object({
  ordering: Type.Optional(Type.String({ maxLength: 64, description: '兼容参数，不影响结果' })),
  search: Type.Optional(Type.String({ maxLength: 100, description: '兼容参数，不影响结果' })),
});

export const JoinQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200, description: '邀请链接中的 token' })) });
export const JoinBody = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200, description: '邀请链接中的 token' })) });
export const JoinResult = Type.Object({ message: Type.String(), organization_uuid: Type.String({ format: 'uuid' }) });

export const BatchDeleteBody = Type.Object({
  ids: Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 }), Type.String({ maxLength: 40000 })], {
    description: '成员的用户 uuid 数组，或逗号分隔的 uuid',
  }),
});

export const PermissionResult = Type.Object({
  is_owner: Type.Boolean(),
  role: nullable(RoleRef),
  permissions: Type.Array(Type.String(), { description: '企业权限标识' }),
});

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  menus: Type.Array(Type.String(), { description: '同 permissions' }),
  is_default: Type.Boolean(),
  customize: Type.Boolean({ description: 'false 为内置角色' }),
  builtin: nullable(Type.String()),
  member_count: Type.Integer(),
  created_at: date,
  updated_at: date,
});
export const RolePage = PageOf(Role);

export const RoleListQuery = Type.Object({
  limit: Type.Optional(Int({ minimum: 1, maximum: 1000, description: `每页条数，默认 ${ROLE_DEFAULT_LIMIT}` })),
  offset: LimitOffsetQuery.offset,
  ordering: Type.Optional(Type.Union(ROLE_ORDERINGS.map((value) => Type.Literal(value)), { description: '排序字段，前缀 - 为倒序' })),
  search: Type.Optional(Type.String({ maxLength: 100, description: '按名称搜索' })),
});
export const RoleParams = Type.Object({ id: Id() });
export const RoleBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 64, description: '角色名称' })),
  permissions: Type.Optional(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 200, description: '企业权限标识' })),
});
export const Menus = Type.Object({ menus: Type.Array(Type.String({ maxLength: 128 }), { maxItems: 200 }) });
export const MenusBody = Type.Object({
  menus: Type.Optional(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 200, description: '企业权限标识' })),
});

export const Organization = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  name: Type.String(),
  is_owner: Type.Boolean(),
  role: nullable(RoleRef),
  is_current: Type.Boolean({ description: '是否为当前企业' }),
  created_at: date,
  updated_at: date,
});
export const OrganizationDetail = Type.Composite([Organization, Type.Object({ member_count: Type.Integer() })]);
export const OrganizationPage = PageOf(Organization);
export const OrganizationListQuery = Type.Object({
  ...LimitOffsetQuery,
  search: Type.Optional(Type.String({ maxLength: 100, description: '按名称搜索' })),
});
export const OrganizationParams = Type.Object({ id: Type.String({ maxLength: 64, description: '企业 uuid' }) });
export const OrganizationChange = Type.Object({ name: Type.Optional(Type.String({ maxLength: 150, description: '企业名称' })) });
export const SwitchResult = JoinResult;
export const OrganizationCreate = Type.Object({ name: Type.Optional(Type.String({ maxLength: 1000, description: '组织名称，不超过 50 个字符，全平台唯一' })) });

export const AdminInfo = Type.Object({
  organization_uuid: Type.String({ format: 'uuid' }),
  name: Type.String({ description: '企业名称' }),
  owners: Type.Array(UserBrief, { description: '企业所有者' }),
  admins: Type.Array(UserBrief, { description: '持有企业管理员角色的成员' }),
  member_count: Type.Integer(),
});

export const UserProject = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  name: Type.String(),
  is_public: Type.Boolean(),
  role: nullable(RoleRef),
  joined_at: date,
  created_at: date,
  updated_at: date,
});
export const UserProjectPage = PageOf(UserProject);
export const UserProjectQuery = Type.Object({
  ...LimitOffsetQuery,
  search: Type.Optional(Type.String({ maxLength: 100, description: '按名称搜索' })),
});

export const Application = Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() });
export const ApplicationPage = PageOf(Application);
export const ApplicationParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const PermissionGroupsQuery = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('organization'), Type.Literal('project')], { description: '不传时两类都返回' })),
});
export const PermissionGroups = Type.Array(
  Type.Object({
    type: Type.String(),
    app: Type.String(),
    model: Type.String(),
    name: Type.String(),
    permissions: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        permissions_detail: Type.String(),
        app: Type.String(),
        model: Type.String(),
        action: Type.String(),
      }),
    ),
  }),
);
