import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { adminQuery, databaseUrl } from './admin-query';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Migrated databases each createTestApp starts from, without and with the demo data: on PGlite the
     * paths of data-folder tarballs, on PostgreSQL the names of template databases.
     */
    testDatabases: { empty: string; seeded: string };
  }
}

/**
 * Migrates (and seeds) once per run instead of once per test file: initdb, the migrations and the
 * seed were most of a server test file's set-up. Each file still gets a copy of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = project.config.env.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // Unique per run: other runs on the same server make and drop their own.
    const prefix = `test_template_${randomBytes(6).toString('hex')}`;
    const names = { empty: `${prefix}_empty`, seeded: `${prefix}_seeded` };
    await adminQuery(serverUrl, `create database "${names.empty}"`);
    await (await openDatabase({ url: databaseUrl(serverUrl, names.empty) })).close();
    await adminQuery(serverUrl, `create database "${names.seeded}" template "${names.empty}"`);
    const seeded = await openDatabase({ url: databaseUrl(serverUrl, names.seeded) });
    await seed(seeded.db);
    await seeded.close();
    project.provide('testDatabases', names);
    return async () => {
      for (const name of Object.values(names)) await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    };
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'report-workspace-test-db-'));
  const files = { empty: path.join(folder, 'empty.tar'), seeded: path.join(folder, 'seeded.tar') };
  const database = await openDatabase({});
  const dump = async (file: string) => writeFileSync(file, Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer()));
  await dump(files.empty);
  await seed(database.db);
  await dump(files.seeded);
  await database.close();
  project.provide('testDatabases', files);
  return async () => rmSync(folder, { recursive: true, force: true });
}
