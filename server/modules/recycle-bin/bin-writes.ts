import { setImmediate as nextTurn } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  libraryBin,
  libraryBinPages,
  libraryGroups,
  libraryItemContents,
  libraryItemDocuments,
  libraryItemLabels,
  libraryItemPages,
  libraryItems,
  resultReports,
  type LibraryKind,
} from '../../db/schema';
import { AppError, ErrorCode, notFound } from '../../lib/errors';
import { inIds, isForeignKeyViolation } from '../../lib/sql';
import { rowCount } from '../../lib/groups';
import { recordActivity, type Actor } from '../activity/record';
import { lockItems } from '../library/batch-scope';
import { lockFiles, releaseFiles } from '../library/files';
import { restoreGroupEntry, type GroupBack } from './group-bin';
import { displayName } from '../../../contract/users';

/** An entry's columns but its document's terms (up to 1 MB, read only by a restore's own SQL). */
const { document: _document, ...entryColumns } = getTableColumns(libraryBin);
export { entryColumns };
export type BinRow = Omit<typeof libraryBin.$inferSelect, 'document'>;

/** Who deleted: the user's uuid and the name shown in the bin. */
export interface Deleter {
  uuid?: string;
  name: string;
}
export const deleterOf = (actor: Actor | null | undefined): Deleter => ({ uuid: actor?.uuid, name: displayName(actor) });

/**
 * Copies items already locked in `tx` (checked to be the project's) into the bin under one
 * `batch`, with their group's name, labels, result row and extracted text, and deletes them, so
 * the kept counts and list versions change as for any delete. Their files stay: the bin's rows
 * refer to them.
 */
export async function binLockedItems(tx: Db, ids: number[], deleter: Deleter, batch: string): Promise<Array<{ id: number; name: string; kind: LibraryKind }>> {
  await tx.execute(sql`
    insert into ${libraryBin} (project_uuid, kind, batch, item_id, name, group_id, group_name, label_ids, item, result, content, document, file_id, cover_file_id, deleted_by, deleted_by_name)
    select i.project_uuid, i.kind, ${batch}, i.id, i.name, i.group_id, g.name,
      array(select l.label_id from ${libraryItemLabels} l where l.item_id = i.id order by l.label_id),
      to_jsonb(i) - 'terms' - 'pairs',
      (select to_jsonb(r) from ${resultReports} r where r.item_id = i.id),
      (select jsonb_build_object('state', c.state, 'reason', c.reason, 'pages', c.pages, 'ocr_pages', c.ocr_pages)
        from ${libraryItemContents} c where c.item_id = i.id and c.state <> 'queued'),
      -- A queued item (重新识别) keeps neither: restored, it is read again, not found by a document without pages.
      (select d.terms from ${libraryItemDocuments} d join ${libraryItemContents} c on c.item_id = d.item_id where d.item_id = i.id and c.state <> 'queued'),
      i.file_id, i.cover_file_id, ${deleter.uuid ?? null}, ${deleter.name}
    from ${libraryItems} i left join ${libraryGroups} g on g.id = i.group_id
    where ${inIds(sql`i.id`, ids)}`);
  await tx.execute(sql`
    insert into ${libraryBinPages} (entry_id, page, text, terms)
    select b.id, p.page, p.text, p.terms from ${libraryBin} b join ${libraryItemPages} p on p.item_id = b.item_id
    where b.batch = ${batch} and b.target = 'item' and b.content is not null and ${inIds(sql`b.item_id`, ids)}`);
  return tx.delete(libraryItems).where(inIds(libraryItems.id, ids)).returning({ id: libraryItems.id, name: libraryItems.name, kind: libraryItems.kind });
}

/** Moves items of the project to its recycle bin in one transaction, their rows locked first (a concurrent delete waits and then finds them gone). */
export const binItems = (db: Db, owner: { projectUuid: string; kind: LibraryKind }, ids: number[], deleter: Deleter, missing: string) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await lockItems(tx, owner, ids);
    if (locked.length !== ids.length) throw notFound(missing);
    const batch = randomUUID();
    await binLockedItems(tx, ids, deleter, batch);
    return { batch, count: locked.length };
  });

/** Bin entries of the project, locked for this transaction; 404 unless every one is there. */
async function lockEntries(tx: Db, projectUuid: string, ids: number[], strict = true): Promise<BinRow[]> {
  const rows = await tx
    .select(entryColumns)
    .from(libraryBin)
    .where(and(eq(libraryBin.projectUuid, projectUuid), inIds(libraryBin.id, ids)))
    .orderBy(asc(libraryBin.id))
    .for('update');
  if (strict && rows.length !== ids.length) throw notFound('部分条目已不在回收站中，请刷新后重试');
  return rows;
}

/** The entries of one batch (one delete request) of the project. */
export async function entriesOfBatch(db: Db, projectUuid: string, batch: string): Promise<BinRow[]> {
  return db.select(entryColumns).from(libraryBin).where(and(eq(libraryBin.projectUuid, projectUuid), eq(libraryBin.batch, batch)));
}

export async function entriesOf(db: Db, projectUuid: string, ids: number[]): Promise<BinRow[]> {
  return db.select(entryColumns).from(libraryBin).where(and(eq(libraryBin.projectUuid, projectUuid), inIds(libraryBin.id, ids)));
}

/**
 * The group an entry goes back to: its own if it still exists; else the group of the same name
 * (made again if there is none, as the screen says); none if it had none.
 */
async function groupFor(tx: Db, entry: BinRow, made: Map<string, number | null>): Promise<number | null> {
  if (entry.groupId === null || entry.groupName === null) return null;
  const key = `${entry.kind}:${entry.groupId}:${entry.groupName}`;
  if (made.has(key)) return made.get(key)!;
  const ofKind = and(eq(libraryGroups.projectUuid, entry.projectUuid), eq(libraryGroups.kind, entry.kind));
  const [same] = await tx.select({ id: libraryGroups.id }).from(libraryGroups).where(and(ofKind, eq(libraryGroups.id, entry.groupId)));
  if (!same) {
    const sorted = await rowCount(tx, libraryGroups, ofKind);
    // A concurrent restore may make the same group: the name's unique key keeps one, and both use it.
    await tx.insert(libraryGroups).values({ projectUuid: entry.projectUuid, kind: entry.kind, name: entry.groupName, sorted }).onConflictDoNothing();
  }
  const id = same?.id ?? (await tx.select({ id: libraryGroups.id }).from(libraryGroups).where(and(ofKind, eq(libraryGroups.name, entry.groupName))))[0].id;
  made.set(key, id);
  return id;
}

/** What a restore did: how many entries it took out of the bin, and what each group entry's restore did. */
export interface Restored {
  restored: number;
  groups: Array<GroupBack & { name: string; kind: LibraryKind }>;
}

/**
 * Puts entries back in one transaction. Group entries first: each group again (see
 * restoreGroupEntry), so an item restored with its group goes back into it. Then each item under
 * its old id, in its group (or one made again by name), with those of its labels that still
 * exist and its result row. The entries leave the bin. An item's stored files were kept by the
 * entry and are locked so no release frees them.
 */
export const restoreEntries = (db: Db, projectUuid: string, ids: number[], by?: Actor | null): Promise<Restored> =>
  refuseVanishedMeanwhile(() => db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const entries = await lockEntries(tx, projectUuid, ids);
    const groups: Restored['groups'] = [];
    for (const entry of entries.filter((one) => one.target === 'group')) groups.push({ ...(await restoreGroupEntry(tx, entry)), name: entry.name, kind: entry.kind });
    const items = entries.filter((entry) => entry.target === 'item');
    await lockFiles(tx, items.flatMap((entry) => [entry.fileId, entry.coverFileId]));
    const made = new Map<string, number | null>();
    const intoGroup = new Map<number | null, number[]>();
    for (const entry of items) {
      const groupId = await groupFor(tx, entry, made);
      if (!intoGroup.has(groupId)) intoGroup.set(groupId, []);
      intoGroup.get(groupId)!.push(entry.id);
    }
    for (const [groupId, entryIds] of intoGroup) {
      await tx.execute(sql`
        insert into ${libraryItems} (id, project_uuid, kind, name, create_user, cover, file, real_file_name, group_id, file_id, cover_file_id, created_by, created_at, updated_at)
        select b.item_id, b.project_uuid, b.kind, r.name, r.create_user, r.cover, r.file, r.real_file_name, ${groupId}, b.file_id, b.cover_file_id,
          (select u.uuid from users u where u.uuid = r.created_by), r.created_at, now()
        from ${libraryBin} b, jsonb_populate_record(null::library_items, b.item) r
        where ${inIds(sql`b.id`, entryIds)}`);
    }
    if (items.length > 0) {
      const itemIds = inIds(sql`b.id`, items.map((entry) => entry.id));
      await tx.execute(sql`
        insert into ${libraryItemLabels} (item_id, label_id)
        select b.item_id, l.id from ${libraryBin} b join labels l on l.id = any(b.label_ids) and l.project_uuid = b.project_uuid
        where ${itemIds}`);
      await tx.execute(sql`
        insert into ${resultReports}
        select (jsonb_populate_record(null::result_reports, b.result ||
          case when exists (select 1 from labels l where l.id = (b.result ->> 'dimension_label_id')::int) then '{}'::jsonb else '{"dimension_label_id": null}'::jsonb end)).*
        from ${libraryBin} b where ${itemIds} and b.result is not null`);
      await restoreContents(tx, itemIds);
    }
    await tx.delete(libraryBin).where(inIds(libraryBin.id, entries.map((entry) => entry.id)));
    await recordActivity(tx, projectUuid, by, [
      ...groups.map((group) => ({ action: '还原' as const, type: `${group.kind}_group` as const, id: group.groupId, name: group.name })),
      ...items.map((entry) => ({ action: '还原' as const, type: entry.kind, id: entry.itemId, name: entry.name })),
    ]);
    return { restored: entries.length, groups };
  }));

/**
 * The text extraction of restored items as it was when they were binned: their pages, document
 * and state, over the queued state their insert gave them. Items binned while queued stay queued.
 */
async function restoreContents(tx: Db, entries: SQL) {
  await tx.execute(sql`
    insert into ${libraryItemPages} (item_id, page, text, terms)
    select b.item_id, p.page, p.text, p.terms from ${libraryBin} b join ${libraryBinPages} p on p.entry_id = b.id where ${entries}`);
  await tx.execute(sql`insert into ${libraryItemDocuments} (item_id, terms) select b.item_id, b.document from ${libraryBin} b where ${entries} and b.document is not null`);
  await tx.execute(sql`
    update ${libraryItemContents} c set state = b.content ->> 'state', reason = b.content ->> 'reason', pages = (b.content ->> 'pages')::int,
      ocr_pages = (b.content ->> 'ocr_pages')::int, claimed_at = null, not_before = null, updated_at = now()
    from ${libraryBin} b where c.item_id = b.item_id and ${entries} and b.content is not null`);
}

/** A label, group or user deleted by another request while the restore wrote is a conflict to retry, not a 500. */
async function refuseVanishedMeanwhile<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isForeignKeyViolation(error) ? new AppError(409, ErrorCode.conflict, '还原时其分组或标签正被他人删除，请稍后重试') : error;
  }
}

/**
 * Deletes entries for good in one transaction, releasing the stored files nothing else uses
 * (their objects go after the commit). `strict`: every id must still be there; else those gone
 * meanwhile (another purge, a restore) are skipped.
 */
export const purgeEntries = (db: Db, projectUuid: string, ids: number[], { strict = true, by = null }: { strict?: boolean; by?: Actor | null } = {}) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const entries = await lockEntries(tx, projectUuid, ids, strict);
    if (entries.length === 0) return 0;
    await tx.delete(libraryBin).where(inIds(libraryBin.id, entries.map((entry) => entry.id)));
    await releaseFiles(tx, projectUuid, entries.flatMap((entry) => [entry.fileId, entry.coverFileId]));
    // The sweep purges as 系统 (no actor).
    await recordActivity(tx, projectUuid, by, entries.map((entry) => ({
      action: '彻底删除' as const,
      type: entry.target === 'group' ? (`${entry.kind}_group` as const) : entry.kind,
      id: entry.itemId,
      name: entry.name,
    })));
    return entries.length;
  });

/** Entries older than the retention, a project and a hundred at a time, purged as by hand. */
export async function sweepBin(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  let purged = 0;
  for (;;) {
    await nextTurn();
    const due = await db
      .select({ id: libraryBin.id, projectUuid: libraryBin.projectUuid })
      .from(libraryBin)
      .where(lt(libraryBin.deletedAt, before))
      .orderBy(asc(libraryBin.deletedAt))
      .limit(100);
    if (due.length === 0) return purged;
    const byProject = new Map<string, number[]>();
    for (const row of due) byProject.set(row.projectUuid, [...(byProject.get(row.projectUuid) ?? []), row.id]);
    let round = 0;
    for (const [projectUuid, ids] of byProject) {
      // Another process may sweep or a user purge the same entries meanwhile: purge those still there.
      round += await purgeEntries(db, projectUuid, ids, { strict: false });
    }
    // Entries taken meanwhile (a restore, a purge, another sweep) are skipped; a round that purged none is the end.
    if (round === 0) return purged;
    purged += round;
  }
}
