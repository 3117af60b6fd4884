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
  content: Type.Optional(Type.String({ maxLength: 400, description: '全文检索：文件文字中包含这些词（按相关度排序，每条带 snippet 与 page）' })),
  level: Type.Optional(Type.String({ maxLength: 2, description: '层级 1 到 7（省、市、区县、街道、社区、小区、楼栋）：带有该层级标签（extra_info.level）的条目' })),
});

/** The list's own query (report_list/'s parameters), as the list screen sends it. */
export const BatchFilter = Type.Object(
  { ...ListQuery.properties, pageNo: Type.Optional(Type.Unknown()), pageSize: Type.Optional(Type.Unknown()) },
  { additionalProperties: false, description: '列表的筛选条件（与 report_list/ 的查询参数相同，分页参数不计）' },
);
/** The fields a batch body adds to select by filter instead of by ids. */
export const ByFilter = {
  filter: Type.Optional(BatchFilter),
  expected_total: Type.Optional(Type.Integer({ minimum: 0, description: '确认时列表显示的符合条件条数；此刻不同则拒绝并告知新条数' })),
};

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
/** A batch's items: checked ids, or a list filter with the count the user confirmed (batch-scope.ts). */
export const Ids = Type.Object({ ids: Type.Optional(IdList), ...ByFilter });
export const MoveBody = Type.Object({ ids: Type.Optional(IdList), ...ByFilter, group_id: Type.Union([Int(), Type.String({ maxLength: 12 })]) });
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
  // Always sent by this server; optional for the original platform, which has no content search.
  content_state: Type.Optional(Type.Union([Type.Literal('queued'), Type.Literal('indexed'), Type.Literal('unreadable'), Type.Literal('failed')], {
    description: '文字提取状态：排队中、已索引、未识别、失败',
  })),
  content_reason: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: '未识别或失败的原因' })),
  snippet: Type.Optional(Type.String({ description: '全文检索：命中处附近的文字，已做 HTML 转义，命中词在 <em> 中' })),
  page: Type.Optional(Type.Integer({ description: '全文检索：最相关命中所在页（从 1 起）' })),
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
