import { mkdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT, savedDownload, setupBrowser, signInAsDemo } from './browser';

// The local PostgreSQL: loopback is refused unless named (with its port, should the server itself run on it).
const ctx = setupBrowser({ CONNECTION_ALLOWED_HOSTS: '127.0.0.1:5432' });
const admin = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '' };
const database = `e2e_connections_${process.pid}`;
const shots = '/tmp/shots';

/** A small schema with foreign keys and Chinese comments, in a database of its own. */
const SCHEMA = `
  create table district (id serial primary key, name text not null, population integer default 0);
  comment on table district is '行政区';
  comment on column district.name is '区名';
  create table street (id serial primary key, district_id integer not null references district(id), name text not null, length_km numeric(6,2), surveyed_on date default '2026-11-27');
  comment on table street is '街道';
  comment on column street.district_id is '所属行政区';
  create table community (id serial primary key, street_id integer not null references street(id), name text not null, households integer);
  comment on table community is '社区';
  create table survey (id serial primary key, community_id integer references community(id), district_id integer references district(id), score numeric(5,2), note text, created_at timestamptz default now());
  comment on table survey is '体检调查';
  create index survey_score_idx on survey (score);
  insert into district (name, population) values ('东城区', 700000), ('西城区', 1100000), ('朝阳区', 3400000);
  insert into street (district_id, name, length_km) select 1 + (i % 3), '街道' || i, i * 1.5 from generate_series(1, 30) i;
  insert into community (street_id, name, households) select 1 + (i % 30), '社区' || i, i * 100 from generate_series(1, 60) i;
`;

async function onServer(work: (client: pg.Client) => Promise<unknown>, db = 'postgres') {
  const client = new pg.Client({ ...admin, database: db });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await onServer((client) => client.query(`create database ${database}`));
  await onServer((client) => client.query(SCHEMA), database);
});
afterAll(async () => {
  await onServer((client) => client.query(`drop database if exists ${database} with (force)`));
});

describe('数据连接 in the browser', () => {
  it('adds a connection, tests it, and browses its tables, records and ER diagram', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/connections`);
    await page.getByRole('menuitem', { name: '数据连接' }).waitFor();

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增数据连接' });
    await dialog.getByLabel('名称').fill('本机体检库');
    await dialog.getByLabel('主机').fill('127.0.0.1');
    expect(await dialog.getByLabel('端口').inputValue()).toBe('5432');
    await dialog.getByLabel('用户名').fill('postgres');
    await dialog.getByLabel('数据库', { exact: true }).fill(database);
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await page.getByText(/连接成功，可访问 \d+ 个数据库/).waitFor();
    await page.screenshot({ path: `${shots}/connection-form.png` });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增数据连接成功').waitFor();

    const row = page.getByRole('row', { name: /本机体检库/ });
    await row.getByText('PostgreSQL').waitFor();
    await page.screenshot({ path: `${shots}/connection-list.png` });
    // A saved password goes only to the address it was saved for: the form says so once the port changes.
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.locator('.ant-modal', { hasText: '编辑数据连接' });
    // The record and the list it came from answered: a late answer would set the form's values again over the typing.
    await expect.poll(() => edit.getByLabel('端口').inputValue()).toBe('5432');
    await page.waitForLoadState('networkidle');
    await edit.getByLabel('端口').fill('5433');
    await edit.getByText('已修改数据库类型、主机、端口或用户名：请重新输入密码，留空则不保存密码').waitFor();
    await edit.screenshot({ path: `${shots}/connection-edit.png` });
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: '浏览' }).click();
    await page.getByText('浏览：本机体检库').waitFor();

    await page.getByRole('menuitem', { name: /street/ }).click();
    await page.getByText('所属行政区').waitFor();
    await page.getByText('district(id)').waitFor();
    await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
    // The loading blur fades out.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/browser-structure.png` });

    await page.getByRole('tab', { name: '数据' }).click();
    await page.getByText('共 30 条').waitFor();
    await page.getByRole('cell', { name: '街道1', exact: true }).waitFor();
    await page.locator('thead .ant-table-column-title', { hasText: /^length_km$/ }).click();
    await page.locator('thead .ant-table-column-title', { hasText: /^length_km$/ }).click();
    await page.getByRole('cell', { name: '街道30', exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/browser-records.png` });
    // A date is its day, whatever the server's zone (not 2026-11-26T16:00:00.000Z).
    expect(await page.getByRole('cell', { name: '2026-11-27', exact: true }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/wf-browser-dates.png` });

    await page.getByRole('tab', { name: 'ER 图' }).click();
    await page.getByText('整个 schema').click();
    await page.locator('[data-testid=er-table]').nth(3).waitFor();
    await page.locator('.react-flow__edge').nth(3).waitFor();
    await page.locator('.er-card__columns li', { hasText: 'households' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/browser-er.png` });

    // No two table cards overlap.
    const boxes = await page.locator('.react-flow__node').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(4);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        expect(apart).toBe(true);
      }
    }
  });
});

describe('查询 in the browser', () => {
  it('runs a read-only query, refuses a write, downloads the result as CSV and the ER diagram as SVG and PNG', async () => {
    const { page, server } = ctx;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/#/projectSetting/${DEMO_PROJECT}/connections`);
    // The connection the test above saved.
    await page.getByRole('row', { name: /本机体检库/ }).getByRole('button', { name: '浏览' }).click();
    await page.getByText('浏览：本机体检库').waitFor();
    await page.getByRole('tab', { name: '查询' }).click();

    const editor = page.getByRole('textbox', { name: 'SQL' });
    await editor.fill('select name, households from community where households > 5000 order by households desc');
    await page.getByRole('button', { name: /运\s*行/ }).click();
    await page.getByText(/用时 \d+ 毫秒，共 10 行/).waitFor();
    await page.getByRole('cell', { name: '社区60', exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/browser-query.png` });

    await editor.fill('delete from community');
    await page.getByRole('button', { name: /运\s*行/ }).click();
    await page.getByText('只读查询（SELECT、WITH、VALUES、TABLE、SHOW、EXPLAIN），不能运行 DELETE 语句', { exact: false }).waitFor();

    await editor.fill('select name, households from community where households > 5000 order by households desc');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 CSV/ }).click()]);
    expect(csv.suggestedFilename()).toBe('查询结果.csv');
    const text = readFileSync(await savedDownload(csv, ctx), 'utf8');
    expect(text.startsWith('\uFEFFname,households\r\n社区60,6000\r\n')).toBe(true);
    expect(text.trim().split('\r\n')).toHaveLength(11);
    await onServer(async (client) => expect((await client.query('select count(*)::int as n from community')).rows[0].n).toBe(60), database);

    await page.getByRole('tab', { name: 'ER 图' }).click();
    await page.locator('[data-testid=er-table]').nth(3).waitFor();
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 SVG' }).click()]);
    const drawn = readFileSync(await savedDownload(svg, ctx), 'utf8');
    expect(drawn).toMatch(/^<svg /);
    expect(drawn.match(/class="er-table"/g)).toHaveLength(4);
    expect(drawn).toContain('体检调查');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('ER图-public.png');
    const image = readFileSync(await savedDownload(png, ctx));
    expect(image.subarray(1, 4).toString()).toBe('PNG');
    expect(image.length).toBeGreaterThan(5000);
  });
});
