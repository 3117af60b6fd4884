import { Type } from '@sinclair/typebox';
import { ResultPageOf } from '../../lib/report-service';
import { Id, Int } from '../../lib/schema-types';

export const ProjectParams = Type.Object({ projectId: Type.String({ maxLength: 64 }) });
export const ProjectIdParams = Type.Object({ projectId: Type.String({ maxLength: 64 }), id: Id() });
const IdList = Type.Union([Type.Array(Id(), { maxItems: 10000 }), Type.String({ maxLength: 100000 })], {
  description: 'id 数组，或逗号分隔的 id',
});

/** Query values arrive as text; the handler checks them and answers in Chinese. */
export const ListQuery = Type.Object({
  pageNo: Type.Optional(Type.String({ maxLength: 10 })),
  pageSize: Type.Optional(Type.String({ maxLength: 10 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  group_id: Type.Optional(Type.String({ maxLength: 12, description: '不传或 -1 为全部，0 为未分组' })),
  created_at: Type.Optional(Type.String({ maxLength: 20, description: 'created_at 或 -created_at' })),
  start_time: Type.Optional(Type.String({ maxLength: 25 })),
  end_time: Type.Optional(Type.String({ maxLength: 25 })),
  label_ids: Type.Optional(Type.String({ maxLength: 2000 })),
  label_names: Type.Optional(Type.String({ maxLength: 4000 })),
  level: Type.Optional(Type.String({ maxLength: 2, description: '层级 1 到 7（省、市、区县、街道、社区、小区、楼栋）：带有该层级标签（extra_info.level）的条目' })),
});

const LabelRef = Type.Union([Id(), Type.Object({ id: Id() })]);
export const ItemWrite = Type.Object({
  id: Type.Optional(Id()),
  name: Type.Optional(Type.String({ maxLength: 500 })),
  create_user: Type.Optional(Type.String({ maxLength: 500 })),
  cover: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  file: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  real_file_name: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  group_id: Type.Optional(Type.Union([Int(), Type.String({ maxLength: 12 }), Type.Null()])),
  labels: Type.Optional(Type.Array(LabelRef, { maxItems: 200 })),
  tags: Type.Optional(Type.Array(Type.Array(Int(), { minItems: 1, maxItems: 2 }), { maxItems: 200, description: '[标签分组 id, 标签 id]' })),
});
export const BulkItems = Type.Union([Type.Array(ItemWrite, { maxItems: 1000 }), Type.Object({ data: Type.Array(ItemWrite, { maxItems: 1000 }) })]);
export const Ids = Type.Object({ ids: IdList });
export const MoveBody = Type.Object({ ids: IdList, group_id: Type.Union([Int(), Type.String({ maxLength: 12 })]) });
export const ExportBody = Type.Object({
  reports: Type.Array(
    Type.Object({
      id: Type.Union([Int(), Type.String({ maxLength: 20 })]),
      name: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
      cover: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
      origin: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
      labels: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Array(Type.String({ maxLength: 100 })), Type.Null()])),
    }),
    { maxItems: 10000 },
  ),
});

export const GroupListQuery = Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })) });
export const GroupWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  sorted: Type.Optional(Int()),
  user_uuid: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});
export const GroupBatchEdit = Type.Object({
  data: Type.Array(Type.Intersect([Type.Object({ id: Id() }), GroupWrite]), { maxItems: 1000 }),
});

// Answers. Every field the handlers send is listed with its type: the response schema
// serializes the answer, and drops any field it does not list.

/** A label as an item carries it (items.ts presentedColumns). */
export const ItemLabel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  label_group: Type.Union([Type.Integer(), Type.Null()]),
  extra_info: Type.Unknown({ description: '自由 JSON 对象，例如 {level}' }),
});

/** A report or material as the list, the detail and the writes answer it (items.ts presentItem). */
export const Item = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  create_user: Type.String(),
  cover: Type.String(),
  file: Type.String(),
  real_file_name: Type.String(),
  group_id: Type.Integer({ description: '-1：未分组' }),
  thumbnail: Type.Union([Type.String(), Type.Null()], { description: '卡片缩略图地址，没有时为 null' }),
  labels: Type.Array(ItemLabel),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const ItemPage = ResultPageOf(Item);
/** A create's or an edit's answer: the item as saved, absent when a concurrent request deleted it meanwhile. */
export const SavedItem = Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Item) });

/** One row of a label sheet applied by export_report/. */
export const ExportRowResult = Type.Object({
  row: Type.Integer(),
  id: Type.Union([Type.Number(), Type.Null()], { description: '表格中的 id；不是数字时为 null' }),
  updated: Type.Boolean(),
  unmatched: Type.Array(Type.String(), { description: '不在标签池中的标签名称' }),
  reason: Type.Optional(Type.String()),
});

/** A report or material group with its item count (group-routes.ts present). */
export const Group = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sorted: Type.Integer(),
  user_uuid: Type.Union([Type.String(), Type.Null()]),
  num: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const GroupList = Type.Object({ code: Type.Integer(), data: Type.Array(Group), total_report_number: Type.Integer() });
