import { Type } from '@sinclair/typebox';
import { LimitOffsetQuery, PageOf } from '../../lib/pagination';

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
