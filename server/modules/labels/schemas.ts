import { Type } from '@sinclair/typebox';
import { ATOMIC_LABEL } from '../../../contract/labels';
import { LABEL_ORIGINS } from '../../db/schema';
import { LimitOffsetQuery } from '../../lib/pagination';
import { Id, Int } from '../../lib/schema-types';

export const ProjectParams = Type.Object({ projectId: Type.String({ maxLength: 64 }) });
export const ProjectIdParams = Type.Object({ projectId: Type.String({ maxLength: 64 }), id: Id() });
const Origin = Type.Union(LABEL_ORIGINS.map((origin) => Type.Literal(origin)), { description: '实体：报告或素材' });
const GroupRef = Type.Union([Id(), Type.Null()], { description: '标签分组 id，null 为未分组' });
const ExtraInfo = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String({ maxLength: 2000 }), Type.Null()]);

export const Ids = Type.Object({
  ids: Type.Union([Type.Array(Id(), { maxItems: 20000 }), Type.String({ maxLength: 200000 })]),
});

export const LabelGroupWrite = Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })), order: Type.Optional(Int()) });
export const SortBody = Type.Union([Type.Array(Id(), { maxItems: 5000 }), Type.Object({ ids: Type.Array(Id(), { maxItems: 5000 }) })]);

export const LabelListQuery = Type.Object({
  ...LimitOffsetQuery,
  limit: Type.Optional(Int({ minimum: 1, maximum: 20000 })),
  origin: Type.Optional(Origin),
  label_group_id: Type.Optional(Id()),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});

export const LabelWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  extra_info: Type.Optional(ExtraInfo),
  origin: Type.Optional(Origin),
  type: Type.Optional(Type.Literal(ATOMIC_LABEL)),
  label_group: Type.Optional(GroupRef),
});

export const BatchUpdateBody = Type.Union([
  Type.Object({ ids: Ids.properties.ids, label_group: Type.Optional(GroupRef), origin: Type.Optional(Origin) }),
  Type.Array(Type.Intersect([Type.Object({ id: Id() }), LabelWrite]), { maxItems: 20000 }),
]);

export const BulkCreateBody = Type.Union([
  Type.Array(LabelWrite, { maxItems: 20000 }),
  Type.Object({ labels: Type.Array(LabelWrite, { maxItems: 20000 }) }),
]);

export const ImportBody = Type.Object({
  dry_run: Type.Optional(Type.Boolean({ description: 'true 只返回预览，不写入' })),
  rows: Type.Array(
    Type.Object({
      id: Type.Optional(Type.Union([Int(), Type.String({ maxLength: 20 }), Type.Null()], { description: '序号：导出时为标签 id' })),
      name: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
      group: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description: '标签类别，即标签分组名称' })),
      origin: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
    }),
    { maxItems: 20000 },
  ),
});

export const FilterWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  origin: Type.Optional(Origin),
  group_id: Type.Optional(Type.Union([Int(), Type.Null()])),
  tags: Type.Optional(Type.Array(Id(), { maxItems: 1000 })),
  data_fields: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
});
export const FilterListQuery = Type.Object({ origin: Type.Optional(Origin), group_id: Type.Optional(Int()) });
