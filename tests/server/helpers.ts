import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { DEMO } from '../../server/db/seed/demo-accounts';

export { DEMO };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A seeded app on in-memory PGlite, or on the PostgreSQL of TEST_DATABASE_URL in a fresh
 * schema of its own (dropped on close), so test files never see each other's rows.
 */
export async function createTestApp(options: { webRoot?: string; seed?: boolean } = {}): Promise<TestContext> {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ url, schemaName });
  if (options.seed !== false) await seed(database.db);
  const config = loadConfig({ TZ: 'Asia/Shanghai', DATA_DIR: '/tmp/report-workspace-test' });
  const app = await buildApp({ config, database, webRoot: options.webRoot ?? '/nonexistent' });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      if (url && schemaName) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schemaName}" cascade`);
        await client.end();
      }
    },
  };
}

export async function login(app: FastifyInstance, username: string = DEMO.username, password: string = DEMO.password) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/user/account/login/', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().token as string;
}

export const authHeaders = (token: string, organization?: string) => ({
  authorization: `Token ${token}`,
  ...(organization ? { organization } : {}),
});
