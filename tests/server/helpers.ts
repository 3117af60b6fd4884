import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject, type ProvidedContext } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import { organizationMembers, projectMembers, roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { seed } from '../../server/db/seed';
import { DEMO } from '../../server/db/seed/demo-accounts';
import type { SmsMessage } from '../../server/lib/sms';
import { adminQuery, databaseUrl } from './admin-query';

export { DEMO };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The app's DATA_DIR, removed on close. */
  dataDir: string;
  /** Every SMS the app sent, newest last. */
  sentSms: SmsMessage[];
  /** The PostgreSQL URL of the test's own database (under TEST_DATABASE_URL); undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * CONNECTION_ALLOWED_HOSTS for tests that connect to the local PostgreSQL (127.0.0.1:5432, which is also
 * the server of TEST_DATABASE_URL, so named with its port) and MariaDB (127.0.0.1:3306).
 */
export const LOCAL_DATABASES = { CONNECTION_ALLOWED_HOSTS: '127.0.0.1,127.0.0.1:5432' };

/**
 * A seeded app on in-memory PGlite, or on the PostgreSQL server of TEST_DATABASE_URL in a
 * fresh database of its own (dropped on close), so test files never see each other's rows.
 * A database, not a schema: drizzle-kit writes "public". into the migrations' foreign keys.
 * Both start as a copy of the run's migrated (and seeded) database (global-setup.ts).
 */
export async function createTestApp(
  options: { webRoot?: string; seed?: boolean; env?: Record<string, string>; app?: Pick<AppOptions, 'jobs' | 'results' | 'workflows'> } = {},
): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  // Undefined outside the server project's run (its global set-up): then migrate and seed here.
  const copies = inject('testDatabases') as ProvidedContext['testDatabases'] | undefined;
  const copy = copies && (options.seed === false ? copies.empty : copies.seeded);
  let url: string | undefined;
  if (serverUrl) {
    await adminQuery(serverUrl, `create database "${databaseName}"${copy ? ` template "${copy}"` : ''}`);
    url = databaseUrl(serverUrl, databaseName);
  }
  const pgliteSnapshot = copy && !serverUrl ? new Blob([readFileSync(copy)]) : undefined;
  // Small pools: a test file may keep ten apps open while another file runs beside it, on one
  // PostgreSQL of 100 connections.
  const database = await openDatabase({ url, pgliteSnapshot, poolSize: 4 });
  if (options.seed !== false && !copy) await seed(database.db);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'report-workspace-test-'));
  // DATABASE_URL as a server on PostgreSQL has it: data connections must not reach that server.
  const config = loadConfig({ TZ: 'Asia/Shanghai', DATA_DIR: dataDir, ...(url && { DATABASE_URL: url }), ...options.env });
  const sentSms: SmsMessage[] = [];
  const smsSender = { send: async (message: SmsMessage) => void sentSms.push(message) };
  const app = await buildApp({ config, database, smsSender, webRoot: options.webRoot ?? '/nonexistent', ...options.app });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    sentSms,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${databaseName}" with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second server process of the test's app: its own app on the same database and DATA_DIR (so
 * the same storage), as another machine behind a load balancer. On PostgreSQL it has its own
 * connection pool; PGlite is one in-process client, so there the two apps share it. Its job queue
 * sends (an upload's jobs) and waits an hour between looks, so the test's own app works the jobs.
 */
export async function createSiblingApp(ctx: TestContext): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = ctx.databaseUrl ? await openDatabase({ url: ctx.databaseUrl, poolSize: 4 }) : ctx.database;
  const app = await buildApp({ config: ctx.app.config, database, smsSender: { send: async () => undefined }, webRoot: '/nonexistent', jobs: { pollSeconds: 3600 } });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== ctx.database) await database.close();
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

/** A multipart/form-data body: text fields first, then the file part. */
export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; field?: string }) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Small real files of each accepted type, and padding to reach a size. */
export const SAMPLES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCXAUUYf//Z',
    'base64',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  /** A zip whose directory lists [Content_Types].xml and word/document.xml, as a Word document's does. */
  docx: Buffer.from(
    'UEsDBAoAAAAAAI6rd13muHRrYgAAAGIAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbDw/eG1sIHZlcnNpb249IjEuMCI/PjxUeXBlcyB4bWxucz0iaHR0cDovL3NjaGVtYXMub3BlbnhtbGZvcm1hdHMub3JnL3BhY2thZ2UvMjAwNi9jb250ZW50LXR5cGVzIi8+UEsDBAoAAAAAAI6rd10AAAAAAAAAAAAAAAAFAAAAd29yZC9QSwMECgAAAAAAjqt3XVJ81l1UAAAAVAAAABEAAAB3b3JkL2RvY3VtZW50LnhtbDx3OmRvY3VtZW50IHhtbG5zOnc9Imh0dHA6Ly9zY2hlbWFzLm9wZW54bWxmb3JtYXRzLm9yZy93b3JkcHJvY2Vzc2luZ21sLzIwMDYvbWFpbiIvPlBLAQIUAAoAAAAAAI6rd13muHRrYgAAAGIAAAATAAAAAAAAAAAAAAAAAAAAAABbQ29udGVudF9UeXBlc10ueG1sUEsBAhQACgAAAAAAjqt3XQAAAAAAAAAAAAAAAAUAAAAAAAAAAAAQAAAAkwAAAHdvcmQvUEsBAhQACgAAAAAAjqt3XVJ81l1UAAAAVAAAABEAAAAAAAAAAAAAAAAAtgAAAHdvcmQvZG9jdW1lbnQueG1sUEsFBgAAAAADAAMAswAAADkBAAAAAA==',
    'base64',
  ),
  doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(60, 2)]),
};
export const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);

/** Uploads a file into the demo project for `purpose` as `token`; anything but 201 fails the test. */
export async function uploadFile(app: FastifyInstance, token: string, name: string, content: Buffer, purpose: string) {
  const body = multipart({}, { name, content });
  const response = await app.inject({
    method: 'POST',
    url: `/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=${purpose}`,
    payload: body.payload,
    headers: { ...body.headers, ...authHeaders(token) },
  });
  if (response.statusCode !== 201) throw new Error(`upload of ${name}: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; url: string; thumbnail_url: string | null; transcode: string; same_content?: Array<{ id: number; name: string }> };
}

let members = 0;
/** A member of the demo project with a built-in role (made the first time), signed in. */
export async function memberWithRole(ctx: TestContext, username: string, builtin: 'visitor' | 'editor' | 'admin') {
  const { db } = ctx.database;
  const [existing] = await db.select().from(users).where(eq(users.username, username));
  if (!existing) {
    const mobile = `13${String(Date.now()).slice(-6)}${String((members += 1) % 1000).padStart(3, '0')}`;
    const [user] = await db.insert(users).values({ username, mobile, nickname: username, passwordHash: await hashPassword('member-pass1') }).returning();
    await db.insert(organizationMembers).values({ organizationUuid: DEMO.organizationUuid, userUuid: user.uuid, roleId: null });
    const [role] = await db.select().from(roles).where(and(eq(roles.projectUuid, DEMO.projectUuid), eq(roles.builtin, builtin)));
    await db.insert(projectMembers).values({ projectUuid: DEMO.projectUuid, userUuid: user.uuid, roleId: role.id });
  }
  return login(ctx.app, username, 'member-pass1');
}

/** A user of a second organization, signed in, with a project of its own (`base`: its report-service path). */
export async function rivalOrganization(ctx: TestContext, username = 'rival') {
  await ctx.database.db.insert(users).values({ username, passwordHash: await hashPassword('rival-pass1') });
  const token = await login(ctx.app, username, 'rival-pass1');
  const made = await ctx.app.inject({ method: 'POST', url: '/api/organization/v1/organizations/', headers: authHeaders(token), payload: { name: `${username} 的企业` } });
  if (made.statusCode !== 201) throw new Error(`organization of ${username}: ${made.statusCode} ${made.body}`);
  const project = (await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(token), payload: { name: `${username} 的项目` } })).json();
  return { token, projectUuid: project.uuid as string, base: `/studio/report/api/report/projects/${project.uuid}` };
}

/** Asks `probe` every 100 ms until `done` holds, and answers that value; throws naming `what` after `seconds`. */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
