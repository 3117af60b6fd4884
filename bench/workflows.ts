import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/client';
import { dagRuns, workflows, workflowVersions } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import type { TaskRunner, WorkflowDefinition } from '../server/modules/workflows/types';
import { alignColumns, median, withPostgres } from './harness';
import { definitionTask, orderLink } from '../tests/support/workflow-definitions';

const TASKS = 100;
const REPEATS = 5;
export const workflowsBudgetMs = () => 10 * 60_000;

const noop: TaskRunner = async () => ({ outputs: {}, log: '' });
const task = (name: string) => definitionTask(name);
const link = orderLink;

/** 1 → 98 parallel → 1. */
function wide(): Pick<WorkflowDefinition, 'tasks' | 'links'> {
  const middle = Array.from({ length: TASKS - 2 }, (_, i) => `mid_${i + 1}`);
  return { tasks: ['start', ...middle, 'end'].map(task), links: middle.flatMap((name) => [link('start', name), link(name, 'end')]) };
}

/** A chain of 100. */
function deep(): Pick<WorkflowDefinition, 'tasks' | 'links'> {
  const names = Array.from({ length: TASKS }, (_, i) => `step_${i + 1}`);
  return { tasks: names.map(task), links: names.slice(1).map((name, i) => link(names[i], name)) };
}

async function publish(database: Database, name: string, shape: Pick<WorkflowDefinition, 'tasks' | 'links'>): Promise<number> {
  const definition: WorkflowDefinition = { maxActiveTasks: 128, maxActiveRuns: 16, dependsOnPast: false, ...shape };
  const [workflow] = await database.db.insert(workflows).values({ projectUuid: DEMO.projectUuid, name, isValidDag: true, maxActiveTasks: 128 }).returning();
  const [version] = await database.db.insert(workflowVersions).values({ workflowId: workflow.id, version: 1, revision: 0, definition }).returning();
  await database.db.update(workflows).set({ versionId: version.id }).where(eq(workflows.id, workflow.id));
  return workflow.id;
}

/** A second server process on the same database, working the workflow queues with a no-op runner. */
async function startWorker(url: string): Promise<ChildProcess> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/workflow-worker.ts')], {
    cwd: root,
    env: { ...process.env, WORKER_DATABASE_URL: url, WORKER_RUNNER: 'noop', WORKER_HOSTNAME: 'second' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker process exited with ${code}`)));
  });
  return child;
}

interface Timing {
  seconds: number[];
  /** Share of the measured runs' tries the second process ran. */
  secondShare: number;
}


export async function workflowsBench(postgresUrl: string): Promise<string> {
  const rows: string[][] = [['shape', 'processes', 'runs', 'median s', 'tasks/s', 'tasks/s ratio', 'tries by the second']];
  const outcome = await withPostgres(postgresUrl, async (database) => {
    await seed(database.db);
    const [{ name }] = ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows;
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-workflows-'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', TZ: process.env.TZ }),
      database,
      webRoot: '/nonexistent',
      jobs: { pollSeconds: 0.2 },
      workflows: { runner: noop, schedulerSeconds: 60, hostname: 'first' },
    });
    await app.ready();
    let worker: ChildProcess | undefined;
    try {
      const token = (await app.inject({ method: 'POST', url: '/api/v1/user/account/login/', payload: { username: DEMO.username, password: DEMO.password } })).json().token as string;
      const shapes = { 'wide (1 → 98 → 1)': await publish(database, '宽', wide()), 'deep (chain of 100)': await publish(database, '深', deep()) };
      let logical = Date.UTC(2026, 0, 1);
      const timeRun = async (workflowId: number) => {
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: `/api/airflow/projects/${DEMO.projectUuid}/workflows/${workflowId}/dag_runs/`,
          headers: { authorization: `Token ${token}` },
          payload: { logical_date: new Date((logical += 60_000)).toISOString() },
        });
        if (response.statusCode !== 201) throw new Error(`trigger answered ${response.statusCode}: ${response.body}`);
        const id = response.json().id as number;
        for (;;) {
          const [run] = await database.db.select({ state: dagRuns.state }).from(dagRuns).where(eq(dagRuns.id, id));
          if (run.state === 'success') {
            const seconds = (performance.now() - started) / 1000;
            const [share] = ((await database.db.execute(sql`select avg((hostname = 'second')::int)::float as share from task_instances where dag_run_id = ${id}`)) as unknown as { rows: Array<{ share: number }> }).rows;
            return { seconds, share: Number(share.share) };
          }
          if (run.state === 'failed') throw new Error(`run ${id} failed`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const measure = async (): Promise<Record<string, Timing>> => {
        const timings: Record<string, Timing> = {};
        for (const [label, id] of Object.entries(shapes)) {
          await timeRun(id); // warm-up
          const measured = [];
          for (let i = 0; i < REPEATS; i++) measured.push(await timeRun(id));
          timings[label] = { seconds: measured.map((entry) => entry.seconds), secondShare: measured.reduce((sum, entry) => sum + entry.share, 0) / REPEATS };
        }
        return timings;
      };
      const one = await measure();
      worker = await startWorker(url.toString());
      const two = await measure();
      for (const label of Object.keys(shapes)) {
        const base = TASKS / median(one[label].seconds);
        for (const [processes, timing] of [[1, one[label]], [2, two[label]]] as const) {
          const perSecond = TASKS / median(timing.seconds);
          rows.push([label, String(processes), String(REPEATS), median(timing.seconds).toFixed(2), perSecond.toFixed(0), (perSecond / base).toFixed(2), `${(timing.secondShare * 100).toFixed(0)}%`]);
        }
      }
    } finally {
      if (worker && worker.exitCode === null) {
        const exited = new Promise((resolve) => worker!.once('exit', resolve));
        worker.kill('SIGTERM');
        await exited;
      }
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
  if (!outcome.ran) return `workflow runs: skipped (${outcome.reason})`;
  return [
    `workflow runs on PostgreSQL: ${TASKS} no-op tasks (an in-process runner), from the trigger to the run's success; median of ${REPEATS} after a warm-up run`,
    alignColumns(rows),
    'ratio = tasks/s / tasks/s of the same shape with one server process; the second process is a child process building the app on the same database',
  ].join('\n');
}
