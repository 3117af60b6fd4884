import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryBin, libraryGroups, libraryItems } from '../../db/schema';
import { inIds } from '../../lib/sql';
import type { BinRow, Deleter } from './bin-writes';

/**
 * Copies groups already locked in `tx` into the bin under one `batch`, each with the ids of the
 * items it holds now. The caller deletes the groups next in the same transaction, so exactly
 * these items leave them (the foreign key sets their group null): they stay in the library.
 */
export async function binLockedGroups(tx: Db, ids: number[], deleter: Deleter, batch: string): Promise<void> {
  await tx.execute(sql`
    insert into ${libraryBin} (project_uuid, kind, target, batch, item_id, name, label_ids, item, item_ids, deleted_by, deleted_by_name)
    select g.project_uuid, g.kind, 'group', ${batch}, g.id, g.name, '{}',
      to_jsonb(g),
      array(select i.id from ${libraryItems} i where i.project_uuid = g.project_uuid and i.kind = g.kind and i.group_id = g.id order by i.id),
      ${deleter.uuid ?? null}, ${deleter.name}
    from ${libraryGroups} g
    where ${inIds(sql`g.id`, ids)}`);
}

/** What restoring one group entry did: the group it went to, whether that was another of the same name, and how many of its items came back. */
export interface GroupBack {
  groupId: number;
  merged: boolean;
  itemsBack: number;
  /** How many it held when deleted. */
  itemsHeld: number;
}

/**
 * Makes a binned group again, in `tx` with the entry locked: under its old id, name, order and
 * creator, unless a group of that name exists now (made since, or remade by an item's restore):
 * then that one is used. Its items that are still 未分组 move back into it; those moved to
 * another group or deleted since stay where they are.
 */
export async function restoreGroupEntry(tx: Db, entry: BinRow): Promise<GroupBack> {
  // A concurrent restore of an item of this group may make it by name: the name's unique key keeps one, and both use it.
  const made = await tx.execute(sql`
    insert into ${libraryGroups} (id, project_uuid, kind, name, sorted, user_uuid, created_at, updated_at)
    select ${entry.itemId}, ${entry.projectUuid}, ${entry.kind}, ${entry.name}, coalesce((b.item ->> 'sorted')::int, 0),
      (select u.uuid from users u where u.uuid = (b.item ->> 'user_uuid')::uuid),
      coalesce((b.item ->> 'created_at')::timestamptz, now()), now()
    from ${libraryBin} b where b.id = ${entry.id}
    on conflict do nothing
    returning id`);
  const merged = (made as unknown as { rows: unknown[] }).rows.length === 0;
  const [group] = await tx
    .select({ id: libraryGroups.id })
    .from(libraryGroups)
    .where(and(eq(libraryGroups.projectUuid, entry.projectUuid), eq(libraryGroups.kind, entry.kind), eq(libraryGroups.name, entry.name)));
  const ids = entry.itemIds ?? [];
  if (ids.length === 0) return { groupId: group.id, merged, itemsBack: 0, itemsHeld: 0 };
  const moved = await tx
    .update(libraryItems)
    .set({ groupId: group.id, updatedAt: new Date() })
    .where(and(eq(libraryItems.projectUuid, entry.projectUuid), eq(libraryItems.kind, entry.kind), sql`${libraryItems.groupId} is null`, inIds(libraryItems.id, ids)))
    .returning({ id: libraryItems.id });
  return { groupId: group.id, merged, itemsBack: moved.length, itemsHeld: ids.length };
}
