import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Database } from '../server/db/client';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { alignColumns, positiveInteger, withPglite, withPostgres, withServer, type LoadSettings } from './harness';

const BASE = `/studio/report/api/report/projects/${DEMO.projectUuid}`;
const CLIENTS = 200;
const UNIQUE_LABEL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'unique-label.cjs');
/** autocannon's default: a request unanswered this long counts as a timeout. */
const TIMEOUT_SECONDS = 10;

/** BENCH_LOAD_SECONDS (default 60): how long the 200 clients send. */
export const readLoadSeconds = (env: NodeJS.ProcessEnv) => positiveInteger(env, 'BENCH_LOAD_SECONDS', 60);

/** Time the load benchmark may take: per database two baselines and up to three loads, plus setup. */
export const loadBudgetMs = (settings: LoadSettings, loadSeconds: number) =>
  2 * ((2 * (settings.warmupSeconds + settings.seconds) + 3 * (loadSeconds + TIMEOUT_SECONDS)) * 1000 + 60_000);

interface Outcome {
  requestsPerSecond: number;
  okPerSecond: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  busy: number;
  /** Other answers than 2xx and 503. */
  failed: number;
  healthDuringMs: number;
  healthAfterMs: number;
}

/** During the load a full admission queue rightly makes the check answer 503 (not ready); after it, only 200 will do. */
async function healthMs(origin: string, duringLoad = false): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/healthy/check/`);
  await response.arrayBuffer();
  if (!response.ok && !(duringLoad && response.status === 503)) throw new Error(`health check answered ${response.status}`);
  return performance.now() - started;
}

const LIST = { method: 'GET', path: `${BASE}/report/report_list/?pageNo=1&pageSize=10` } as const;

/** What each client sends, in turn: the report list alone, or the list and a label create (a fresh name each time). */
type Mix = 'list' | 'mixed';
const requestsOf = (mix: Mix, headers: Record<string, string>): autocannon.Request[] =>
  mix === 'list'
    ? [LIST]
    : [LIST, { method: 'POST' as const, path: `${BASE}/label/`, headers: { ...headers, 'content-type': 'application/json' }, setupRequest: UNIQUE_LABEL as never }];

async function mixedLoad(origin: string, headers: Record<string, string>, connections: number, seconds: number, mix: Mix = 'mixed'): Promise<Outcome> {
  const running = autocannon({
    url: origin,
    headers,
    connections,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    workers: 1,
    requests: requestsOf(mix, headers),
  });
  // The health check as a monitor would send it: once a second during the load, once right after.
  let healthDuringMs = 0;
  let probing = true;
  const probe = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    while (probing) {
      healthDuringMs = Math.max(healthDuringMs, await healthMs(origin, true));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const result = await running;
  probing = false;
  const healthAfterMs = await healthMs(origin);
  await probe;
  const count = (status: number) => result.statusCodeStats?.[String(status) as keyof typeof result.statusCodeStats]?.count ?? 0;
  const busy = count(503);
  return {
    requestsPerSecond: result.requests.average,
    okPerSecond: result['2xx'] / seconds,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    busy,
    failed: result.non2xx - busy,
    healthDuringMs,
    healthAfterMs,
  };
}

interface Scenario {
  setting: string;
  env: NodeJS.ProcessEnv;
  mix: Mix;
}

interface DatabaseRun {
  baselines: Record<Mix, Outcome>;
  loads: Array<Scenario & { outcome: Outcome }>;
}

async function run(database: Database, settings: LoadSettings, loadSeconds: number, scenarios: Scenario[]): Promise<DatabaseRun> {
  await seed(database.db);
  const baseline = (mix: Mix) =>
    withServer(database, {}, async (origin, headers) => {
      await mixedLoad(origin, headers, settings.connections, settings.warmupSeconds, mix);
      return mixedLoad(origin, headers, settings.connections, settings.seconds, mix);
    });
  const baselines = { list: await baseline('list'), mixed: await baseline('mixed') };
  const loads = [];
  for (const scenario of scenarios) {
    const outcome = await withServer(database, scenario.env, (origin, headers) => mixedLoad(origin, headers, CLIENTS, loadSeconds, scenario.mix));
    loads.push({ ...scenario, outcome });
  }
  return { baselines, loads };
}

const MIX_LABEL: Record<Mix, string> = { list: 'report list', mixed: 'list + label create' };

/** 200 clients on the report list alone and mixing it with label creates, on PGlite (with and without the admission limit) and on PostgreSQL. */
export async function loadBench(settings: LoadSettings, loadSeconds: number, postgresUrl: string): Promise<string> {
  const pglite = await withPglite((database) =>
    run(database, settings, loadSeconds, [
      { setting: 'admission default', env: {}, mix: 'list' },
      { setting: 'admission off', env: { MAX_CONCURRENT_REQUESTS: '0' }, mix: 'mixed' },
      { setting: 'admission default', env: {}, mix: 'mixed' },
    ]),
  );
  const postgres = await withPostgres(postgresUrl, (database) =>
    run(database, settings, loadSeconds, [
      { setting: 'default (unlimited)', env: {}, mix: 'list' },
      { setting: 'default (unlimited)', env: {}, mix: 'mixed' },
    ]),
  );
  const runs: Array<[string, DatabaseRun | undefined]> = [['PGlite', pglite], ['PostgreSQL', postgres.ran ? postgres.value : undefined]];

  const ms = (value: number) => String(Math.round(value));
  const row = (database: string, mix: Mix, setting: string, outcome: Outcome, baseline: Outcome) => [
    database,
    MIX_LABEL[mix],
    setting,
    outcome.requestsPerSecond.toFixed(1),
    outcome.okPerSecond.toFixed(1),
    String(outcome.p99Ms),
    String(outcome.errors),
    String(outcome.timeouts),
    String(outcome.busy),
    String(outcome.failed),
    ms(outcome.healthDuringMs),
    ms(outcome.healthAfterMs),
    (outcome.okPerSecond / baseline.okPerSecond).toFixed(2),
    (outcome.p99Ms / baseline.p99Ms).toFixed(2),
  ];
  const body = runs.flatMap(([database, done]) =>
    done
      ? (['list', 'mixed'] as const).flatMap((mix) => [
          row(database, mix, `${settings.connections} clients (baseline)`, done.baselines[mix], done.baselines[mix]),
          ...done.loads
            .filter((load) => load.mix === mix)
            .map(({ setting, outcome }) => row(database, mix, `${CLIENTS} clients, ${setting}`, outcome, done.baselines[mix])),
        ])
      : [[database, 'skipped', '', '', '', '', '', '', '', '', '', '', '', '']],
  );
  return [
    `Load  (each client sends GET report/report_list/ alone, or alternates it with POST label/; baseline ${settings.connections} clients for ` +
      `${settings.seconds} s, load ${CLIENTS} clients for ${loadSeconds} s; a request unanswered after ${TIMEOUT_SECONDS} s is a timeout; ` +
      'health = GET /api/healthy/check/ once a second during the load (slowest) and right after)',
    alignColumns(
      [
        ['database', 'requests', 'run', 'req/s', '2xx/s', 'p99 (ms)', 'errors', 'timeouts', '503s', 'other non-2xx', 'health during (ms)', 'health after (ms)', '2xx/s ratio', 'p99 ratio'],
        ...body,
      ],
      3,
    ),
    'ratio = the run / the baseline on the same database in the same run; errors include the timeouts',
    ...(postgres.ran ? [] : [`PostgreSQL skipped: ${postgres.reason}`]),
  ].join('\n');
}
