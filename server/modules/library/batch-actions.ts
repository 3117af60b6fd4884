/** What a batch does to its locked items, in the caller's transaction; the same for a request and for each chunk of a batch job. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { labels, libraryItemLabels, type LibraryBatchAction, type LibraryKind } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import type { LibraryKindContract } from '../../../contract/library';
import { recordActivity, type Actor } from '../activity/record';
import { binLockedItems, deleterOf } from '../recycle-bin/bin-writes';
import { moveItems, withLabelHistory } from './item-writes';
import { intArray } from '../../lib/sql';

export interface BatchParams {
  groupId?: number | null;
  add?: number[];
  remove?: number[];
  /** Who asks: the activity history's person, and a delete's deleter in the 回收站. */
  actor?: Actor;
  /** A delete's recycle-bin batch, which every chunk of it goes into (restored together). */
  binBatch?: string;
}

/** Above this many items a batch runs as a job with a progress bar; up to it, in the request's one transaction. */
export const BATCH_DIRECT_MAX = 1000;

/** The labels a 批量打标签 adds and removes: labels of this project's entity, none in both lists. */
export async function checkBatchLabels(db: Db, projectUuid: string, spec: LibraryKindContract, add: unknown, remove: unknown): Promise<Required<Pick<BatchParams, 'add' | 'remove'>>> {
  const list = (value: unknown) => (value === undefined || (Array.isArray(value) && value.length === 0) ? [] : parseIds(value as number[] | string));
  const adding = list(add);
  const removing = list(remove);
  if (adding.length + removing.length === 0) throw badRequest('请选择要添加或移除的标签');
  if (adding.some((id) => removing.includes(id))) throw badRequest('同一个标签不能既添加又移除');
  const wanted = [...adding, ...removing];
  const found = await db.select({ id: labels.id }).from(labels).where(and(eq(labels.projectUuid, projectUuid), eq(labels.origin, spec.entity), inArray(labels.id, wanted)));
  if (found.length !== wanted.length) throw badRequest('所选标签不存在或不属于本项目');
  return { add: adding, remove: removing };
}

/** Acts on items of the project already locked in `tx`, and records it in the activity history: one statement per change, so the kept counts' triggers run once a statement. */
export async function actOnItems(tx: Db, owner: { projectUuid: string; kind: LibraryKind }, action: LibraryBatchAction, ids: number[], params: BatchParams): Promise<void> {
  if (ids.length === 0) return;
  const { actor } = params;
  if (action === 'move') return moveItems(tx, owner.projectUuid, ids, params.groupId ?? null, actor);
  if (action === 'delete') {
    const binned = await binLockedItems(tx, ids, deleterOf(actor), params.binBatch!);
    return recordActivity(tx, owner.projectUuid, actor, binned.map((row) => ({ action: '删除', type: row.kind, id: row.id, name: row.name })));
  }
  await withLabelHistory(tx, owner.projectUuid, owner.kind, ids, actor, async () => {
    if (params.remove?.length) {
      await tx.delete(libraryItemLabels).where(and(inArray(libraryItemLabels.itemId, ids), inArray(libraryItemLabels.labelId, params.remove)));
    }
    // Locked so that none is deleted before the links commit (a job's later chunk skips one deleted since).
    const adding = params.add?.length ? (await tx.select({ id: labels.id }).from(labels).where(inArray(labels.id, params.add)).for('share')).map((label) => label.id) : [];
    if (adding.length) {
      await tx.execute(sql`insert into ${libraryItemLabels} (item_id, label_id)
        select item_id, label_id from unnest(${intArray(ids)}::int[]) as item_id cross join unnest(${intArray(adding)}::int[]) as label_id
        on conflict do nothing`);
    }
  });
}
