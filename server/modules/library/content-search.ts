/** The report (and, with OCR, material) list searched by content: ranked, with a snippet and page per item (docs/design/content-search.md). */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryItemDocuments, libraryItemPages, libraryItems } from '../../db/schema';
import type { LibraryKind } from '../../db/schema';
import type { LibraryKindContract } from '../../../contract/library';
import { badRequest } from '../../lib/errors';
import { anyWordTsqueryLiteral, queryWords, tsqueryLiteral } from '../../lib/segment';
import { snippetOf } from '../../lib/snippet';
import { presentedItems, type ListFilter } from './items';
import { changeVersion, rememberedAnswer } from './list-cache';
import { textArray } from '../../lib/sql';
import { asValue, conditions, labelLookup, labelsOfLevel, labelTerm } from './list-page';

export const CONTENT_QUERY_MAX = 100;
/**
 * Matches ranked by ts_rank, newest first: beyond this many, older matches follow the ranked
 * ones newest first. Ranking reads each match's document (a few kB, out of line), which cost
 * more than everything else together at thousands of matches.
 */
export const RANKED_MAX = 500;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Found = Awaited<ReturnType<typeof presentedItems>>[number] & { snippet: string; page: number };

/**
 * Items whose document (all their pages) holds every word of `content` (jieba-segmented), best
 * first: the RANKED_MAX newest matches by ts_rank of their document, ties newest first, then the
 * older ones newest first. The list's other filters are the same conditions as the plain list's;
 * the total is exact (counted over the same matches in the same statement). The pages are read
 * only for the items answered: `page` is the one with the most of the words (ts_rank of any of
 * them), its text the snippet's.
 */
export function searchContent(db: Db, projectUuid: string, spec: LibraryKindContract, filter: ListFilter, content: string, timeZone: string, remembered: number) {
  const words = content.trim();
  if ([...words].length > CONTENT_QUERY_MAX) throw badRequest(`全文检索的内容不能超过 ${CONTENT_QUERY_MAX} 个字`);
  const query = tsqueryLiteral(words);
  if (!query) throw badRequest('请输入要全文检索的文字');
  const key = JSON.stringify(['content', projectUuid, spec.kind, filter, words, timeZone]);
  return rememberedAnswer(db, { projectUuid, kind: spec.kind }, key, remembered, async () => {
    const lookup = await labelLookup(db, projectUuid, spec, filter, true);
    if (lookup === null) return { answer: { data: [] as Found[], total: 0 } };
    const levelSet = filter.level === undefined ? undefined : await labelsOfLevel(db, projectUuid, spec, filter.level);
    if (levelSet?.length === 0) return { answer: { data: [] as Found[], total: 0 } };
    const sets = levelSet ? [...lookup.sets, levelSet] : lookup.sets;
    const anyQuery = anyWordTsqueryLiteral(words);
    const matching = and(...documentConditions(projectUuid, spec.kind, filter, sets, query));
    const offset = (filter.pageNo - 1) * filter.pageSize;
    const result = await db.execute(sql`
      with matched as materialized (
        select ${libraryItemDocuments.itemId} as item_id, ${libraryItemDocuments.createdAt} as created_at from ${libraryItemDocuments} where ${matching}),
      candidates as (select item_id, created_at from matched order by created_at desc, item_id desc limit ${RANKED_MAX}),
      ordered as (
        select c.item_id, 0 as tier, ts_rank(d.terms, ${query}::tsquery) as rank, c.created_at
        from candidates c join ${libraryItemDocuments} d on d.item_id = c.item_id
        union all
        select item_id, 1, 0, created_at from (select item_id, created_at from matched order by created_at desc, item_id desc offset ${RANKED_MAX}) as older),
      ranked as (select item_id from ordered order by tier, rank desc, created_at desc, item_id desc limit ${filter.pageSize} offset ${offset})
      select ranked.item_id, best.page, (select count(*) from matched)::int as total, best.text, ${changeVersion(projectUuid, spec.kind)} as version
      from ranked cross join lateral (
        select p.page, p.text from ${libraryItemPages} p where p.item_id = ranked.item_id
        order by ts_rank(p.terms, ${anyQuery}::tsquery) desc, p.page limit 1) as best`);
    const rows = rowsOf<{ item_id: number; page: number; total: number; text: string; version: string }>(result);
    if (rows.length === 0) {
      if (offset === 0) return { answer: { data: [] as Found[], total: 0 } };
      // Past the last page: the total is still wanted.
      const counted = await db.execute(sql`select count(*)::int as total from ${libraryItemDocuments} where ${matching}`);
      return { answer: { data: [] as Found[], total: Number(rowsOf<{ total: number }>(counted)[0].total) } };
    }
    const presented = new Map((await presentedItems(db, projectUuid, spec.kind, rows.map((row) => Number(row.item_id)), timeZone)).map((item) => [item.id, item]));
    const hitWords = queryWords(words);
    const data = rows.flatMap((row) => {
      const item = presented.get(Number(row.item_id));
      // Deleted between the two statements: left out of this page.
      return item ? [{ ...item, snippet: snippetOf(row.text, hitWords), page: Number(row.page) }] : [];
    });
    return { answer: { data, total: Number(rows[0].total) }, version: rows[0].version };
  });
}

/**
 * The documents holding every word of `query` and kept by the list's filter, read from the
 * copies of their items' keys and created_at (migration content_document_keys): one GIN scan of
 * (terms, keys) answers the words, the project and kind, the group and the labels together (a
 * group of several labels: one of them, `&&`), as `conditions()` does on the items. A name is
 * still checked on the item's own row, by exactly the list's conditions.
 */
function documentConditions(projectUuid: string, kind: LibraryKind, filter: ListFilter, sets: number[][], query: string): SQL[] {
  const documents = libraryItemDocuments;
  const all = [
    `in:${projectUuid}/${kind}`,
    ...(filter.groupId === undefined ? [] : [`group:${filter.groupId ?? 0}`]),
    ...sets.filter((ids) => ids.length === 1).map(([id]) => labelTerm(id)),
  ];
  const where = [sql`${documents.terms} @@ ${query}::tsquery`, sql`${documents.keys} @> ${textArray(all)}::text[]`];
  for (const ids of sets.filter((group) => group.length > 1)) where.push(sql`${documents.keys} && ${textArray(ids.map(labelTerm))}::text[]`);
  if (filter.start) where.push(sql`${documents.createdAt} >= ${filter.start.toISOString()}`);
  if (filter.end) where.push(sql`${documents.createdAt} <= ${filter.end.toISOString()}`);
  if (filter.name) {
    where.push(sql`exists (select 1 from ${libraryItems} where ${libraryItems.id} = ${documents.itemId} and ${and(...conditions(projectUuid, kind, filter, sets, asValue))})`);
  }
  return where;
}
