/** What a batch acts on: checked ids, or every item a list filter matches, confirmed by its count (docs/design/library-batches.md). */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryItems, type LibraryKind } from '../../db/schema';
import { AppError, badRequest, ErrorCode, notFound } from '../../lib/errors';
import { parseIds } from '../../lib/ids';
import { inIds } from '../../lib/sql';
import type { LibraryKindContract } from '../../../contract/library';
import { readListQuery } from './items';
import { filterConditions } from './list-page';
import type { BatchFilter } from './schemas';

export type BatchSelection = { ids?: number[] | string; filter?: Static<typeof BatchFilter>; expected_total?: number };

/**
 * Which of `ids` are items of the project and kind, locked for the rest of the caller's
 * transaction in id order (so two writers over the same items never deadlock).
 */
export async function lockItems(tx: Db, owner: { projectUuid: string; kind: LibraryKind }, ids: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: libraryItems.id })
    .from(libraryItems)
    .where(and(eq(libraryItems.projectUuid, owner.projectUuid), eq(libraryItems.kind, owner.kind), inIds(libraryItems.id, ids)))
    .orderBy(asc(libraryItems.id))
    .for('update');
  return rows.map((row) => row.id);
}

const textOf = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/**
 * The ids a batch acts on, locked for the rest of the caller's transaction (`for update`, in id
 * order so two batches over the same items never deadlock). By filter: the items the list's own
 * conditions match, refused (409) with the new count unless it is the count the user confirmed;
 * what is locked is what is acted on, so nothing inserted meanwhile is silently added. By ids:
 * every id must be an item of this project and kind.
 */
export async function lockedTargets(tx: Db, projectUuid: string, spec: LibraryKindContract, body: BatchSelection, timeZone: string, emptyMessage: string): Promise<number[]> {
  if (body.filter === undefined) {
    if (body.expected_total !== undefined) throw badRequest('按筛选条件批量操作时请提供筛选条件 filter');
    const ids = parseIds(body.ids, emptyMessage);
    const locked = await lockItems(tx, { projectUuid, kind: spec.kind }, ids);
    if (locked.length !== ids.length) throw notFound(`部分${spec.entity}不存在`);
    return locked;
  }
  if (body.ids !== undefined) throw badRequest('请在勾选的编号 ids 与筛选条件 filter 中只提供一种');
  if (body.expected_total === undefined) throw badRequest('按筛选条件批量操作时请提供确认的条数 expected_total');
  const query = Object.fromEntries(Object.entries(body.filter).map(([key, value]) => [key, textOf(value)]));
  const filter = readListQuery({ ...query, pageNo: undefined, pageSize: undefined }, timeZone);
  const where = await filterConditions(tx, projectUuid, spec, filter);
  const rows = where === null ? [] : await tx.select({ id: libraryItems.id }).from(libraryItems).where(and(...where)).orderBy(asc(libraryItems.id)).for('update');
  if (rows.length !== body.expected_total) {
    throw new AppError(409, ErrorCode.conflict, `符合条件的${spec.entity}已变为 ${rows.length.toLocaleString('en-US')} 条，请确认后重试`);
  }
  if (rows.length === 0) throw badRequest(emptyMessage);
  return rows.map((row) => row.id);
}

/** Runs `act` in one transaction with the batch's targets locked. */
export const withTargets = <T>(db: Db, act: (tx: Db) => Promise<T>) => db.transaction((transaction) => act(transaction as unknown as Db));
