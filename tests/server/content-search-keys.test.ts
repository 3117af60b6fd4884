/**
 * The content search's copies of an item's project, kind, group, labels and created_at in its
 * document (migration content_document_keys): they follow every change of the item at once,
 * also when the change races the extraction writing the document (PostgreSQL only: PGlite has
 * one connection). The extraction's own write path (claim, record) stands in for reading a PDF.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryItemDocuments, libraryItems } from '../../server/db/schema';
import { claimQueuedItem, holdClaim, recordExtraction, requeueItems } from '../../server/modules/contents/queries';
import { binItems, entriesOfBatch, restoreEntries } from '../../server/modules/recycle-bin/bin-writes';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
let ctx: TestContext;
let token: string;
let label: Record<string, number>;

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
const totalOf = async (query: Record<string, string | number>) => {
  const answer = await call('GET', `report/report_list/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result.total as number;
};
/** The content search's total for a filter, checked against the plain list's for the same filter by name. */
async function searched(words: string, name: string, filter: Record<string, string | number> = {}) {
  const total = await totalOf({ ...filter, content: words });
  expect(total).toBe(await totalOf({ ...filter, name }));
  return total;
}

/** A report written straight into the project (the triggers queue it) and indexed by the extraction's write path with this text. */
async function indexedReport(name: string, text: string) {
  const [{ id }] = await ctx.database.db.insert(libraryItems).values({ projectUuid: DEMO.projectUuid, kind: 'report', name, createUser: '演示用户' }).returning({ id: libraryItems.id });
  return { id, record: () => recordClaimed(id, text) };
}
async function recordClaimed(id: number, text: string) {
  const claimed = await claimQueuedItem(ctx.database.db);
  expect(claimed?.id).toBe(id);
  expect(await recordExtraction(ctx.database.db, claimed!, { state: 'indexed', reason: null, pages: [{ page: 1, text }] })).toBe(true);
}
const keysOf = async (id: number) =>
  (await ctx.database.db.select({ keys: libraryItemDocuments.keys }).from(libraryItemDocuments).where(sql`${libraryItemDocuments.itemId} = ${id}`))[0]?.keys;

beforeAll(async () => {
  // No job runs: each test claims and records its items itself.
  ctx = await createTestApp({ app: { jobs: false } });
  token = await login(ctx.app);
  const all = (await call('GET', 'label/?limit=100')).json().results;
  label = Object.fromEntries(all.map((l: { name: string; id: number }) => [l.name, l.id]));
}, 60_000);
afterAll(() => ctx.close());

describe('content search with the list filters', () => {
  it('follows a report relabelled, moved and ungrouped after indexing, at once', async () => {
    const report = await indexedReport('蜻蜓报告', '湿地里的蜻蜓观测记录');
    await report.record();
    const ecology = label['生态宜居'];
    expect(await searched('蜻蜓', '蜻蜓报告')).toBe(1);
    expect(await searched('蜻蜓', '蜻蜓报告', { label_ids: ecology })).toBe(0);

    expect((await call('POST', 'report/batch_label/', { ids: [report.id], add: [ecology] })).statusCode).toBe(200);
    expect(await searched('蜻蜓', '蜻蜓报告', { label_ids: ecology })).toBe(1);

    const group = (await call('POST', 'report_group/group_create/', { name: '蜻蜓分组' })).json().data;
    expect((await call('PUT', 'report/batch_remove_edit/', { ids: [report.id], group_id: group.id })).statusCode).toBe(200);
    expect(await searched('蜻蜓', '蜻蜓报告', { group_id: group.id, label_ids: ecology })).toBe(1);
    expect(await searched('蜻蜓', '蜻蜓报告', { group_id: 0 })).toBe(0);

    expect((await call('POST', 'report_group/batch_delete/', { ids: [group.id] })).statusCode).toBe(200);
    expect(await searched('蜻蜓', '蜻蜓报告', { group_id: 0 })).toBe(1);
    expect(await searched('蜻蜓', '蜻蜓报告', { group_id: group.id })).toBe(0);

    expect((await call('POST', 'report/batch_label/', { ids: [report.id], remove: [ecology] })).statusCode).toBe(200);
    expect(await searched('蜻蜓', '蜻蜓报告', { label_ids: ecology })).toBe(0);
    expect(await searched('蜻蜓', '蜻蜓报告', { start_time: '2000-01-01', end_time: '2999-12-31' })).toBe(1);
    expect(await keysOf(report.id)).toEqual([`in:${DEMO.projectUuid}/report`, 'group:0']);
  });
});

describe('a report binned while queued again', () => {
  it('comes back without its old document: it waits for its reading instead of being counted with no page to show', async () => {
    const report = await indexedReport('重排报告', '萤石矿的分布');
    await report.record();
    expect(await totalOf({ content: '萤石矿' })).toBe(1);
    const db = ctx.database.db;
    await requeueItems(db, DEMO.projectUuid, 'report', [report.id]);
    const { batch } = await binItems(db, { projectUuid: DEMO.projectUuid, kind: 'report' }, [report.id], { name: '演示用户' }, '报告不存在');
    const [entry] = await entriesOfBatch(db, DEMO.projectUuid, batch);
    await restoreEntries(db, DEMO.projectUuid, [entry.id]);
    expect(await keysOf(report.id)).toBeUndefined();
    expect(await totalOf({ content: '萤石矿' })).toBe(0);
    // Its reading, as the job would do it: then it is found again, with its page.
    await recordClaimed(report.id, '萤石矿的分布');
    expect(await searched('萤石矿', '重排报告')).toBe(1);
  });
});

describe('a long extraction holds its claim', () => {
  const beat = () => new Promise((resolve) => setTimeout(resolve, 120));
  /** A claim made 16 minutes ago (past CLAIM_STALE_MINUTES) by a run still reading. */
  async function oldClaim(name: string) {
    const { id } = await indexedReport(name, '');
    const claimed = (await claimQueuedItem(ctx.database.db))!;
    expect(claimed.id).toBe(id);
    const aged = await ctx.database.db.execute(sql`update library_item_contents set claimed_at = claimed_at - interval '16 minutes'
      where item_id = ${id} returning claimed_at::text`);
    const [row] = (aged as unknown as { rows: Array<{ claimed_at: string }> }).rows;
    claimed.claimedAt = row.claimed_at;
    return claimed;
  }

  it('is not taken by another process while its run renews it, and its result is recorded', async () => {
    const claimed = await oldClaim('长扫描报告');
    const held = holdClaim(ctx.database.db, claimed, 40);
    await beat();
    expect(await claimQueuedItem(ctx.database.db)).toBeUndefined();
    await held.release();
    expect(held.lost.aborted).toBe(false);
    expect(await recordExtraction(ctx.database.db, claimed, { state: 'indexed', reason: null, pages: [{ page: 1, text: '长扫描里的萤火虫' }] })).toBe(true);
    expect(await searched('萤火虫', '长扫描报告')).toBe(1);
  });

  it('stops when 重新识别 queues the item again meanwhile', async () => {
    const claimed = await oldClaim('重识别报告');
    const held = holdClaim(ctx.database.db, claimed, 40);
    // What the route 重新识别 does (no job queue runs here to be told).
    expect(await requeueItems(ctx.database.db, DEMO.projectUuid, 'report', [claimed.id])).toEqual([claimed.id]);
    await beat();
    await held.release();
    expect(held.lost.aborted).toBe(true);
    expect(await recordExtraction(ctx.database.db, claimed, { state: 'indexed', reason: null, pages: [{ page: 1, text: '旧文字' }] })).toBe(false);
    // The new run takes it.
    expect((await claimQueuedItem(ctx.database.db))?.id).toBe(claimed.id);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('content search keys under racing writes (PostgreSQL)', () => {
  let other: pg.Client;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
  });
  afterAll(() => other.end());
  const stillWaiting = async (work: Promise<unknown>) =>
    expect(await Promise.race([work.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))])).toBe('waiting');

  it('a label added while the extraction writes the document: the extraction waits and copies it', async () => {
    const report = await indexedReport('竞速蝴蝶', '蝴蝶的观测');
    await other.query('begin');
    await other.query('insert into library_item_labels (item_id, label_id) values ($1, $2)', [report.id, label['安全韧性']]);
    const recording = report.record();
    await stillWaiting(recording);
    await other.query('commit');
    await recording;
    expect(await keysOf(report.id)).toContain(`label:${label['安全韧性']}`);
    expect(await searched('蝴蝶', '竞速蝴蝶', { label_ids: label['安全韧性'] })).toBe(1);
  });

  it('a label added while another process writes the document: the label waits and reaches the document', async () => {
    const report = await indexedReport('竞速蜜蜂', '蜜蜂的观测');
    await recordClaimedBy(other, report.id, '蜜蜂', async () => {
      const labelling = call('POST', 'report/batch_label/', { ids: [report.id], add: [label['安全韧性']] });
      await stillWaiting(labelling);
      return { labelling };
    });
    expect(await keysOf(report.id)).toContain(`label:${label['安全韧性']}`);
    expect(await searched('蜜蜂', '竞速蜜蜂', { label_ids: label['安全韧性'] })).toBe(1);
  });

  /** What recordExtraction does, by hand on another connection (a page holding `word`), with `meanwhile` run before its commit. */
  async function recordClaimedBy(client: pg.Client, id: number, word: string, meanwhile: () => Promise<{ labelling: Promise<{ statusCode: number }> }>) {
    await client.query('begin');
    await client.query('select 1 from library_items where id = $1 for share', [id]);
    await client.query(`insert into library_item_pages (item_id, page, text, terms) values ($1, 1, $2, $3::tsvector)`, [id, word, `'${word}':1`]);
    await client.query('insert into library_item_documents (item_id, terms) select item_id, terms from library_item_pages where item_id = $1', [id]);
    await client.query(`update library_item_contents set state = 'indexed' where item_id = $1`, [id]);
    const { labelling } = await meanwhile();
    await client.query('commit');
    expect((await labelling).statusCode).toBe(200);
  }
});
