import { Type } from '@sinclair/typebox';
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
