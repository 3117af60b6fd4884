import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { count } from 'drizzle-orm';
import { seed } from '../../server/db/seed';
import { organizations, projects, users } from '../../server/db/schema';
import { adminQuery } from './admin-query';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
const webRoot = mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="ezreport"></div>');
  ctx = await createTestApp({ webRoot });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('health', () => {
  it('answers 200 after a query, without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/healthy/check/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: ctx.database.driver });
    const config = await ctx.app.inject({ method: 'GET', url: '/api/healthy/test_config_change/' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ status: 'ok', time_zone: 'Asia/Shanghai', config_fingerprint: expect.any(String) });
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await createTestApp();
    await cutOffDatabase(broken);
    const response = await broken.app.inject({ method: 'GET', url: '/api/healthy/check/' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 50300, message: '数据库不可用', checks: { database: 'failed', storage: 'ok', admission: 'ok' } });
    await broken.close();
  });
});

/**
 * The database goes away under the running app. On PostgreSQL the server refuses the database's
 * connections and ends the open ones, as a crash would; the app's pool stays open, so its jobs
 * fail and stop. (Ending the pool instead could wait forever for a job holding a connection.)
 * PGlite lives in the process: closing it is its crash.
 */
async function cutOffDatabase(context: TestContext) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || !context.databaseUrl) return context.database.close();
  const name = new URL(context.databaseUrl).pathname.slice(1);
  await adminQuery(serverUrl, `alter database "${name}" allow_connections false`);
  await adminQuery(serverUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
}

describe('OpenAPI', () => {
  it('serves the document as JSON and YAML, with the routes and their schemas', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/schema/?format=json&lang=zh-hans' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('报告工作台接口');
    expect(document.paths['/api/project/v1/projects/'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'offset', 'ordering', 'search']),
    );
    const yaml = await ctx.app.inject({ method: 'GET', url: '/api/schema/?format=yaml' });
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(parseYaml(yaml.body).paths).toHaveProperty(['/api/v1/user/account/login/']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/schema/?format=xml' })).statusCode).toBe(400);
  });

  it('serves Swagger UI at /api/docs/', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
    const document = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.json().info.title).toBe('报告工作台接口');
  });
});

describe('unknown paths', () => {
  it('answer 404 JSON under /api/ and /studio/', async () => {
    for (const url of ['/api/nothing/here/', '/studio/report/api/nothing/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 40400, message: expect.stringContaining('接口不存在') });
    }
  });

  it('fall back to the app index.html elsewhere', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/some/page' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('ezreport');
  });
});

describe('seed', () => {
  it('changes nothing when it runs again', async () => {
    const counts = async () => {
      const db = ctx.database.db;
      const [[u], [o], [p]] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(organizations),
        db.select({ n: count() }).from(projects),
      ]);
      return [u.n, o.n, p.n];
    };
    const before = await counts();
    await seed(ctx.database.db);
    expect(await counts()).toEqual(before);
    expect(before).toEqual([1, 1, 1]);
  });
});
