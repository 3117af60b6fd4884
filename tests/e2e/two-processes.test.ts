import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { REGION_PAYLOAD_KEYS, type RegionNode } from '../../contract/results';
import { openDatabase } from '../../server/db/client';
import { s3Storage } from '../../server/lib/storage/s3';
import { sweepOrphans } from '../../server/modules/uploads/storage-gc';
import { adminQuery, databaseUrl } from '../server/admin-query';
import { startObjectStore, type ObjectStore } from '../support/object-store';
import { startServer, tempDataDir, type ServerProcess } from '../support/server-process';
import { DEMO_PROJECT } from './browser';
import { onePagePdf, REPORT_COVER } from './files';

/** PostgreSQL is at this address on every machine and in CI. */
const POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const REPORTS = `/studio/report/api/report/projects/${DEMO_PROJECT}`;
const RESULTS = `/studio/report/api/oa_result/projects/${DEMO_PROJECT}/report`;
/** A killed process's running job is handed to another process after this long (default 300 s). */
const JOB_EXPIRE_SECONDS = 10;

const database = `two_processes_${randomBytes(4).toString('hex')}`;
const url = databaseUrl(POSTGRES, database);
const dataDirs = [tempDataDir(), tempDataDir()];
let store: ObjectStore;
let sql: pg.Pool;
let a: ServerProcess;
let b: ServerProcess;
let headers: Record<string, string>;

/** A call to one process as the demo user; the session is a row, so one sign-in serves both. */
async function call<T>(server: ServerProcess, path: string, init: RequestInit = {}): Promise<T> {
  const json: Record<string, string> = init.body && !(init.body instanceof FormData) ? { 'Content-Type': 'application/json' } : {};
  const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...headers, ...json, ...init.headers } });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}
const download = async (server: ServerProcess, path: string, extra: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, { headers: { ...headers, ...extra } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};
const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await sql.query<T>(text, values)).rows;

beforeAll(async () => {
  await adminQuery(POSTGRES, `create database ${database}`);
  sql = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection ended by the server must fail a query, not the test process.
  sql.on('error', () => undefined);
  store = await startObjectStore();
  const env = (dataDir: string) => ({
    ...store.env,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    CONNECTION_SECRET: 'ab'.repeat(32),
    JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
  });
  // Started together: both migrate and seed the same empty database at once.
  [a, b] = await Promise.all(dataDirs.map((dataDir) => startServer(env(dataDir))));
  const login = await fetch(`${a.url}/api/v1/user/account/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo123456' }),
  });
  const { token } = (await login.json()) as { token: string };
  headers = { Authorization: `Token ${token}` };
  const info = await call<{ organization_uuid: string }>(a, '/api/v1/user/info/');
  headers.Organization = info.organization_uuid;
});

afterAll(async () => {
  // A failed test may leave B paused, and a paused process does not act on SIGTERM.
  b?.child.kill('SIGCONT');
  await Promise.all([a?.stop('SIGKILL'), b?.stop()]);
  await sql?.end();
  await adminQuery(POSTGRES, `drop database if exists ${database} with (force)`);
  await store?.dispose();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL and one bucket', () => {
  it('started together, migrate the schema once and seed the demo once', async () => {
    const journal = JSON.parse(readFileSync('server/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const applied = await rows<{ hash: string; n: string }>('select hash, count(*) as n from drizzle.__drizzle_migrations group by hash');
    expect(applied).toHaveLength(journal.entries.length);
    expect(applied.every((row) => row.n === '1')).toBe(true);
    expect(await rows(`select count(*)::int as n from users where username = 'demo'`)).toEqual([{ n: 1 }]);
    // The demo project's first generations are queued by one of them only.
    expect(await rows(`select dimension_name as name from generation_jobs order by dimension_name`)).toEqual([{ name: '交通便捷' }, { name: '生态宜居' }]);
  });

  it('serves on B a report uploaded on A, whole and by range', async () => {
    const bytes = await onePagePdf('uploaded on A');
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), '两进程报告.pdf');
    const uploaded = await call<{ url: string }>(a, `/api/uploader/v1/projects/${DEMO_PROJECT}/file_upload/?purpose=report`, { method: 'POST', body: form });
    await call(a, `${REPORTS}/report/report_create/`, {
      method: 'POST',
      body: JSON.stringify({ name: '两进程报告', create_user: 'demo', cover: REPORT_COVER, file: uploaded.url, real_file_name: '两进程报告.pdf', labels: [], group_id: -1 }),
    });

    const listed = await call<{ result: { data: Array<{ name: string; file: string }> } }>(b, `${REPORTS}/report/report_list/?name=${encodeURIComponent('两进程报告')}`);
    expect(listed.result.data.map((item) => item.name)).toEqual(['两进程报告']);
    const file = new URL(listed.result.data[0].file, b.url).pathname;
    const whole = await download(b, file);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(Buffer.from(bytes))).toBe(true);
    const head = await download(b, file, { Range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.bytes.equals(Buffer.from(bytes).subarray(0, 100))).toBe(true);
  });

  it('joins a chunked upload whose chunks went to A and B in turn, completed on B', async () => {
    const original = Buffer.from(await onePagePdf(`chunked ${'x'.repeat(40)}`));
    const file = Buffer.concat([original, randomBytes(5000 - original.length)]);
    const size = 1000;
    const chunks = Math.ceil(file.length / size);
    for (let index = 0; index < chunks; index++) {
      const form = new FormData();
      const fields = { task_id: 'two-processes', chunk: String(index), chunks: String(chunks), size: String(file.length), name: '分片报告.pdf' };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([file.subarray(index * size, (index + 1) * size)]), 'blob');
      await call(index % 2 === 0 ? a : b, '/api/uploader/v2/index/', { method: 'POST', body: form });
    }
    const sha256 = createHash('sha256').update(file).digest('hex');
    const done = await call<{ url: string; size: number }>(b, '/api/uploader/v2/success/', {
      method: 'POST',
      body: JSON.stringify({ task_id: 'two-processes', id: 'WU_FILE_0', name: '分片报告.pdf', sha256 }),
    });
    expect(done.size).toBe(file.length);
    const fetched = await download(a, new URL(done.url, a.url).pathname);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(file)).toBe(true);
    expect(await rows(`select count(*)::int as n from upload_tasks`)).toEqual([{ n: 0 }]);
  });

  it('shows on B at once a label made and renamed on A', async () => {
    const names = async () => (await call<{ results: Array<{ name: string }> }>(b, `${REPORTS}/label/?name=${encodeURIComponent('两进程')}`)).results.map((label) => label.name);
    expect(await names()).toEqual([]);
    const made = await call<{ id: number }>(a, `${REPORTS}/label/`, { method: 'POST', body: JSON.stringify({ name: '两进程标签' }) });
    expect(await names()).toEqual(['两进程标签']);
    await call(a, `${REPORTS}/label/${made.id}/`, { method: 'PATCH', body: JSON.stringify({ name: '两进程标签改' }) });
    expect(await names()).toEqual(['两进程标签改']);
  });

  it('finishes on B a 成果 generation whose process A was killed midway, one report per region', { timeout: 240_000 }, async () => {
    // The demo's own generations go first, on both processes: A alone then starts on this one at once.
    const waitingRegions = async () => (await rows<{ n: number }>(`select count(*)::int as n from generation_regions where state not in ('done', 'failed')`))[0].n;
    await expect.poll(waitingRegions, { timeout: 120_000, interval: 500 }).toBe(0);
    // 健康舒适 is a community dimension: twenty of the demo warehouse's thirty communities.
    const [dimension] = await rows<{ id: number }>(`select id from labels where project_uuid = $1 and name = '健康舒适' and origin = '报告'`, [DEMO_PROJECT]);
    const [reportType] = await rows<{ id: number }>(`select id from labels where project_uuid = $1 and name = '年度体检报告'`, [DEMO_PROJECT]);
    const [group] = await rows<{ id: number }>(`select id from library_groups where project_uuid = $1 and kind = 'report' order by id limit 1`, [DEMO_PROJECT]);
    const [{ extra }] = await rows<{ extra: Record<string, string> }>(`select extra_info as extra from projects where uuid = $1`, [DEMO_PROJECT]);
    const tree = (await call<{ data: RegionNode[] }>(a, `${REPORTS}/investigation_scope/tree/?level_limit=5`)).data;
    const communities = (nodes: RegionNode[], path: string[] = []): string[][] =>
      nodes.flatMap((node) => (node.level === 5 ? [[...path, node.name]] : communities(node.children, [...path, node.name])));
    const regions = communities(tree).slice(0, 20);
    expect(regions).toHaveLength(20);
    // B is paused until A is killed, so every region job taken before then is A's.
    process.kill(b.child.pid!, 'SIGSTOP');
    try {
      const started = await call<{ data: { job_id: number } }>(a, `${RESULTS}/generate/`, {
        method: 'POST',
        body: JSON.stringify({
          data_list: regions.map((path) => Object.fromEntries(path.slice(2).map((name, i) => [REGION_PAYLOAD_KEYS[i], name]))),
          report_type: reportType.id,
          level: 5,
          level_label: dimension.id,
          report_project_uuid: DEMO_PROJECT,
          connection_id: Number(extra.connection_id),
          schema_name: extra.schema_name,
          database_name: extra.database_name ?? '',
          report_group_id: group.id,
        }),
      });
      const jobId = started.data.job_id;
      const states = async () =>
        Object.fromEntries((await rows<{ state: string; n: number }>(`select state, count(*)::int as n from generation_regions where job_id = $1 group by state`, [jobId])).map((row) => [row.state, row.n]));

      const activeJobs = () => rows<{ id: string }>(`select id from pgboss.job where name = 'results-generate' and state = 'active'`);
      await expect.poll(states, { timeout: 90_000, interval: 250 }).toSatisfy((count: Awaited<ReturnType<typeof states>>) => (count.done ?? 0) >= 1);
      // A is paused while the test looks, so the jobs it holds then are the ones it dies inside;
      // holding none at that moment (between two regions), it goes on a little and is looked at again.
      let interrupted: string[] = [];
      for (let look = 0; interrupted.length === 0; look++) {
        expect(look).toBeLessThan(600);
        process.kill(a.child.pid!, 'SIGSTOP');
        interrupted = (await activeJobs()).map((job) => job.id);
        if (interrupted.length === 0) {
          process.kill(a.child.pid!, 'SIGCONT');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      const before = await states();
      expect(before.done).toBeLessThan(20);
      await a.stop('SIGKILL');
      const killedAt = Date.now();
      process.kill(b.child.pid!, 'SIGCONT');

      await expect.poll(async () => (await states()).done, { timeout: 90_000, interval: 250 }).toBe(20);
      const after = await states();
      expect(after).toEqual({ done: 20 });
      console.info(`two-processes: ${before.done}/20 done when A was killed; B finished the rest in ${Math.round((Date.now() - killedAt) / 1000)} s`);
      const reports = await rows<{ n: number }>(`select count(*)::int as n from result_reports where dimension_label_id = $1 group by region`, [dimension.id]);
      expect(reports).toHaveLength(20);
      expect(reports.every((row) => row.n === 1)).toBe(true);
      const job = (await call<{ result: { data: Array<{ job_id: number; state: string; done: number; failed: number }> } }>(b, `${RESULTS}/generate/?pageSize=50`)).result.data.find(
        (row) => row.job_id === jobId,
      );
      expect(job).toMatchObject({ state: 'completed', done: 20, failed: 0 });
      // B takes up the jobs A died inside once they expire, and finishes them. A may have died after
      // writing its region and before completing the job: the region is done, and the job's retry,
      // which finds it done, may still be ahead.
      const retried = () => rows<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where id = any($1::uuid[])`, [interrupted]);
      await expect.poll(async () => (await retried()).map((row) => row.state), { timeout: 90_000, interval: 500 }).toEqual(interrupted.map(() => 'completed'));
      expect((await retried()).every((row) => row.retry_count >= 1)).toBe(true);
    } finally {
      // A failure while B is paused would leave it paused for the tests after this one.
      process.kill(b.child.pid!, 'SIGCONT');
    }
  });

  it('leaves an object no row names when B is killed between writing a file and recording it, which the sweep removes after the grace', async () => {
    const before = new Set(await store.keys());
    const added = async () => (await store.keys()).filter((key) => !before.has(key));
    // Holding this lock, the test makes the upload's transaction wait after its object is written.
    const lock = await sql.connect();
    await lock.query('begin');
    await lock.query('lock table stored_files in exclusive mode');
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await onePagePdf('killed before its row'))], { type: 'application/pdf' }), '被中断.pdf');
    const upload = call(b, `/api/uploader/v1/projects/${DEMO_PROJECT}/file_upload/?purpose=report`, { method: 'POST', body: form }).catch(() => 'killed');
    await expect.poll(async () => (await added()).length, { timeout: 20_000 }).toBe(1);
    const waiting = () => rows<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [database]);
    await expect.poll(async () => (await waiting())[0].n, { timeout: 20_000 }).toBeGreaterThan(0);
    await b.stop('SIGKILL');
    expect(await upload).toBe('killed');
    await lock.query('rollback');
    lock.release();

    const [orphan] = await added();
    const named = async () => new Set((await rows<{ key: string }>('select key from storage_objects')).map((row) => row.key));
    expect((await named()).has(orphan)).toBe(false);
    const cleaner = await openDatabase({ url, poolSize: 1 });
    try {
      const sweeper = { db: cleaner.db, storage: s3Storage(store.client, store.bucket) };
      await sweepOrphans(sweeper);
      expect(await store.keys()).toContain(orphan);
      // An hour on, every object left is one a row names.
      await sweepOrphans(sweeper, Date.now() + 61 * 60_000);
      const left = await store.keys();
      expect(left).not.toContain(orphan);
      const stillNamed = await named();
      expect(left.filter((key) => !stillNamed.has(key))).toEqual([]);
    } finally {
      await cleaner.close();
    }
  });
});
