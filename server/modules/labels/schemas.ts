import { Type } from '@sinclair/typebox';
import { ATOMIC_LABEL } from '../../../contract/labels';
import { LABEL_ORIGINS } from '../../db/schema';
import { LimitOffsetQuery, PageOf } from '../../lib/pagination';
import { Id, Int, Nullable } from '../../lib/schema-types';

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

// Answers. Every field the handlers send is listed with its type: the response schema
// serializes the answer, and drops any field it does not list.

/** A label as label/ answers it (queries.ts presentLabel); filter groups carry the same. */
export const Label = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  extra_info: Type.Unknown({ description: '自由 JSON 对象，例如 {level}' }),
  origin: Origin,
  type: Type.String(),
  label_group: Nullable(Type.Integer()),
  label_group_name: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const LabelPage = PageOf(Label);

/** A label group with its label count (group-routes.ts present). */
export const LabelGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  order: Type.Integer(),
  label_num: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
/** label_group/: every group at once, DRF-like, with the project's label count. */
export const LabelGroupList = Type.Object({
  code: Type.Integer(),
  count: Type.Integer(),
  next: Type.Null(),
  previous: Type.Null(),
  results: Type.Array(LabelGroup),
  total_label: Type.Integer(),
});

/** One row of an import plan (import.ts PlannedRow). */
export const ImportPlanRow = Type.Object({
  row: Type.Integer(),
  name: Type.String(),
  group: Type.String(),
  origin: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('change'), Type.Literal('unchanged'), Type.Literal('reject')]),
  labelId: Type.Optional(Type.Integer()),
  reason: Type.Optional(Type.String()),
});
export const ImportResult = Type.Object({
  created: Type.Integer(),
  changed: Type.Integer(),
  unchanged: Type.Integer(),
  rejected: Type.Integer(),
  rows: Type.Array(ImportPlanRow),
});

/** A filter group with its labels expanded (filter-routes.ts present). */
export const FilterGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  origin: Origin,
  group_id: Nullable(Type.Integer()),
  tags: Type.Array(Type.Integer()),
  labels: Type.Array(Label),
  data_fields: Type.Array(Type.Unknown()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const FilterGroupList = Type.Object({
  code: Type.Integer(),
  count: Type.Integer(),
  next: Type.Null(),
  previous: Type.Null(),
  results: Type.Array(FilterGroup),
});
