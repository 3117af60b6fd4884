import { Type } from '@sinclair/typebox';
import { LimitOffsetQuery, PageOf } from '../../lib/pagination';

export const PROJECT_ORDERINGS = ['name', '-name', 'created_at', '-created_at', 'updated_at', '-updated_at'] as const;

export const ProjectListQuery = Type.Object({
  ...LimitOffsetQuery,
  ordering: Type.Optional(Type.Union(PROJECT_ORDERINGS.map((value) => Type.Literal(value)), { description: '排序字段，前缀 - 为倒序' })),
  search: Type.Optional(Type.String({ maxLength: 100, description: '按名称搜索' })),
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
