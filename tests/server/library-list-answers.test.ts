import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY } from '../../contract/library';
import { insertItems } from '../../server/modules/library/item-writes';
import { readListQuery } from '../../server/modules/library/items';
import { listItems, SHAPES_KEPT_MAX } from '../../server/modules/library/list-page';
import { contentJob } from '../../server/modules/contents/job';
import { authHeaders, createTestApp, DEMO, login, padded, SAMPLES, uploadFile, type TestContext } from './helpers';

/**
 * The list remembers its answers and gives one again while the project's change version is the
 * same. Every write that changes an answer, made behind the server's back as another process
 * would, must change the version: the route's answer is compared with the list read afresh.
 */
let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const QUERY = { pageSize: '20', created_at: '-created_at' };

const rows = async <T>(statement: ReturnType<typeof sql>) => ((await ctx.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
const version = async (projectUuid: string = DEMO.projectUuid, kind = 'report') =>
  (await rows<{ v: string }>(sql`select coalesce(sum(n), 0)::text as v from library_changes where project_uuid = ${projectUuid} and kind = ${kind}`))[0].v;

/** The route's answer (remembered when it can be) and the list read afresh, for one query. */
async function bothAnswers(query: Record<string, string>) {
  const url = `${BASE}/report/report_list/?${new URLSearchParams(query)}`;
  const route = (await ctx.app.inject({ method: 'GET', url, headers: authHeaders(admin) })).json().result;
  const fresh = await listItems(ctx.database.db, DEMO.projectUuid, LIBRARY.report, readListQuery(query, 'Asia/Shanghai'), 'Asia/Shanghai', 0);
  // The text extraction job runs beside the test: an item's content state may move between the two reads.
  const settled = (items: Array<Record<string, unknown>>) => items.map(({ content_state: _state, content_reason: _reason, ...item }) => item);
  return { route: { data: settled(route.data), total: route.total }, fresh: { data: settled(fresh.data), total: fresh.total } };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('remembered list answers', () => {
  it('are given again only while no write changed the project: each write another process makes is seen at once', async () => {
    const cover = (await uploadFile(ctx.app, admin, '封面.png', SAMPLES.png, 'cover')).url;
    const file = (await uploadFile(ctx.app, admin, '体检报告.pdf', padded(SAMPLES.pdf, 500), 'report')).url;
    const [label] = await rows<{ id: number }>(sql`select id from labels where project_uuid = ${DEMO.projectUuid} and origin = '报告' order by id limit 1`);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/report/report_create/`,
      headers: authHeaders(admin),
      payload: { name: '记忆列表报告', create_user: 'u', cover, file, labels: [label.id] },
    });
    const id = created.json().data.id as number;
    const queries = [QUERY, { ...QUERY, name: '记忆列表' }, { ...QUERY, label_ids: String(label.id) }];
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['rename', () => rows(sql`update library_items set name = '记忆列表报告改' where id = ${id}`)],
      ['label renamed', () => rows(sql`update labels set name = '改名标签' where id = ${label.id}`)],
      ['unlinked', () => rows(sql`delete from library_item_labels where item_id = ${id}`)],
      ['linked', () => rows(sql`insert into library_item_labels (item_id, label_id) values (${id}, ${label.id})`)],
      ['thumbnail gone', () => rows(sql`update stored_files set thumb_key = null where id = (select cover_file_id from library_items where id = ${id})`)],
      ['new item', () => rows(sql`insert into library_items (project_uuid, kind, name, create_user, cover, file) values (${DEMO.projectUuid}, 'report', '记忆列表新报告', 'u', '', '')`)],
      ['deleted', () => rows(sql`delete from library_items where id = ${id}`)],
    ];
    for (const query of queries) expect((await bothAnswers(query)).route.total).toBeGreaterThan(0);
    for (const [write, run] of writes) {
      const before = await version();
      await run();
      expect(await version(), write).not.toBe(before);
      for (const query of queries) {
        const { route, fresh } = await bothAnswers(query);
        expect(route, `${write}: ${JSON.stringify(query)}`).toEqual(fresh);
      }
    }
    const names = (await bothAnswers({ ...QUERY, name: '记忆列表' })).route.data.map((item) => item.name);
    expect(names).toEqual(['记忆列表新报告']);
  });

  it('keep their version through reads, a rolled-back write and another project\'s writes', async () => {
    // The text extraction job records each item's state (a change of the list): drain its queue
    // here (an item inserted behind the server's back sends no job), then let a run in flight end.
    await contentJob(ctx.app, { attempt: 0, lastAttempt: true, stopping: new AbortController().signal });
    await expect.poll(async () => (await rows<{ n: number }>(sql`select count(*)::int as n from library_item_contents where state = 'queued'`))[0].n, { timeout: 30_000 }).toBe(0);
    await bothAnswers(QUERY);
    const before = await version();
    await bothAnswers(QUERY);
    await bothAnswers({ ...QUERY, name: '报告' });
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update library_items set name = name || '改' where project_uuid = ${DEMO.projectUuid}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const [{ uuid: other }] = await rows<{ uuid: string }>(sql`insert into projects (organization_uuid, name) values (${DEMO.organizationUuid}, '另一项目') returning uuid`);
    await rows(sql`insert into labels (project_uuid, name, origin) values (${other}, '别处标签', '报告')`);
    await rows(sql`insert into library_items (project_uuid, kind, name, create_user, cover, file) values (${other}, 'report', '别处报告', 'u', '', '')`);
    expect(await version()).toBe(before);
    expect(await version(other)).not.toBe('0');
  });

  it('grow by every write, while folding keeps few rows', async () => {
    let last = BigInt(await version(DEMO.projectUuid, 'material'));
    for (let k = 0; k < 120; k++) {
      await rows(sql`insert into library_items (project_uuid, kind, name, create_user, cover, file) values (${DEMO.projectUuid}, 'material', ${`折叠${k}`}, 'u', '', '')`);
      const now = BigInt(await version(DEMO.projectUuid, 'material'));
      expect(now).toBeGreaterThan(last);
      last = now;
    }
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from library_changes where project_uuid = ${DEMO.projectUuid} and kind = 'material'`);
    expect(n).toBeLessThanOrEqual(20);
  });
});

describe('list statements', () => {
  // Hundreds of list statements: on a loaded machine this takes more than the default 30 s.
  it('stay bounded on the database however many shapes of query a client asks for, and answer alike beyond the bound', { timeout: 90_000 }, async () => {
    const list = (query: Record<string, string>) =>
      listItems(ctx.database.db, DEMO.projectUuid, LIBRARY.report, readListQuery(query, 'Asia/Shanghai'), 'Asia/Shanghai', 0);
    const items = Array.from({ length: 150 }, (_, k) => ({ values: { name: `分页报告${k}`, createUser: '演示用户' }, labelIds: [] }));
    await insertItems(ctx.database.db, { projectUuid: DEMO.projectUuid, kind: 'report' }, items);
    const { total } = await list({});
    expect(total).toBeGreaterThanOrEqual(150);
    for (let pageSize = 1; pageSize <= 100; pageSize++) {
      for (const created_at of ['created_at', '-created_at']) {
        for (const pageNo of [1, 2]) {
          const { data, total: counted } = await list({ pageSize: String(pageSize), created_at, pageNo: String(pageNo) });
          expect(counted).toBe(total);
          expect(data).toHaveLength(Math.max(0, Math.min(pageSize, total - (pageNo - 1) * pageSize)));
        }
      }
    }
    // PGlite's driver names no statements. On PostgreSQL each connection keeps its own: asked on
    // every connection of the pool at once (each holds its one a moment), one of them ran the loop.
    if (ctx.databaseUrl) {
      const counts = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n, pg_sleep(0.3) from pg_prepared_statements where name like 'library_list_%'`);
          return n;
        }),
      );
      expect(Math.max(...counts)).toBeGreaterThan(0);
      expect(Math.max(...counts)).toBeLessThanOrEqual(SHAPES_KEPT_MAX);
    }
  });
});
