import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, tempDataDir } from '../tests/support/server-process';
import { alignColumns, median, settled } from './harness';

const RESTARTS = 5;
/** What a bare Node HTTP server needs to answer: the floor of any start. */
const BARE_SERVER = "require('node:http').createServer((_, r) => r.end('ok')).listen(process.env.PORT, '127.0.0.1')";

/** Time the section may take: a first start with its build, the restarts, the bare starts. */
export const startBudgetMs = () => 120_000 + 2 * RESTARTS * 30_000;

/** Spawns `command` in its own process group and answers the seconds until `url` answers 200. */
async function timeToHealthy(command: string[], env: Record<string, string>, url: string): Promise<{ seconds: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'ignore', detached: true });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return { seconds: (performance.now() - started) / 1000, child };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Stops the whole group (npm, tsx, the server) and waits for the server to close the database. */
async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

async function start(command: string[], env: Record<string, string>, healthPath: string, { settle = false } = {}): Promise<number> {
  const port = String(await freePort());
  const { seconds, child } = await timeToHealthy(command, { ...env, PORT: port }, `http://127.0.0.1:${port}${healthPath}`);
  if (settle) await settled(child.pid!);
  await stop(child);
  return seconds;
}

/**
 * `npm start` to a healthy answer: first on a fresh data folder with the build stamp removed
 * (a fresh clone: build, database creation, migrations, demo data), then restarts on the
 * same data, against a bare Node server's start. The first start is left to finish the work it
 * queued (the demo's 成果 and text extraction), as a user's first start would before a restart.
 */
export async function startBench(): Promise<string> {
  const dataDir = tempDataDir();
  try {
    rmSync(path.join('dist', '.sources-hash'), { force: true });
    const npmStart = ['npm', 'start', '--silent'];
    const health = '/api/healthy/check/';
    const first = await start(npmStart, { DATA_DIR: dataDir }, health, { settle: true });
    const restarts: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < RESTARTS; round++) {
      restarts.push(await start(npmStart, { DATA_DIR: dataDir }, health));
      bare.push(await start([process.execPath, '-e', BARE_SERVER], {}, '/'));
    }
    const baseline = median(bare);
    const row = (label: string, seconds: number, most?: number) => [
      label,
      seconds.toFixed(2),
      most === undefined ? '' : most.toFixed(2),
      (seconds / baseline).toFixed(1),
    ];
    return [
      `Start  (npm start to GET ${health} answering 200; load average ${os.loadavg()[0].toFixed(1)} at the end)`,
      alignColumns([
        ['start', 'seconds (median)', 'max', 'ratio to a bare Node server'],
        row('first start: build, new database, demo data', first),
        row(`restart on the same data (${RESTARTS}×)`, median(restarts), Math.max(...restarts)),
        row(`bare node:http server (${RESTARTS}×, baseline)`, baseline, Math.max(...bare)),
      ]),
    ].join('\n');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
