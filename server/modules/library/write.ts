import type { Static } from '@sinclair/typebox';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { labels, libraryGroups, libraryItemLabels, libraryItems } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/schema-types';
import type { LibraryKindContract } from '../../../contract/library';
import { resolveFileUrl } from './files';
import type { ItemWrite } from './schemas';

type Body = Static<typeof ItemWrite>;
type ItemValues = Partial<typeof libraryItems.$inferInsert>;
export interface Owner {
  projectUuid: string;
  organizationUuid: string;
}

/** -1, null, '' and absent mean no group; any other id must be a group of this library. */
export async function checkGroup(db: Db, owner: Owner, spec: LibraryKindContract, value: Body['group_id']): Promise<number | null> {
  if (value === undefined || value === null || value === '' || Number(value) === -1) return null;
  const id = Number(value);
  const [group] = isId(id)
    ? await db.select({ id: libraryGroups.id }).from(libraryGroups).where(and(eq(libraryGroups.id, id), eq(libraryGroups.projectUuid, owner.projectUuid), eq(libraryGroups.kind, spec.kind)))
    : [];
  if (!group) throw badRequest('分组不存在');
  return group.id;
}

/** Label ids from `labels` (ids or {id}) or the form's `tags` pairs; each must be a label of this library's entity. */
export async function checkLabels(db: Db, owner: Owner, spec: LibraryKindContract, body: Body): Promise<number[] | undefined> {
  if (body.labels === undefined && body.tags === undefined) return undefined;
  const ids = [
    ...(body.labels ?? []).map((ref) => (typeof ref === 'number' ? ref : ref.id)),
    ...(body.tags ?? []).map((pair) => pair[pair.length - 1]),
  ];
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.projectUuid, owner.projectUuid), eq(labels.origin, spec.entity), inArray(labels.id, unique)));
  if (found.length !== unique.length) throw badRequest('所选标签不存在或不属于本项目');
  return unique;
}

/** Checks a create (`full`) or an edit body with the kind's messages; answers the columns to write. */
export async function itemValues(db: Db, owner: Owner, spec: LibraryKindContract, body: Body, full: boolean): Promise<ItemValues> {
  const values: ItemValues = {};
  const { messages } = spec;
  if (full || body.name !== undefined) {
    const name = (body.name ?? '').trim();
    if (!name) throw badRequest(messages.name);
    if (name.length > spec.nameMax) throw badRequest(messages.nameLength ?? `名称不能超过 ${spec.nameMax} 个字符`);
    values.name = name;
  }
  if (full || body.create_user !== undefined) {
    const createUser = (body.create_user ?? '').trim();
    if (!createUser) throw badRequest(messages.createUser);
    values.createUser = createUser.slice(0, 150);
  }
  if (full || body.file !== undefined) {
    if (!body.file) throw badRequest(messages.file);
    values.fileId = await resolveFileUrl(db, owner, body.file, spec.fileTypes, spec.kind === 'report' ? '请上传正确的文件格式!' : '请上传正确的文件格式！');
    values.file = body.file;
  }
  if (full || body.cover !== undefined) {
    if (body.cover) {
      values.coverFileId = await resolveFileUrl(db, owner, body.cover, ['jpeg', 'png'], '请上传正确的文件格式！');
      values.cover = body.cover;
    } else if (messages.cover) {
      throw badRequest(messages.cover);
    } else {
      values.cover = '';
      values.coverFileId = null;
    }
  }
  if (body.real_file_name !== undefined) values.realFileName = (body.real_file_name ?? '').slice(0, 255);
  if (full || body.group_id !== undefined) values.groupId = await checkGroup(db, owner, spec, body.group_id);
  return values;
}

export async function setItemLabels(tx: Db, itemId: number, labelIds: number[]): Promise<void> {
  await tx.delete(libraryItemLabels).where(eq(libraryItemLabels.itemId, itemId));
  if (labelIds.length > 0) await tx.insert(libraryItemLabels).values(labelIds.map((labelId) => ({ itemId, labelId })));
}
