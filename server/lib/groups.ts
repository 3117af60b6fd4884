import { and, count, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { badRequest, notFound } from './errors';

// What the groups of the library and the label groups share.

const NAME_MAX = 50;

/** A group name, trimmed; `empty` is the message for none. */
export function checkGroupName(name: string | undefined, empty: string): string {
  const value = (name ?? '').trim();
  if (!value) throw badRequest(empty);
  if (value.length > NAME_MAX) throw badRequest(`分组名称不能超过 ${NAME_MAX} 个字符`);
  return value;
}

/** How many rows of `table` (matching `where`) each group holds, and all of them together. */
export async function countsByGroup(db: Db, table: PgTable, groupId: PgColumn, where: SQL | undefined) {
  const rows = await db.select({ groupId, n: count() }).from(table).where(where).groupBy(groupId);
  const byGroup = new Map(rows.map((row) => [row.groupId as number | null, row.n]));
  return { of: (id: number) => byGroup.get(id) ?? 0, total: rows.reduce((sum, row) => sum + row.n, 0) };
}

/** How many rows of `table` `where` finds (a new group goes after the others). */
export async function rowCount(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(table).where(where);
  return n;
}

/** What a group delete hands its caller inside the transaction: the deleted rows, to record them. */
export interface DeletedGroups {
  name: PgColumn;
  then(tx: Db, rows: Array<{ id: number; name: string }>): Promise<void>;
}

/** Deletes the groups of these ids among those `where` finds, all or none (`missing` when one is not there). */
export async function deleteGroups(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined, ids: number[], missing: string, after?: DeletedGroups): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const deleted = (await tx.delete(table).where(and(where, inArray(id, ids))).returning({ id, name: after?.name ?? id })) as Array<{ id: number; name: string }>;
    if (deleted.length !== ids.length) throw notFound(missing);
    await after?.then(tx, deleted);
    return deleted.length;
  });
}
