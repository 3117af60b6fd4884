import os from 'node:os';
import { sql } from 'drizzle-orm';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { alignColumns, median, positiveInteger, withPostgres, withServer } from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}/report`;
const BATCH = 1000;
const ROUNDS = 21;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'.padEnd(600, ' '));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads one file into the demo project and answers its URL. */
async function upload(origin: string, headers: Record<string, string>, name: string, bytes: Buffer, type: string, purpose: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${origin}/api/uploader/v1/projects/${DEMO.projectUuid}/file_upload/?purpose=${purpose}`, { method: 'POST', headers, body: form });
  if (response.status !== 201) throw new Error(`upload of ${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

/** BENCH_IMPORT_REPORTS (default 100000): how many reports the import creates, 1,000 per bulk_create. */
export const readImportCount = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_IMPORT_REPORTS', 100_000);

/** Time the section may take: the import at no slower than 500 reports a second, plus setup. */
export const bulkImportBudgetMs = (reports: number) => (reports / 500) * 1000 + 120_000;

interface Timing {
  pageMs: number;
  fetchMs: number;
  /** The load average when the pairs were done: the machine is shared. */
  load: number;
}

/** The first page and a primary-key fetch in turn, ROUNDS times each: the medians. */
async function firstPageAgainstFetch(origin: string, headers: Record<string, string>, itemId: number): Promise<Timing> {
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const page: number[] = [];
  const fetched: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    fetched.push(await timed(`${BASE}/${itemId}/`));
    page.push(await timed(`${BASE}/report_list/?pageNo=1&pageSize=20`));
  }
  return { pageMs: median(page), fetchMs: median(fetched), load: os.loadavg()[0] };
}

/**
 * A library imported through `bulk_create` on a fresh PostgreSQL database, then its first page
 * at once (before autovacuum could analyze the tables), against `GET report/{id}/` in turn; and
 * again after an ANALYZE of the whole database, as autovacuum would leave it a minute later.
 * Answers are not remembered, so each page runs its statement.
 */
export async function bulkImportBench(postgresUrl: string, reports: number): Promise<string> {
  const outcome = await withPostgres(postgresUrl, async (database) => {
    await seed(database.db);
    return withServer(database, { LIST_ANSWERS_REMEMBERED: '0' }, async (origin, headers) => {
      // Every report of the import names the same file and cover, as a sheet of one template would.
      const file = await upload(origin, headers, '体检报告.pdf', PDF, 'application/pdf', 'report');
      const cover = await upload(origin, headers, '封面.png', PNG, 'image/png', 'cover');
      const started = performance.now();
      let lastId = 0;
      for (let done = 0; done < reports; done += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, reports - done) }, (_, k) => ({ name: `导入报告${done + k}`, create_user: '导入', file, cover, real_file_name: '体检报告.pdf' }));
        const response = await fetch(`${origin}${BASE}/bulk_create/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(batch),
        });
        const answer = (await response.json()) as { data: Array<{ id: number }> };
        if (response.status !== 201) throw new Error(`bulk_create answered ${response.status}: ${JSON.stringify(answer)}`);
        lastId = answer.data.at(-1)!.id;
      }
      const importSeconds = (performance.now() - started) / 1000;
      const right = await firstPageAgainstFetch(origin, headers, lastId);
      await database.db.execute(sql`analyze`);
      const analyzed = await firstPageAgainstFetch(origin, headers, lastId);
      return { importSeconds, right, analyzed };
    });
  });
  if (!outcome.ran) return `Bulk import: PostgreSQL skipped: ${outcome.reason}`;
  const { importSeconds, right, analyzed } = outcome.value;
  const row = (label: string, timing: Timing) => [label, timing.pageMs.toFixed(1), timing.fetchMs.toFixed(1), (timing.pageMs / timing.fetchMs).toFixed(2), timing.load.toFixed(1)];
  return [
    `Bulk import  (${reports.toLocaleString('en')} reports through bulk_create of ${BATCH} on a fresh PostgreSQL database in ${importSeconds.toFixed(0)} s; ` +
      `then the first page of 20 and GET report/{id}/ in turn, ${ROUNDS}× each, medians)`,
    alignColumns([
      ['when', 'first page (ms)', 'fetch by id (ms, baseline)', 'ratio', 'load average'],
      row('right after the import', right),
      row('after ANALYZE', analyzed),
    ]),
  ].join('\n');
}
