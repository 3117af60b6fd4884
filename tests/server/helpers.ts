import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { DEMO } from '../../server/db/seed/demo-accounts';
import type { SmsMessage } from '../../server/lib/sms';

export { DEMO };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Every SMS the app sent, newest last. */
  sentSms: SmsMessage[];
  close(): Promise<void>;
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A seeded app on in-memory PGlite, or on the PostgreSQL server of TEST_DATABASE_URL in a
 * fresh database of its own (dropped on close), so test files never see each other's rows.
 * A database, not a schema: drizzle-kit writes "public". into the migrations' foreign keys.
 */
export async function createTestApp(options: { webRoot?: string; seed?: boolean } = {}): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  let url: string | undefined;
  if (serverUrl) {
    await adminQuery(serverUrl, `create database "${databaseName}"`);
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${databaseName}`;
    url = parsed.toString();
  }
  const database = await openDatabase({ url });
  if (options.seed !== false) await seed(database.db);
  const config = loadConfig({ TZ: 'Asia/Shanghai', DATA_DIR: '/tmp/report-workspace-test' });
  const sentSms: SmsMessage[] = [];
  const smsSender = { send: async (message: SmsMessage) => void sentSms.push(message) };
  const app = await buildApp({ config, database, smsSender, webRoot: options.webRoot ?? '/nonexistent' });
  await app.ready();
  return {
    app,
    database,
    sentSms,
    async close() {
      await app.close();
      await database.close();
      if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${databaseName}" with (force)`);
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

export const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
