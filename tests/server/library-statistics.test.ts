import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, padded, SAMPLES, uploadFile, type TestContext } from './helpers';

const BULK = `/studio/report/api/report/projects/${DEMO.projectUuid}/report/bulk_create/`;

let ctx: TestContext;
let token: string;
let report: (name: string) => Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app);
  const file = (await uploadFile(ctx.app, token, '体检报告.pdf', padded(SAMPLES.pdf, 500), 'report')).url;
  const cover = (await uploadFile(ctx.app, token, '封面.png', SAMPLES.png, 'cover')).url;
  report = (name) => ({ name, create_user: '导入', file, cover, real_file_name: `${name}.pdf` });
});
afterAll(() => ctx.close());

/** The planner's idea of the items' number, and the number. */
async function itemsSeenAndCounted() {
  const [row] = await ctx.database.db
    .select({
      seen: sql`(select reltuples from pg_class where oid = 'library_items'::regclass)`.mapWith(Number),
      counted: sql`(select count(*) from library_items)`.mapWith(Number),
    })
    .from(sql`(values (1)) as one`);
  return row;
}

const bulkCreate = async (count: number, prefix: string) => {
  const body = Array.from({ length: count }, (_, k) => report(`${prefix}${k}`));
  const response = await ctx.app.inject({ method: 'POST', url: BULK, headers: authHeaders(token), payload: body });
  expect(response.statusCode, response.body).toBe(201);
};

describe('statistics after a bulk import', () => {
  it('are refreshed by the bulk_create that grows the items past autovacuum’s threshold, so the list is planned for what is there', async () => {
    await ctx.database.db.execute(sql`analyze library_items`);
    const before = await itemsSeenAndCounted();
    const count = 60 + Math.ceil(before.counted / 10);
    await bulkCreate(count, '导入报告');
    const after = await itemsSeenAndCounted();
    expect(after.counted).toBe(before.counted + count);
    expect(after.seen).toBe(after.counted);
  });

  it('are left alone by a bulk_create below the threshold', async () => {
    const before = await itemsSeenAndCounted();
    await bulkCreate(3, '补充报告');
    const after = await itemsSeenAndCounted();
    expect(after).toEqual({ seen: before.seen, counted: before.counted + 3 });
  });
});
