import { Type } from '@sinclair/typebox';
import { Id, Int } from '../../lib/schema-types';

const IdList = Type.Union([Type.Array(Id(), { maxItems: 10000 }), Type.String({ maxLength: 100000 })], { description: 'id 数组，或逗号分隔的 id' });

export const BinQuery = Type.Object({
  origin: Type.Optional(Type.String({ maxLength: 10, description: '报告 或 素材' })),
  target: Type.Optional(Type.String({ maxLength: 10, description: 'item（默认：删除的报告或素材）或 group（删除的分组）' })),
  pageNo: Type.Optional(Type.String({ maxLength: 10 })),
  pageSize: Type.Optional(Type.String({ maxLength: 10 })),
});

export const BinEntry = Type.Object({
  id: Int(),
  /** item: a deleted report or material; group: a deleted group of them. */
  target: Type.Union([Type.Literal('item'), Type.Literal('group')]),
  /** The item's id; a group entry: the group's. */
  item_id: Int(),
  name: Type.String(),
  origin: Type.String(),
  /** A group entry: how many items it held when deleted. */
  item_count: Type.Optional(Int()),
  /** A group entry: whether a group of its name exists now (a restore then uses that one). */
  name_taken: Type.Optional(Type.Boolean()),
  /** The group it was in; -1: none. */
  group_id: Int(),
  group_name: Type.Union([Type.String(), Type.Null()]),
  /** Whether that group still exists: if not, a restore makes it again. */
  group_exists: Type.Boolean(),
  batch: Type.String(),
  batch_size: Int(),
  deleted_by: Type.String(),
  deleted_at: Type.String(),
  days_left: Int(),
});
/** The report service's page, with the bin's retention beside the total. */
export const BinPage = Type.Object({
  code: Type.Integer(),
  result: Type.Object({ data: Type.Array(BinEntry), pageNo: Int(), pageSize: Int(), total: Int(), retention_days: Int() }),
});

export const RestoreBody = Type.Object({
  ids: Type.Optional(IdList),
  batch: Type.Optional(Type.String({ maxLength: 64, description: '还原此批：一次删除的全部条目' })),
});
export const PurgeBody = Type.Object({
  ids: Type.Optional(IdList),
  all: Type.Optional(Type.Boolean({ description: '清空回收站：origin（与 target）的全部条目' })),
  origin: Type.Optional(Type.String({ maxLength: 10 })),
  target: Type.Optional(Type.String({ maxLength: 10 })),
});
export const BinCount = Type.Object({
  restored: Type.Optional(Int()),
  purged: Type.Optional(Int()),
  /** Restored group entries: the group each went to, whether it was an existing one of the same name, and how many of its items came back. */
  groups: Type.Optional(Type.Array(Type.Object({ id: Int(), name: Type.String(), merged: Type.Boolean(), items_back: Int() }))),
});
