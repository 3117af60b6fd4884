import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryItemContents, libraryItemDocuments, libraryItemPages, libraryItems, storedFiles } from '../../db/schema';
import { tsvectorLiteral } from '../../lib/segment';
import { intArray } from '../../lib/sql';

/** A row claimed by a process dead this long is taken again; a live run renews its claim every CLAIM_RENEW_MS. */
const CLAIM_STALE_MINUTES = 15;
export const CLAIM_RENEW_MS = 60_000;
/** Longest page text kept: a tsvector holds at most 1 MB. */
const PAGE_TEXT_MAX = 100_000;
const PAGES_PER_INSERT = 50;

/** The rows of a raw statement: both drivers (pg, PGlite) answer with `rows`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ClaimedItem {
  id: number;
  kind: string;
  claimedAt: string;
  file: { mime: string; storageKey: string; pdfKey: string | null; transcode: string } | null;
}

/** Takes one queued item for this process (SKIP LOCKED: another process takes another), newest first (what a user just uploaded before a backfill), with its file; undefined when none waits. */
export async function claimQueuedItem(db: Db): Promise<ClaimedItem | undefined> {
  const claimed = await db.execute(sql`
    update ${libraryItemContents} set claimed_at = clock_timestamp()
    where item_id = (
      select item_id from ${libraryItemContents}
      where state = 'queued' and (not_before is null or not_before <= now())
        and (claimed_at is null or claimed_at < now() - make_interval(mins => ${CLAIM_STALE_MINUTES}))
      order by item_id desc limit 1 for update skip locked)
    returning item_id, claimed_at::text`);
  const [row] = rowsOf<{ item_id: number; claimed_at: string }>(claimed);
  if (!row) return undefined;
  const [found] = await db
    .select({ id: libraryItems.id, kind: libraryItems.kind, mime: storedFiles.mime, storageKey: storedFiles.storageKey, pdfKey: storedFiles.pdfKey, transcode: storedFiles.transcode })
    .from(libraryItems)
    .leftJoin(storedFiles, sql`${storedFiles.id} = ${libraryItems.fileId}`)
    .where(sql`${libraryItems.id} = ${row.item_id}`);
  if (!found) return undefined;
  const file = found.mime && found.storageKey ? { mime: found.mime, storageKey: found.storageKey, pdfKey: found.pdfKey, transcode: found.transcode ?? 'none' } : null;
  return { id: found.id, kind: found.kind, claimedAt: row.claimed_at, file };
}

/** Gives a claimed item back to the queue, to be taken again no sooner than `afterSeconds`. */
export async function releaseItem(db: Db, item: ClaimedItem, afterSeconds: number): Promise<void> {
  await db.execute(sql`update ${libraryItemContents} set claimed_at = null, not_before = now() + make_interval(secs => ${afterSeconds})
    where item_id = ${item.id} and claimed_at = ${item.claimedAt}::timestamptz`);
}

/**
 * Keeps a claim fresh while its item is read (a scan of hundreds of pages outlasts
 * CLAIM_STALE_MINUTES): every `everyMs` its time is renewed, so no other process takes it for
 * dead and reads it again. `lost` is aborted once the claim is no longer this run's (a new file
 * or 重新识别 queued it again): the reading can stop. `release` stops renewing and waits for a
 * renewal under way, so the claim recorded is the one the row has.
 */
export function holdClaim(db: Db, item: ClaimedItem, everyMs = CLAIM_RENEW_MS) {
  const lost = new AbortController();
  let renewing = Promise.resolve();
  const renew = async () => {
    const renewed = await db.execute(sql`update ${libraryItemContents} set claimed_at = clock_timestamp()
      where item_id = ${item.id} and state = 'queued' and claimed_at = ${item.claimedAt}::timestamptz returning claimed_at::text`);
    const [row] = rowsOf<{ claimed_at: string }>(renewed);
    if (row) item.claimedAt = row.claimed_at;
    else lost.abort();
  };
  // The database out of reach for a moment: the next beat tries again.
  const timer = setInterval(() => (renewing = renewing.then(renew).catch(() => undefined)), everyMs);
  return {
    lost: lost.signal,
    release: async () => {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Records an extraction: the pages and the state in one transaction, only while the claim is
 * this run's (a new file or a re-run since queued it again, and that run will record).
 */
export async function recordExtraction(
  db: Db,
  item: ClaimedItem,
  result: { state: 'indexed' | 'unreadable' | 'failed'; reason: string | null; pages?: Array<{ page: number; text: string }>; ocrPages?: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The item's row first (as every write of it does): a relabel or move racing this one waits
    // for the document, or the document waits for it and copies its new keys (migration content_document_keys).
    await tx.execute(sql`select 1 from ${libraryItems} where id = ${item.id} for share`);
    const held = await tx.execute(sql`select 1 from ${libraryItemContents} where item_id = ${item.id} and state = 'queued' and claimed_at = ${item.claimedAt}::timestamptz for update`);
    if (rowsOf(held).length === 0) return false;
    await tx.delete(libraryItemPages).where(sql`${libraryItemPages.itemId} = ${item.id}`);
    const pages = (result.pages ?? []).map((page) => ({ itemId: item.id, page: page.page, text: page.text.slice(0, PAGE_TEXT_MAX) }));
    for (let i = 0; i < pages.length; i += PAGES_PER_INSERT) {
      const chunk = pages.slice(i, i + PAGES_PER_INSERT).map((page) => ({ ...page, terms: sql`${tsvectorLiteral(page.text)}::tsvector` as unknown as string }));
      await tx.insert(libraryItemPages).values(chunk);
    }
    await writeDocument(tx, item.id);
    await tx
      .update(libraryItemContents)
      .set({ state: result.state, reason: result.reason, pages: pages.length, ocrPages: result.ocrPages ?? 0, claimedAt: null, notBefore: null, updatedAt: new Date() })
      .where(sql`${libraryItemContents.itemId} = ${item.id}`);
    return true;
  });
}

/**
 * The item's document (docs/design/content-search.md): its pages' terms joined page after page.
 * A document past a tsvector's 1 MB (hundreds of pages of distinct words) keeps its words without
 * positions: still matched and counted, ranked as if each word were there once.
 */
async function writeDocument(tx: Db, itemId: number) {
  await tx.delete(libraryItemDocuments).where(sql`${libraryItemDocuments.itemId} = ${itemId}`);
  const joined = sql`select item_id, library_tsvector_agg(terms order by page) from ${libraryItemPages} where item_id = ${itemId} group by item_id`;
  try {
    await tx.transaction((inner) => inner.execute(sql`insert into ${libraryItemDocuments} (item_id, terms) ${joined}`));
  } catch (error) {
    if (!/too long for tsvector/i.test(String((error as Error).message))) throw error;
    await tx.execute(sql`insert into ${libraryItemDocuments} (item_id, terms)
      select item_id, string_agg(strip(terms)::text, ' ')::tsvector from ${libraryItemPages} where item_id = ${itemId} group by item_id`);
  }
}

/** Queues items of a project and kind again (重新识别); the ids not found there are left out of the answer. */
export async function requeueItems(db: Db, projectUuid: string, kind: string, ids: number[]): Promise<number[]> {
  const queued = await db.execute(sql`
    insert into ${libraryItemContents} (item_id)
    select id from ${libraryItems} where project_uuid = ${projectUuid} and kind = ${kind} and id = any(${intArray(ids)}::int[])
    on conflict (item_id) do update set state = 'queued', reason = null, claimed_at = null, not_before = null, updated_at = now()
    returning item_id`);
  return rowsOf<{ item_id: number }>(queued).map((row) => Number(row.item_id));
}
