import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp, type AppOptions } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { DEMO } from '../server/db/seed/demo-accounts';

export interface LoadSettings {
  seconds: number;
  connections: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}

/** BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10); warm-up is always 1 s. */
export function readSettings(env: NodeJS.ProcessEnv): LoadSettings {
  return {
    seconds: positiveInteger(env, 'BENCH_SECONDS', 10),
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 10),
    warmupSeconds: 1,
  };
}

export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeError(error.errors[0]);
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

/** Runs `fn` on a PGlite kept in a fresh folder under os.tmpdir(), removed afterwards. */
export async function withPglite<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-pglite-'));
  try {
    const database = await openDatabase({ pgliteDir: dir });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Waits (up to 5 s) until no session is connected to the database `name`. pg's Pool.end()
 * resolves before its connections are closed; a forced drop would terminate them, and the
 * pool, no longer listened to, would throw that error out of the process.
 */
async function closed(admin: pg.Client, name: string): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type PostgresOutcome<T> = { ran: true; value: T } | { ran: false; reason: string };

/**
 * Runs `fn` on a fresh database bench_<random> created on the server of `serverUrl` and
 * dropped (with force) afterwards. An unreachable server is reported, not thrown.
 */
export async function withPostgres<T>(serverUrl: string, fn: (database: Database) => Promise<T>): Promise<PostgresOutcome<T>> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return { ran: false, reason: describeError(error) };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database "${name}"`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        return { ran: true, value: await fn(database) };
      } finally {
        await database.close();
      }
    } finally {
      await closed(admin, name);
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

async function login(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/user/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO.username, password: DEMO.password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error('login answered without a token');
  return token;
}

async function fire(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  // One worker thread sends the load, so the client does not share the server's event loop.
  const result = await autocannon({ url, headers, connections, duration: seconds, workers: 1 });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts)`);
  }
  return result;
}

export interface MeasureOptions {
  database: Database;
  /** Path requested as the logged-in demo user, e.g. /api/project/v1/projects/. */
  path: string;
  settings: LoadSettings;
  /** Looks at one answer before the load; throws if it is not what the benchmark means to measure. */
  check?: (body: unknown) => void;
}

/**
 * Serves the app on 127.0.0.1:<free port> (`env` added to its settings), logs in as the demo
 * user, runs `fn` with the origin and the user's headers, closes the server.
 */
export async function withServer<T>(
  database: Database,
  env: NodeJS.ProcessEnv,
  fn: (origin: string, headers: Record<string, string>) => Promise<T>,
  options: Pick<AppOptions, 'jobs' | 'results'> = {},
): Promise<T> {
  const config = loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', TZ: process.env.TZ, ...env });
  const app = await buildApp({ config, database, logger: false, ...options });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return await fn(origin, { authorization: `Token ${await login(origin)}` });
  } finally {
    await app.close();
  }
}

/** Looks at one answer of `url`: `check` throws if it is not what the benchmark means to measure. */
export async function probe(url: string, headers: Record<string, string>, check?: (body: unknown) => void): Promise<void> {
  const answer = await fetch(url, { headers });
  if (!answer.ok) throw new Error(`${new URL(url).pathname} answered ${answer.status}: ${await answer.text()}`);
  check?.(await answer.json());
}

/** Looks at one answer of `url` (`probe`), warms up, measures. */
export async function load(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
  check?: (body: unknown) => void,
): Promise<LoadResult> {
  await probe(url, headers, check);
  await fire(url, headers, settings.connections, settings.warmupSeconds);
  const result = await fire(url, headers, settings.connections, settings.seconds);
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

const ALTERNATING_CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'alternating-client.mjs');

/**
 * One client at a time (autocannon in a worker thread, `alternating-client.mjs`), the urls requested in turn (a, b, a, b, …) for the measurement's
 * seconds after the warm-up: each url's cost measured beside the others' at the same moment,
 * however the machine's speed drifts, and its latency to a hundredth of a millisecond.
 * req/s is 1000 ÷ the url's mean latency.
 */
export async function alternate(urls: string[], headers: Record<string, string>, settings: LoadSettings): Promise<LoadResult[]> {
  const { origin } = new URL(urls[0]);
  const paths = urls.map((url) => url.slice(origin.length));
  const times = await new Promise<number[][]>((resolve, reject) => {
    const worker = new Worker(ALTERNATING_CLIENT, { workerData: { origin, paths, headers, seconds: settings.seconds, warmupSeconds: settings.warmupSeconds } });
    worker.once('message', resolve).once('error', reject);
  });
  return times.map((ms) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] * 100) / 100;
    const mean = ms.reduce((sum, one) => sum + one, 0) / ms.length;
    return { requestsPerSecond: 1000 / mean, p50Ms: at(0.5), p99Ms: at(0.99) };
  });
}

/** Serves the app, logs in, warms up, measures, closes the server. */
export async function measure({ database, path: requestPath, settings, check }: MeasureOptions): Promise<LoadResult> {
  return withServer(database, {}, (origin, headers) => load(`${origin}${requestPath}`, headers, settings, check));
}

export interface TableRow {
  label: string;
  result?: LoadResult;
  /** Shown instead of numbers when there is no result. */
  note?: string;
}

/** Rows side by side; ratios are each row divided by the first (the baseline). */
export function formatTable(rows: TableRow[]): string {
  const baseline = rows[0]?.result;
  const ratio = (value: number, base: number | undefined) => (base ? (value / base).toFixed(2) : '-');
  const header = ['database', 'req/s', 'p99 (ms)', 'req/s ratio', 'p99 ratio'];
  const body = rows.map(({ label, result, note }) =>
    result
      ? [
          label,
          result.requestsPerSecond.toFixed(1),
          String(result.p99Ms),
          ratio(result.requestsPerSecond, baseline?.requestsPerSecond),
          ratio(result.p99Ms, baseline?.p99Ms),
        ]
      : [label, note ?? 'no result', '', '', ''],
  );
  return alignColumns([header, ...body]);
}

export interface LatencyRow {
  /** The leading cells, e.g. database and request. */
  label: string[];
  result?: LoadResult;
  /** What the ratios divide by; a row without one is a baseline itself. */
  baseline?: LoadResult;
  note?: string;
}

/** req/s, p50 and p99 of each row, with ratios against the row's own baseline. */
export function formatLatencyTable(leading: string[], rows: LatencyRow[]): string {
  const ratio = (value: number, base: number) => (base ? (value / base).toFixed(2) : '-');
  const header = [...leading, 'req/s', 'p50 (ms)', 'p99 (ms)', 'req/s ratio', 'p50 ratio', 'p99 ratio'];
  const body = rows.map(({ label, result, baseline, note }) => {
    if (!result) return [...label, note ?? 'no result', '', '', '', '', ''];
    const base = baseline ?? result;
    return [
      ...label,
      result.requestsPerSecond.toFixed(1),
      String(result.p50Ms),
      String(result.p99Ms),
      ratio(result.requestsPerSecond, base.requestsPerSecond),
      ratio(result.p50Ms, base.p50Ms),
      ratio(result.p99Ms, base.p99Ms),
    ];
  });
  return alignColumns([header, ...body], leading.length);
}

/** Columns a terminal gives the text: CJK and full-width characters take two. */
const displayWidth = (text: string) =>
  [...text].reduce((sum, char) => sum + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1), 0);

/** Rows of cells as lines of columns: the first `left` (one unless told) left-aligned, the others right-aligned. */
export function alignColumns(rows: string[][], left = 1): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => displayWidth(row[i]))));
  const pad = (cell: string, i: number) => {
    const fill = ' '.repeat(widths[i] - displayWidth(cell));
    return i < left ? cell + fill : fill + cell;
  };
  return rows.map((row) => row.map(pad).join('  ').trimEnd()).join('\n');
}

/** CPU seconds used by process `pid` and every process of its group (Linux), or undefined elsewhere. */
function groupCpuSeconds(pid: number): number | undefined {
  try {
    let seconds = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ');
      // fields[2] is the process group; fields[11] and [12] user and system clock ticks.
      if (fields && (Number(entry) === pid || Number(fields[2]) === pid)) seconds += (Number(fields[11]) + Number(fields[12])) / 100;
    }
    return seconds;
  } catch {
    return undefined;
  }
}

/**
 * Waits (up to 60 s) until the server `pid` (with its process group: tsx, tesseract) has used
 * under 5 % of a core for 2 s: its start queues the demo's 成果 generations and text extraction.
 */
export async function settled(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  let last = groupCpuSeconds(pid);
  while (last !== undefined && Date.now() < deadline && quiet < 4) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = groupCpuSeconds(pid) ?? last;
    quiet = now - last < 0.025 ? quiet + 1 : 0;
    last = now;
  }
}
