import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { dataDirStorage } from '../../server/lib/storage';
import { queueDemoGenerations } from '../../server/modules/results/demo-generation';

/**
 * Migrates and seeds a DATA_DIR as server.ts does, then lets the job queue do what a first start
 * leaves to it: the demo's 成果 generations and the text extraction of every report and material
 * (OCR included). Each browser test file's server starts on a copy and would otherwise do all of
 * it again in the background while its tests run: `tsx tests/e2e/prepare-data-dir.ts <dir>`.
 */
const [dataDir] = process.argv.slice(2);
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
const storage = dataDirStorage(dataDir);
await seed(database.db, { storage });
const app = await buildApp({ config: loadConfig({ ...process.env, DATA_DIR: dataDir }), database, storage, jobs: { pollSeconds: 1 } });
await app.ready();
await queueDemoGenerations(app);
const waiting = async () => {
  const result = await database.db.execute(sql`select
    (select count(*) from generation_regions where state = 'pending') + (select count(*) from library_item_contents where state = 'queued') as n`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
};
const deadline = Date.now() + 600_000;
while ((await waiting()) > 0) {
  if (Date.now() > deadline) throw new Error('演示数据的后台任务十分钟内没有完成');
  await new Promise((resolve) => setTimeout(resolve, 500));
}
await app.close();
await database.close();
