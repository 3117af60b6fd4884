import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DagRun } from '../../contract/workflows';
import { taskInstances, workflows } from '../../server/db/schema';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

/** Task instances have 9 columns: 8,000 tasks make a run's insert of 72,000 parameters, beyond PostgreSQL's 65,535. */
const MAX_TASKS = 8000;
const BASE = `/api/airflow/projects/${DEMO.projectUuid}/workflows`;
const QUERY_PARAMS = { connection_id: 1, schema_name: 's', table_name: 't' };

let ctx: TestContext;
let admin: string;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, payload?: object) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(admin), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  // No task slots: these tests look at the runs made, and running 8,000 tries would keep PGlite busy for minutes.
  ctx = await createTestApp({ env: { WORKFLOW_MAX_TASKS: String(MAX_TASKS) }, app: { jobs: { pollSeconds: 0.2 }, workflows: { schedulerSeconds: 0.3, taskSlots: 0 } } });
  admin = await login(ctx.app);
}, 60_000);
afterAll(() => ctx.close());

async function makeWorkflow(name: string, tasks: number) {
  const [row] = await ctx.database.db.insert(workflows).values({ projectUuid: DEMO.projectUuid, name }).returning();
  await ctx.database.db.execute(sql`
    insert into workflow_tasks (workflow_id, name, operator, params)
    select ${row.id}, 'query_' || g, 'QueryOperator', ${JSON.stringify(QUERY_PARAMS)}::jsonb from generate_series(1, ${tasks}) g`);
  return row.id;
}

describe('a workflow at its task bound', () => {
  it(`takes tasks up to WORKFLOW_MAX_TASKS (${MAX_TASKS}), refuses one more, publishes, and a run gets a task instance each (one insert would bind 72,000 parameters)`, async () => {
    const id = await makeWorkflow('最大的工作流', MAX_TASKS - 1);
    const last = await call('POST', `${id}/tasks/`, { name: 'last', operator: 'QueryOperator', params: QUERY_PARAMS });
    expect(last.statusCode, last.body).toBe(201);
    const beyond = await call('POST', `${id}/tasks/`, { name: 'beyond', operator: 'QueryOperator', params: QUERY_PARAMS });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ code: 40000, message: `一个工作流最多有 ${MAX_TASKS} 个任务，本工作流已达上限，请删除不用的任务或拆分为多个工作流` });

    const published = await call('POST', `${id}/update_airflow_dag/`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 1, is_valid_dag: true });
    const triggered = await call('POST', `${id}/dag_runs/`, {});
    expect(triggered.statusCode, triggered.body).toBe(201);
    const run = triggered.json() as DagRun;
    const [{ total }] = await ctx.database.db.select({ total: count() }).from(taskInstances).where(eq(taskInstances.dagRunId, run.id));
    expect(total).toBe(MAX_TASKS);
  }, 120_000);
});

describe('two manual runs triggered in the same millisecond', () => {
  it('both succeed, with distinct dag_run_ids', async () => {
    const id = await makeWorkflow('同时触发的工作流', 1);
    expect((await call('POST', `${id}/update_airflow_dag/`)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00.123+08:00'));
    try {
      const answers = await Promise.all([call('POST', `${id}/dag_runs/`, {}), call('POST', `${id}/dag_runs/`, {})]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      const ids = answers.map((answer) => (answer.json() as DagRun).dag_run_id);
      expect(new Set(ids).size).toBe(2);
      expect(ids.every((runId) => runId.startsWith('manual__2026-11-25T10:00:00.12'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const list = await call('GET', `${id}/dag_runs/`);
    expect(list.json().count).toBe(2);
    // A logical date given twice is still refused.
    const given = { logical_date: '2026-01-01 00:00:00' };
    expect((await call('POST', `${id}/dag_runs/`, given)).statusCode).toBe(201);
    expect((await call('POST', `${id}/dag_runs/`, given)).json()).toMatchObject({ code: 40000, message: '该逻辑日期已有一次手动运行，请换一个逻辑日期' });
  });
});
