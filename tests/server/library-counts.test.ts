import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY } from '../../contract/library';
import { readListQuery } from '../../server/modules/library/items';
import { listItems } from '../../server/modules/library/list-page';
import { authHeaders, createTestApp, DEMO, login, SAMPLES, padded, uploadFile, type TestContext } from './helpers';

/**
 * The list's kept data (group, label-set, day and label-day counts per slice of ids with their bounds, the terms column, the links' dates) against the rows themselves,
 * after random interleaved writes sent concurrently: items created one by one and in bulk,
 * moved in and out of groups, relabelled, renamed and deleted; groups and labels created,
 * moved and deleted.
 */
let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(admin), ...(payload !== undefined ? { payload: payload as object } : {}) });

let state = 7;
const random = () => {
  state = (state * 1103515245 + 12345) & 0x7fffffff;
  return state / 0x80000000;
};
const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
const some = <T>(list: T[], most: number): T[] => list.filter(() => random() < most / Math.max(list.length, 1));
/** Lists read among the writes, and compared with the list read afresh after each round. */
const LISTED = ['pageSize=100', 'created_at=-created_at&pageSize=5', `name=${encodeURIComponent('交通')}`, 'group_id=0'];
const NAMES = ['生态', '交通', '住房', '安全', '社区', '风貌', 'A', 'Ab', '绿地水系'];

let pdfUrl: string;
let coverUrl: string;


beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  pdfUrl = (await uploadFile(ctx.app, admin, '体检报告.pdf', padded(SAMPLES.pdf, 500), 'report')).url;
  coverUrl = (await uploadFile(ctx.app, admin, '封面.png', SAMPLES.png, 'cover')).url;
});
afterAll(() => ctx.close());

/** Rows of a statement, on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rows = async (statement: ReturnType<typeof sql>) => ((await ctx.database.db.execute(statement)) as unknown as { rows: unknown[] }).rows;
const list = (found: unknown[]) => found;

async function kept() {
  const groups = list(await rows(sql`
    select coalesce(k.project_uuid, r.project_uuid)::text as p, coalesce(k.kind, r.kind) as kind, coalesce(k.group_key, r.key) as key,
      coalesce(k.n, 0) as kept, coalesce(r.n, 0) as real
    from (select project_uuid, kind, group_key, sum(n)::int as n from library_group_counts group by 1, 2, 3) k
    full join (select project_uuid, kind, coalesce(group_id, 0) as key, count(*)::int as n from library_items group by 1, 2, 3) r
      on r.project_uuid = k.project_uuid and r.kind = k.kind and r.key = k.group_key
    where coalesce(k.n, 0) <> coalesce(r.n, 0)`));
  const labelSets = list(await rows(sql`
    select coalesce(k.project_uuid, r.project_uuid)::text as p, coalesce(k.kind, r.kind) as kind, coalesce(k.label_terms, r.label_terms) as set,
      coalesce(k.n, 0) as kept, coalesce(r.n, 0) as real
    from (select project_uuid, kind, label_terms, sum(n)::int as n from library_label_set_counts group by 1, 2, 3) k
    full join (select i.project_uuid, i.kind, array(select 'label:' || x.label_id from library_item_labels x where x.item_id = i.id order by 1) as label_terms,
        count(*)::int as n from library_items i group by 1, 2, 3) r
      on r.project_uuid = k.project_uuid and r.kind = k.kind and r.label_terms = k.label_terms
    where coalesce(k.n, 0) <> coalesce(r.n, 0)`));
  // Per day and slice of ids; a slice's kept bounds must hold its items' created_at.
  const days = list(await rows(sql`
    select coalesce(k.project_uuid, r.project_uuid)::text as p, coalesce(k.kind, r.kind) as kind, coalesce(k.group_key, r.key) as key,
      coalesce(k.day, r.day) as day, coalesce(k.slice, r.slice) as slice, coalesce(k.n, 0) as kept, coalesce(r.n, 0) as real
    from (select project_uuid, kind, group_key, day, slice, sum(n)::int as n, min(lo) as lo, max(hi) as hi from library_day_counts group by 1, 2, 3, 4, 5) k
    full join (select project_uuid, kind, key, library_day(created_at) as day, library_slice(id) as slice, count(*)::int as n,
        min(created_at) as lo, max(created_at) as hi
        from library_items, lateral (values (coalesce(group_id, 0)), (-1)) as keys(key) group by 1, 2, 3, 4, 5) r
      on r.project_uuid = k.project_uuid and r.kind = k.kind and r.key = k.group_key and r.day = k.day and r.slice = k.slice
    where coalesce(k.n, 0) <> coalesce(r.n, 0) or (r.n > 0 and not coalesce(k.lo <= r.lo and r.hi <= k.hi, false))`));
  const labelDays = list(await rows(sql`
    select coalesce(k.label_id, r.label_id) as label, coalesce(k.day, r.day) as day, coalesce(k.slice, r.slice) as slice,
      coalesce(k.n, 0) as kept, coalesce(r.n, 0) as real
    from (select label_id, day, slice, sum(n)::int as n, min(lo) as lo, max(hi) as hi from library_label_day_counts group by 1, 2, 3) k
    full join (select label_id, library_day(created_at) as day, library_slice(item_id) as slice, count(*)::int as n,
        min(created_at) as lo, max(created_at) as hi from library_item_labels group by 1, 2, 3) r
      on r.label_id = k.label_id and r.day = k.day and r.slice = k.slice
    where coalesce(k.n, 0) <> coalesce(r.n, 0) or (r.n > 0 and not coalesce(k.lo <= r.lo and r.hi <= k.hi, false))`));
  const linkDates = list(await rows(sql`select x.item_id from library_item_labels x join library_items i on i.id = x.item_id where x.created_at <> i.created_at`));
  const terms = list(await rows(sql`
    select i.id from library_items i
    where not (i.terms @> (library_name_terms(i.name) || coalesce((select array_agg('label:' || x.label_id) from library_item_labels x where x.item_id = i.id), '{}'))
      and (library_name_terms(i.name) || coalesce((select array_agg('label:' || x.label_id) from library_item_labels x where x.item_id = i.id), '{}')) @> i.terms)`));
  return { groups, labelSets, days, labelDays, terms, linkDates };
}

describe('kept counts and terms', () => {
  it('match real counts after random concurrent writes', async () => {
    const labelIds = async () =>
      ((await call('GET', 'label/?limit=500')).json().results as Array<{ id: number; origin: string; label_group: number | null }>).filter((l) => l.origin === '报告');
    const labelGroups = (await call('GET', 'label_group/')).json().results.map((g: { id: number }) => g.id) as number[];
    const reportIds = async () => (await call('GET', 'report/report_list/?pageSize=100')).json().result.data.map((r: { id: number }) => r.id) as number[];
    const groupIds = async () => (await call('GET', 'report_group/group_list/')).json().data.map((g: { id: number }) => g.id) as number[];
    const report = (labels: number[], group?: number) => ({
      name: `${pick(NAMES)}${pick(NAMES)}`, create_user: 'u', cover: coverUrl, file: pdfUrl, labels, ...(group ? { group_id: group } : {}),
    });
    let made = 0;
    for (let round = 0; round < 12; round += 1) {
      const labels = await labelIds();
      const ids = await reportIds();
      const groups = await groupIds();
      const ofLabels = () => some(labels, 2).map((l: { id: number }) => l.id);
      const writes: Array<() => Promise<unknown>> = [
        () => call('POST', 'report/report_create/', report(ofLabels(), pick(groups))),
        () => call('POST', 'report/bulk_create/', Array.from({ length: 5 }, () => report(ofLabels(), pick(groups)))),
        () => call('POST', 'report/bulk_create/', Array.from({ length: 3 }, () => report(ofLabels(), pick(groups)))),
        () => call('PUT', 'report/batch_remove_edit/', { ids: some(ids, 6).join(',') || String(ids[0] ?? 1), group_id: pick(groups) ?? -1 }),
        () => call('PUT', 'report/batch_remove_edit/', { ids: some(ids, 4).join(',') || String(ids[0] ?? 1), group_id: -1 }),
        () => call('POST', 'report/batch_delete/', { ids: some(ids, 1).join(',') || String(ids[0] ?? 1) }),
        () => call('PUT', 'report/report_edit/', { id: pick(ids), name: `${pick(NAMES)}改`, labels: ofLabels(), group_id: pick(groups) ?? -1 }),
        () => call('POST', 'report_group/group_create/', { name: `组${round}-${(made += 1)}` }),
        () => call('POST', 'report_group/batch_delete/', { ids: String(pick(groups) ?? 999999) }),
        () => call('POST', 'label/', { name: `标签${round}-${(made += 1)}`, origin: '报告', label_group: pick(labelGroups) }),
        () => call('DELETE', `label/${pick(labels.slice(8))?.id ?? 999999}/`),
        () => call('PATCH', `label/${pick(labels)?.id ?? 999999}/`, { label_group: pick(labelGroups) }),
        () => call('GET', `report/report_list/?${pick(LISTED)}`),
      ];
      // Creates first in the first rounds, so there is something to move and delete.
      const batch = Array.from({ length: 16 }, (_, index) => (round < 2 && index < 8 ? writes[index % 2] : pick(writes)!));
      const answers = (await Promise.all(batch.map((write) => write()))) as Array<{ statusCode: number; body: string }>;
      // No 500: a write refused by a concurrent one answers 400 (its group or label went) or 409 (a deadlock, retry).
      if (process.env.DEBUG_COUNTS) for (const [index, answer] of answers.entries()) if (answer.statusCode >= 500) console.log('500 from', writes.indexOf(batch[index]));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      if (process.env.DEBUG_COUNTS) console.log(answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 80)}`).join('\n'));
      expect(await kept()).toEqual({ groups: [], labelSets: [], days: [], labelDays: [], terms: [], linkDates: [] });
      // Answers remembered while the writes ran are given again only if still true.
      for (const query of [...LISTED, `label_ids=${labels[0].id}`]) {
        const route = (await call('GET', `report/report_list/?${query}`)).json().result;
        const fresh = await listItems(ctx.database.db, DEMO.projectUuid, LIBRARY.report, readListQuery(Object.fromEntries(new URLSearchParams(query)), 'Asia/Shanghai'), 'Asia/Shanghai', 0);
        // The text extraction job runs beside the test: an item's content state may move between the two reads.
        const settled = (items: Array<Record<string, unknown>>) => items.map(({ content_state: _state, content_reason: _reason, ...item }) => item);
        expect({ query, data: settled(route.data), total: route.total }).toEqual({ query, data: settled(fresh.data), total: fresh.total });
      }
    }
    const groups = (await call('GET', 'report_group/group_list/')).json();
    const total = (await call('GET', 'report/report_list/')).json().result.total;
    expect(groups.total_report_number).toBe(total);
    expect(total).toBeGreaterThan(0);

    // Labels-only totals come from the label-set counts: each against the rows (one label, two of one
    // group, one of each of two groups), and the deep pages of a label from its links.
    const reportLabels = await labelIds();
    const byGroup = labelGroups.map((group) => reportLabels.filter((label) => label.label_group === group).map((label) => label.id));
    const [pair] = byGroup.filter((ids) => ids.length >= 2);
    const other = byGroup.find((ids) => ids.length > 0 && ids !== pair)!;
    for (const wanted of [[[pair[0]]], [pair.slice(0, 2)], [[pair[0]], [other[0]]]]) {
      const holds = wanted.map((ids) => sql`exists (select 1 from library_item_labels x where x.item_id = i.id and x.label_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))`);
      const real = (await rows(sql`select id from library_items i where kind = 'report' and project_uuid = ${DEMO.projectUuid}
        and ${sql.join(holds, sql` and `)} order by created_at desc, id desc`)).map((row) => (row as { id: number }).id);
      const listed = (await call('GET', `report/report_list/?label_ids=${wanted.flat().join(',')}&created_at=-created_at&pageSize=3&pageNo=2`)).json().result;
      expect({ wanted, total: listed.total, page: listed.data.map((item: { id: number }) => item.id) }).toEqual({ wanted, total: real.length, page: real.slice(3, 6) });
      const pastTheEnd = (await call('GET', `report/report_list/?label_ids=${wanted.flat().join(',')}&pageNo=999`)).json().result;
      expect({ wanted, total: pastTheEnd.total, rows: pastTheEnd.data.length }).toEqual({ wanted, total: real.length, rows: 0 });
    }
    // A name with labels is found by its pieces paired with the labels, also with date ranges:
    // each against LIKE, the links and created_at of the rows.
    const named = [['交通评估甲', [pair[0]]], ['城市交通乙', [pair[1], other[0]]], ['交通丙', [pair[0], other[0]]], ['生态丁', [pair[0]]], ['A交通戊', []]] as const;
    const bulk = await call('POST', 'report/bulk_create/', named.map(([name, labels]) => ({ name, create_user: 'u', cover: coverUrl, file: pdfUrl, labels })));
    expect(bulk.statusCode, bulk.body).toBe(201);
    const day = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
    const ranges: Array<[string, string] | undefined> = [undefined, [day(-400), day(2)], [day(-800), day(-400)], [day(-2000), day(2)]];
    const found: number[] = [];
    for (const wanted of [[[pair[0]]], [pair.slice(0, 2)], [[pair[0]], [other[0]]], [pair.slice(0, 2), [other[0]]]]) {
      for (const range of ranges) {
        const holds = wanted.map((ids) => sql`exists (select 1 from library_item_labels x where x.item_id = i.id and x.label_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))`);
        const within = range ? sql`and created_at >= ${`${range[0]} 00:00:00+08`}::timestamptz and created_at <= ${`${range[1]} 23:59:59+08`}::timestamptz` : sql``;
        const real = (await rows(sql`select id from library_items i where kind = 'report' and project_uuid = ${DEMO.projectUuid}
          and lower(name) like '%交通%' and ${sql.join(holds, sql` and `)} ${within} order by created_at desc, id desc`)).map((row) => (row as { id: number }).id);
        const dates = range ? `&start_time=${range[0]}%2000:00:00&end_time=${range[1]}%2023:59:59` : '';
        const listed = (await call('GET', `report/report_list/?name=${encodeURIComponent('交通')}&label_ids=${wanted.flat().join(',')}${dates}&created_at=-created_at&pageSize=100`)).json().result;
        expect({ wanted, range, total: listed.total, page: listed.data.map((item: { id: number }) => item.id) }).toEqual({ wanted, range, total: real.length, page: real });
        if (!range) found.push(real.length);
      }
    }
    expect(found.every((n) => n > 0), String(found)).toBe(true);
    // A long name with many labels (more pairs than the list asks for) is found through `terms`.
    const longName = `长名${'交通评估'.repeat(25)}`;
    const long = await call('POST', 'report/report_create/', { name: longName, create_user: 'u', cover: coverUrl, file: pdfUrl, labels: [pair[0], other[0]] });
    expect(long.statusCode, long.body).toBe(201);
    const longFound = (await call('GET', `report/report_list/?name=${encodeURIComponent(longName)}&label_ids=${[pair[0], pair[1], other[0]].join(',')}`)).json().result;
    expect({ total: longFound.total, ids: longFound.data.map((item: { id: number }) => item.id) }).toEqual({ total: 1, ids: [long.json().data.id] });
    // Relabelled and renamed, an item is found by its new pairs only.
    const [first] = bulk.json().data as Array<{ id: number }>;
    const ids = async (query: string) => (await call('GET', `report/report_list/?pageSize=100&${query}`)).json().result.data.map((item: { id: number }) => item.id) as number[];
    expect(await ids(`name=${encodeURIComponent('交通')}&label_ids=${pair[0]}`)).toContain(first.id);
    const edited = await call('PUT', 'report/report_edit/', { id: first.id, name: '风貌交通', labels: [other[0]] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await ids(`name=${encodeURIComponent('交通')}&label_ids=${pair[0]}`)).not.toContain(first.id);
    expect(await ids(`name=${encodeURIComponent('风貌')}&label_ids=${other[0]}`)).toContain(first.id);
    // The random writes may have deleted every group.
    const groupId = (await groupIds())[0] ?? ((await call('POST', 'report_group/group_create/', { name: '末页分组' })).json().data.id as number);
    for (const query of ['', `group_id=${groupId}`, `group_id=0&label_ids=${pair[0]}`, 'name=%E4%BA%A4']) {
      const [first, past] = await Promise.all(['1', '999'].map(async (pageNo) => (await call('GET', `report/report_list/?pageNo=${pageNo}&${query}`)).json()));
      expect({ query, code: past.code, total: past.result?.total, rows: past.result?.data.length }).toEqual({ query, code: 200, total: first.result.total, rows: 0 });
    }
  });

  it('finds names by their pieces exactly as LIKE does: any case, one character, % and _ taken literally', async () => {
    const names = ['Ab交通评估', '交通', '交 通', '50%_完成', 'ÄÖ城市'];
    for (const name of names) {
      const made = await call('POST', 'report/report_create/', { name, create_user: 'u', cover: coverUrl, file: pdfUrl, labels: [] });
      expect(made.statusCode, made.body).toBe(201);
    }
    const found = async (term: string) =>
      ((await call('GET', `report/report_list/?pageSize=100&name=${encodeURIComponent(term)}`)).json().result.data as Array<{ name: string }>)
        .map((row) => row.name)
        .filter((name) => names.includes(name))
        .sort();
    expect(await found('aB')).toEqual(['Ab交通评估']);
    expect(await found('交通')).toEqual(['Ab交通评估', '交通'].sort());
    expect(await found('通')).toEqual(['Ab交通评估', '交 通', '交通'].sort());
    expect(await found('交 通')).toEqual(['交 通']);
    expect(await found('%_')).toEqual(['50%_完成']);
    expect(await found('_完')).toEqual(['50%_完成']);
    expect(await found('äö')).toEqual(['ÄÖ城市']);
    expect(await found('通评估x')).toEqual([]);
  });

  it('answers deep pages, which start at the day of their first item, exactly as the whole ordered list', async () => {
    // 2,400 materials over 40 days, made by SQL so the triggers keep the day counts, two in three with a label;
    // some moved to a group, some deleted, and the label taken off some.
    await rows(sql`insert into library_items (project_uuid, kind, name, create_user, created_at, updated_at)
      select ${DEMO.projectUuid}, 'material', '深页素材' || g, 'u', now() - interval '40 days' + interval '1 day' * (g % 40) + interval '1 second' * g, now()
      from generate_series(1, 2400) g`);
    // Two labels of 素材类型: the second on one in five, many of them with the first too.
    const [{ id: label }, { id: second }] = (await rows(sql`select id from labels where project_uuid = ${DEMO.projectUuid} and origin = '素材' order by id limit 2`)) as Array<{ id: number }>;
    await rows(sql`insert into library_item_labels (item_id, label_id)
      select id, ${label} from library_items where project_uuid = ${DEMO.projectUuid} and name like '深页素材%' and id % 3 <> 0 on conflict do nothing`);
    await rows(sql`insert into library_item_labels (item_id, label_id)
      select id, ${second} from library_items where project_uuid = ${DEMO.projectUuid} and name like '深页素材%' and id % 5 = 0 on conflict do nothing`);
    const group = (await call('POST', 'material_group/group_create/', { name: '深页分组' })).json().data.id as number;
    const ids = async (query: string) =>
      (await rows(sql`select id from library_items i where kind = 'material' and project_uuid = ${DEMO.projectUuid}
        ${query === 'group' ? sql`and group_id = ${group}` : query === '' ? sql`` : sql`and exists (select 1 from library_item_labels x where x.item_id = i.id and x.label_id in (${label}, ${query === 'either' ? second : label}))`}
        order by created_at, id`)).map((row) => (row as { id: number }).id);
    const all = await ids('');
    // Above 1,000 items the move runs as a batch job: the test waits for it.
    const moving = (await call('PUT', 'material/batch_remove_edit/', { ids: all.filter((_, i) => i % 3 !== 0).join(','), group_id: group })).json().data;
    await expect.poll(async () => (await call('GET', `material/batch_job/${moving.batch_id}/`)).json().data.state, { timeout: 30_000, interval: 100 }).toBe('done');
    await call('POST', 'material/batch_delete/', { ids: all.filter((_, i) => i % 7 === 0).join(',') });
    await rows(sql`delete from library_item_labels where label_id = ${label} and item_id in (select id from library_items where name like '深页素材%' and id % 11 = 0)`);
    expect(await kept()).toMatchObject({ days: [], labelDays: [] });
    const lists = [['', await ids('')], [`group_id=${group}`, await ids('group')], [`label_ids=${label}`, await ids('label')], [`label_ids=${label},${second}`, await ids('either')]] as const;
    expect(lists[2][1].length).toBeGreaterThan(1200);
    expect(lists[3][1].length).toBeGreaterThan(lists[2][1].length);
    for (const [query, expected] of lists) {
      for (const pageNo of [1, 2, 41, 50, 51, 60, 66, 110]) {
        for (const descending of [false, true]) {
          const order = descending ? [...expected].reverse() : expected;
          const answer = (await call('GET', `material/report_list/?pageSize=20&pageNo=${pageNo}&${query}${descending ? '&created_at=-created_at' : ''}`)).json().result;
          const page = answer.data.map((item: { id: number }) => item.id);
          expect({ query, pageNo, descending, total: answer.total, page }).toEqual({ query, pageNo, descending, total: expected.length, page: order.slice((pageNo - 1) * 20, pageNo * 20) });
        }
      }
    }
  }, 120_000);

  it('filters by a label group the list remembered only while it still holds: another writer moving a label is seen at once', async () => {
    const [first, second] = (await rows(sql`select id from labels where project_uuid = ${DEMO.projectUuid} and origin = '报告' and label_group_id is not null
      order by label_group_id, id limit 2`)) as Array<{ id: number }>;
    const made = async (labels: number[]) =>
      (await call('POST', 'report/report_create/', { name: '分组变更', create_user: 'u', cover: coverUrl, file: pdfUrl, labels })).json().data.id as number;
    const [one, both] = [await made([first.id]), await made([first.id, second.id])];
    const listed = async () =>
      ((await call('GET', `report/report_list/?pageSize=100&created_at=-created_at&label_ids=${first.id},${second.id}`)).json().result.data as Array<{ id: number }>)
        .map((item) => item.id)
        .filter((id) => id === one || id === both)
        .sort();
    // Of one label group: either label.
    expect(await listed()).toEqual([one, both].sort());
    // Moved to another group behind the server's back (as another process would): both labels must hold.
    const other = (await call('POST', 'label_group/', { name: '另一分组' })).json().id as number;
    await rows(sql`update labels set label_group_id = ${other} where id = ${second.id}`);
    expect(await listed()).toEqual([both]);
    // Deleted: nothing can match.
    await rows(sql`delete from labels where id = ${second.id}`);
    expect(await listed()).toEqual([]);
  });
});
