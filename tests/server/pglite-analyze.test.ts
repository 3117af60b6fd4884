import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeChanged, keepAnalyzed } from '../../server/db/pglite-analyze';
import { tempDataDir } from '../support/server-process';

let client: PGlite;
/** The planner's row estimate of a scan of `items`. */
const estimated = async (on = client) => {
  const { rows } = await on.query<{ 'QUERY PLAN': string }>('explain select * from items');
  return Number(/rows=(\d+)/.exec(rows[0]['QUERY PLAN'])![1]);
};
const add = (count: number) => client.exec(`insert into items (name) select 'x' || g from generate_series(1, ${count}) g`);

beforeAll(async () => {
  client = new PGlite();
  await client.exec('create table items (id serial primary key, name text); create table untouched (id int)');
  await client.exec('analyze');
});
afterAll(() => client.close());

describe('PGlite statistics (no autovacuum there)', () => {
  it('analyzes a table grown past the threshold, so the planner knows its size', async () => {
    await add(5000);
    expect(await analyzeChanged(client)).toEqual(['public.items']);
    expect(await estimated()).toBe(5000);
  });

  it('leaves tables changed by less than 50 rows and a tenth alone', async () => {
    expect(await analyzeChanged(client)).toEqual([]);
    await add(400);
    expect(await analyzeChanged(client)).toEqual([]);
    await add(300);
    expect(await analyzeChanged(client)).toEqual(['public.items']);
    expect(await estimated()).toBe(5700);
  });

  it('analyzes at the stop what changed since the last minute, so a restart plans with it', async () => {
    const dataDir = tempDataDir();
    const folder = new PGlite({ dataDir });
    await folder.exec('create table items (id serial primary key, name text); analyze items');
    const stop = keepAnalyzed(folder, { atStop: true });
    await folder.exec(`insert into items (name) select 'x' || g from generate_series(1, 3000) g`);
    await stop();
    await folder.close();
    const reopened = new PGlite({ dataDir });
    const estimate = await estimated(reopened);
    await reopened.close();
    rmSync(dataDir, { recursive: true, force: true });
    expect(estimate).toBe(3000);
  });
});
