import { Type } from '@sinclair/typebox';
import { Nullable } from '../../lib/schema-types';

export const ProjectParams = Type.Object({ projectId: Type.String({ maxLength: 64 }) });

export const ActivityQuery = Type.Object({
  target_type: Type.Optional(Type.String({ maxLength: 32, description: 'report, material, report_group, material_group, label, label_group, member, role' })),
  target_id: Type.Optional(Type.String({ maxLength: 64, description: '对象 id，须同时给出 target_type' })),
  user_uuid: Type.Optional(Type.String({ maxLength: 64 })),
  start_time: Type.Optional(Type.String({ maxLength: 32, description: 'yyyy-MM-dd HH:mm:ss，或 yyyy-MM-dd（当天零点起）' })),
  end_time: Type.Optional(Type.String({ maxLength: 32, description: 'yyyy-MM-dd HH:mm:ss，或 yyyy-MM-dd（含当天）' })),
  pageNo: Type.Optional(Type.String({ maxLength: 10, description: '页码；pageNo × pageSize 至多 10000，更早的记录按日期范围筛选' })),
  pageSize: Type.Optional(Type.String({ maxLength: 10, description: '每页条数，1 到 100' })),
});

export const Activity = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  user_uuid: Nullable(Type.String()),
  user_name: Type.String(),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Type.String(),
  target_name: Type.String(),
  changes: Type.Record(Type.String(), Type.Array(Type.Unknown(), { minItems: 2, maxItems: 2 }), { description: '变更的字段：{字段: [之前, 之后]}' }),
});

/**
 * The report service's page, with `more`: the total counts at most a few pages past this one
 * (docs/design/activity.md), and `more` says there are rows beyond it.
 */
export const ActivityPage = Type.Object({
  code: Type.Integer(),
  result: Type.Object({
    data: Type.Array(Activity),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    more: Type.Boolean({ description: '总数之外还有记录' }),
  }),
});
