import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

/**
 * Deep pages of a library created on one day (a bulk import: thousands of items at one
 * created_at) start at a slice of ids within the day, not at the day: they must still answer
 * exactly the items OFFSET over the whole ordered list would, in both directions, for the whole
 * list, a group and a label, at the first and last item of each slice and past the end.
 */
let ctx: TestContext;
let admin: string;
const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/material/report_list/`;
const SLICE_IDS = 1024;
let group: number;
let label: number;

const rows = async (statement: ReturnType<typeof sql>) => ((await ctx.database.db.execute(statement)) as unknown as { rows: unknown[] }).rows;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  await rows(sql`delete from library_items where project_uuid = ${DEMO.projectUuid} and kind = 'material'`);
  // 5,000 in one statement at one created_at, as one bulk import writes them.
  await rows(sql`insert into library_items (project_uuid, kind, name, create_user, created_at, updated_at)
    select ${DEMO.projectUuid}, 'material', '一日素材' || g, 'u', '2024-03-01 08:00:00+00', now() from generate_series(1, 5000) g`);
  // Then 600 more that day, an hour before and after: higher ids than the block, half of them created earlier,
  // so a slice boundary among them is not a boundary of the list's order.
  await rows(sql`insert into library_items (project_uuid, kind, name, create_user, created_at, updated_at)
    select ${DEMO.projectUuid}, 'material', '一日补充' || g, 'u', timestamptz '2024-03-01 08:00:00+00' + interval '1 hour' * (case when g % 2 = 0 then 1 else -1 end) + interval '1 ms' * g, now()
    from generate_series(1, 600) g`);
  group = (await ctx.app.inject({ method: 'POST', url: `/studio/report/api/report/projects/${DEMO.projectUuid}/material_group/group_create/`, headers: authHeaders(admin), payload: { name: '一日分组' } })).json().data.id;
  await rows(sql`update library_items set group_id = ${group} where project_uuid = ${DEMO.projectUuid} and kind = 'material' and id % 3 <> 0`);
  [{ id: label }] = (await rows(sql`select id from labels where project_uuid = ${DEMO.projectUuid} and origin = '素材' order by id limit 1`)) as Array<{ id: number }>;
  await rows(sql`insert into library_item_labels (item_id, label_id)
    select id, ${label} from library_items where project_uuid = ${DEMO.projectUuid} and kind = 'material' and id % 5 <> 0`);
  // Deletes leave the kept bounds of their slices loose.
  await rows(sql`delete from library_items where project_uuid = ${DEMO.projectUuid} and kind = 'material' and id % 97 = 0`);
}, 120_000);
afterAll(() => ctx.close());

const expectedIds = async (list: string) =>
  (await rows(sql`select id from library_items i where project_uuid = ${DEMO.projectUuid} and kind = 'material'
    ${list === 'group' ? sql`and group_id = ${group}` : list === 'label' ? sql`and exists (select 1 from library_item_labels x where x.item_id = i.id and x.label_id = ${label})` : sql``}
    order by created_at, id`)).map((row) => (row as { id: number }).id);

/** Offsets at and around each change of slice in the list's order, and a few past the end. */
function offsetsToCheck(order: number[]) {
  const offsets = new Set<number>([1000, order.length - 1, order.length, order.length + 5]);
  for (let i = 1; i < order.length; i += 1) {
    if (Math.floor(order[i] / SLICE_IDS) !== Math.floor(order[i - 1] / SLICE_IDS)) for (const near of [i - 1, i, i + 1]) offsets.add(near);
  }
  return [...offsets].filter((offset) => offset >= 1000).sort((a, b) => a - b);
}

describe('deep pages of a library created on one day', () => {
  it('is one day: the kept day counts hold every item in one day, in several slices', async () => {
    const [{ days, slices }] = (await rows(sql`select count(distinct day)::int as days, count(distinct slice)::int as slices from library_day_counts
      where project_uuid = ${DEMO.projectUuid} and kind = 'material' and group_key = -1`)) as Array<{ days: number; slices: number }>;
    expect(days).toBe(1);
    expect(slices).toBeGreaterThanOrEqual(5);
  });

  for (const list of ['all', 'group', 'label'] as const) {
    it(`answers ${list === 'all' ? 'the whole list' : `one ${list}`} exactly as OFFSET over the ordered list, both directions`, async () => {
      const expected = await expectedIds(list);
      expect(expected.length).toBeGreaterThan(2500);
      const query = list === 'group' ? `&group_id=${group}` : list === 'label' ? `&label_ids=${label}` : '';
      for (const descending of [false, true]) {
        const order = descending ? [...expected].reverse() : expected;
        const checks = [
          ...offsetsToCheck(order).map((offset) => ({ pageSize: 1, pageNo: offset + 1 })),
          ...[51, 100, 101, 140, Math.ceil(order.length / 20), Math.ceil(order.length / 20) + 1].map((pageNo) => ({ pageSize: 20, pageNo })),
        ];
        for (const { pageSize, pageNo } of checks) {
          const response = await ctx.app.inject({
            method: 'GET',
            url: `${BASE}?pageSize=${pageSize}&pageNo=${pageNo}${query}${descending ? '&created_at=-created_at' : ''}`,
            headers: authHeaders(admin),
          });
          const answer = response.json().result;
          const page = answer.data.map((item: { id: number }) => item.id);
          expect({ descending, pageSize, pageNo, total: answer.total, page }).toEqual({
            descending, pageSize, pageNo, total: order.length, page: order.slice((pageNo - 1) * pageSize, pageNo * pageSize),
          });
        }
      }
    }, 120_000);
  }
});
