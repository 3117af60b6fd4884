import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramSpec, type DagRun, type ParamSpec, type TaskInstance, type TaskState } from '../../contract/workflows';
import { and, eq } from 'drizzle-orm';
import { dagRuns, projects, taskInstances, workflows, workflowVersions } from '../../server/db/schema';
import { formatDateTime, parseDateTime } from '../../server/lib/dates';
import { ZOMBIE_MESSAGE } from '../../server/modules/workflows/engine/scheduler';
import { capLog } from '../../server/modules/workflows/engine/task-log';
import { nextDagrun } from '../../server/modules/workflows/definitions/schedule';
import { TaskFailed, type TaskRunner, type TaskRunRequest, type WorkflowDefinition } from '../../server/modules/workflows/types';
import { authHeaders, createTestApp, DEMO, login, memberWithRole, until, type TestContext } from './helpers';
import { definitionTask, orderLink } from '../support/workflow-definitions';

const TZ = 'Asia/Shanghai';
const ENGINE = { schedulerSeconds: 0.3, heartbeatSeconds: 0.3, zombieSeconds: 3 };

/** What each workflow's tries do, by workflow id; the default echoes its inputs. */
const behaviours = new Map<number, TaskRunner>();
const echo: TaskRunner = async (request) => ({
  outputs: Object.fromEntries(request.task.outputs.map((spec) => [spec.field_name, `${request.task.name}(${JSON.stringify(request.inputs)})`])),
  log: `${request.task.name} 运行\n`,
});
const runner: TaskRunner = (request) => (behaviours.get(request.workflowId) ?? echo)(request);

let ctx: TestContext;
let admin: string;
const base = (workflowId: number) => `/api/airflow/projects/${DEMO.projectUuid}/workflows/${workflowId}/dag_runs`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object) => ctx.app.inject({ method, url, headers: authHeaders(admin), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ app: { jobs: { pollSeconds: 0.2 }, workflows: { runner, ...ENGINE } } });
  admin = await login(ctx.app);
}, 60_000);
afterAll(() => ctx.close());

const spec = (field_name: string, extra: Partial<ParamSpec> = {}) => paramSpec(field_name, 'string', extra);

const task = definitionTask;

const chain = (...names: string[]) => names.slice(1).map((name, index) => orderLink(names[index], name));

let made = 0;
/** A published workflow of the demo project (rows as update_airflow_dag leaves them), with its behaviour. */
async function makeWorkflow(
  definition: Partial<WorkflowDefinition> & Pick<WorkflowDefinition, 'tasks'>,
  options: { behaviour?: TaskRunner; settings?: Partial<typeof workflows.$inferInsert>; projectUuid?: string } = {},
) {
  const full: WorkflowDefinition = { maxActiveTasks: 16, maxActiveRuns: 16, dependsOnPast: false, links: [], ...definition };
  const db = ctx.database.db;
  const [workflow] = await db
    .insert(workflows)
    .values({ projectUuid: options.projectUuid ?? DEMO.projectUuid, name: `工作流${(made += 1)}`, isValidDag: true, maxActiveRuns: full.maxActiveRuns, maxActiveTasks: full.maxActiveTasks, ...options.settings })
    .returning();
  const [version] = await db.insert(workflowVersions).values({ workflowId: workflow.id, version: 1, revision: 0, definition: full }).returning();
  await db.update(workflows).set({ versionId: version.id }).where(eq(workflows.id, workflow.id));
  if (options.behaviour) behaviours.set(workflow.id, options.behaviour);
  return workflow.id;
}

const trigger = async (workflowId: number, body: object = {}) => {
  const response = await call('POST', `${base(workflowId)}/`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as DagRun;
};
const getRun = async (workflowId: number, id: number) => (await call('GET', `${base(workflowId)}/${id}/`)).json() as DagRun;
const instances = async (workflowId: number, runId: number, query = '') => {
  const response = await call('GET', `${base(workflowId)}/${runId}/task_instances/list_task_instances/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as TaskInstance[];
};
const instance = async (workflowId: number, runId: number, idOrName: string | number) =>
  (await call('GET', `${base(workflowId)}/${runId}/task_instances/${idOrName}/`)).json() as TaskInstance & { log: string };

const finished = (workflowId: number, runId: number) => until(() => getRun(workflowId, runId), (run) => run.state === 'success' || run.state === 'failed', `run ${runId} to finish`);
const statesOf = async (workflowId: number, runId: number) => Object.fromEntries((await instances(workflowId, runId)).map((entry) => [entry.task_id, entry.state]));
const taskRunning = (workflowId: number, runId: number, name: string) =>
  until(() => statesOf(workflowId, runId), (states) => states[name] === 'running', `${name} to run`);

/** A runner that blocks every try until `release()`, or until the try is stopped (then it fails). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const stopped: string[] = [];
  const behaviour: TaskRunner = (request) =>
    new Promise((resolve, reject) => {
      request.signal.addEventListener('abort', () => {
        stopped.push(request.task.name);
        reject(new TaskFailed('已停止', `${request.task.name} 被停止\n`));
      });
      void opened.then(() => resolve({ outputs: {}, log: `${request.task.name} 完成\n` }));
    });
  return { behaviour, release: () => open(), stopped };
}

describe('a run of a workflow', () => {
  it('runs its tasks in order, passes an output along its link and the conf to a run input', async () => {
    const id = await makeWorkflow({
      tasks: [
        task('extract', { inputs: [spec('city', { required: true })], runInputs: ['city'], outputs: [spec('rows')], params: { city: '默认市' } }),
        task('transform', { inputs: [spec('rows', { required: true }), spec('mode')], params: { mode: 'fast' }, outputs: [spec('clean')] }),
        task('load'),
      ],
      links: [{ source: 'extract', target: 'transform', sourceParam: 'rows', targetParam: 'rows' }, ...chain('transform', 'load')],
    });
    const run = await trigger(id, { conf: { 'extract.city': '示例市' }, note: '第一次' });
    expect(run).toMatchObject({ state: 'queued', run_type: 'manual', external_trigger: true, conf: { 'extract.city': '示例市' }, triggered_by: expect.any(String), version: 1, dag_id: id, note: '第一次' });
    expect(run.dag_run_id).toMatch(/^manual__\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+08:00$/);
    expect(run.dag_run_id.startsWith(`manual__${run.logical_date.replace(' ', 'T')}`)).toBe(true);
    expect(run.logical_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(run.data_interval_start).toBe(run.logical_date);
    expect(run.data_interval_end).toBe(run.logical_date);

    const done = await finished(id, run.id);
    expect(done.state).toBe('success');
    expect(done.task_counts).toEqual({ success: 3 });
    expect(new Date(done.end_date!) >= new Date(done.start_date!)).toBe(true);
    const list = await instances(id, run.id);
    expect(list.map((entry) => [entry.task_id, entry.state, entry.try_number, entry.max_tries])).toEqual([
      ['extract', 'success', 1, 1],
      ['transform', 'success', 1, 1],
      ['load', 'success', 1, 1],
    ]);
    expect(list.every((entry) => !('log' in entry))).toBe(true);
    expect(list[0].outputs).toEqual({ rows: 'extract({"city":"示例市"})' });
    expect(list[1].outputs).toEqual({ clean: 'transform({"mode":"fast","rows":"extract({\\"city\\":\\"示例市\\"})"})' });
    expect(new Date(list[1].start_date!) >= new Date(list[0].end_date!)).toBe(true);
    const one = await instance(id, run.id, 'transform');
    expect(one.log).toMatch(/^\*\*\* 第 1 次尝试.*\*\*\*\ntransform 运行\n$/);
  });

  it('checks the conf against the run inputs of the published version', async () => {
    const id = await makeWorkflow({
      tasks: [
        task('a', {
          inputs: [spec('n', { type: 'integer', required: true, number_min: 1, number_max: 10 }), spec('kind', { options: ['日', '月'] }), spec('flag', { type: 'boolean' })],
          runInputs: ['n', 'kind', 'flag'],
        }),
      ],
    });
    const refused = async (conf: object) => {
      const response = await call('POST', `${base(id)}/`, { conf });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message as string;
    };
    expect(await refused({})).toBe('请填写运行参数 a.n');
    expect(await refused({ 'a.n': 'x' })).toBe('运行参数 a.n 应为整数');
    expect(await refused({ 'a.n': 1.5 })).toBe('运行参数 a.n 应为整数');
    expect(await refused({ 'a.n': 11 })).toBe('运行参数 a.n 不能大于 10');
    expect(await refused({ 'a.n': 0 })).toBe('运行参数 a.n 不能小于 1');
    expect(await refused({ 'a.n': 2, 'a.kind': '年' })).toBe('运行参数 a.kind 应为以下之一：日、月');
    expect(await refused({ 'a.n': 2, 'a.flag': 'yes' })).toBe('运行参数 a.flag 应为 true 或 false');
    expect(await refused({ 'a.n': 2, 'b.x': 1 })).toBe('运行参数 b.x 不存在：本工作流的运行参数为 a.n、a.kind、a.flag');
    const run = await trigger(id, { conf: { 'a.n': '3', 'a.flag': 'true' }, logical_date: '2026-01-02 03:04:05' });
    expect(run.conf).toEqual({ 'a.n': 3, 'a.flag': true });
    expect(run.logical_date).toBe('2026-01-02 03:04:05');
    const again = await call('POST', `${base(id)}/`, { conf: { 'a.n': 3 }, logical_date: '2026-01-01T19:04:05Z' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('该逻辑日期已有一次手动运行，请换一个逻辑日期');
    await finished(id, run.id);

    const [draft] = await ctx.database.db.insert(workflows).values({ projectUuid: DEMO.projectUuid, name: '未发布的工作流' }).returning();
    const unpublished = await call('POST', `${base(draft.id)}/`, {});
    expect(unpublished.statusCode).toBe(400);
    expect(unpublished.json().message).toBe('工作流尚未发布，请先发布');
  });
});

describe('failures, retries and clear', () => {
  it('retries a failing task, then fails it, its child upstream_failed and the run failed; clear re-runs the failed part', async () => {
    let failing = true;
    const tries: string[] = [];
    const id = await makeWorkflow(
      { tasks: [task('ok'), task('flaky', { retries: 1, retryDelay: 1 }), task('after')], links: chain('ok', 'flaky', 'after') },
      {
        behaviour: async (request) => {
          tries.push(`${request.task.name}#${request.tryNumber}`);
          if (request.task.name === 'flaky' && failing) throw new TaskFailed('退出码 1', `第 ${request.tryNumber} 次的输出\n`);
          return { outputs: {}, log: `${request.task.name} 好\n` };
        },
      },
    );
    const run = await trigger(id);
    const seen = new Set<TaskState>();
    await until(
      async () => {
        const states = await statesOf(id, run.id);
        seen.add(states.flaky);
        return states;
      },
      (states) => states.flaky === 'failed',
      'flaky to fail',
    );
    expect(seen.has('up_for_retry')).toBe(true);
    const failed = await finished(id, run.id);
    expect(failed.state).toBe('failed');
    expect(failed.task_counts).toEqual({ success: 1, failed: 1, upstream_failed: 1 });
    const flaky = await instance(id, run.id, 'flaky');
    expect(flaky).toMatchObject({ try_number: 2, max_tries: 2, state: 'failed' });
    expect(flaky.log).toContain('*** 第 1 次尝试');
    expect(flaky.log).toContain('第 1 次的输出\n*** 失败：退出码 1 ***');
    expect(flaky.log).toContain('*** 第 2 次尝试');
    expect(flaky.log).toContain('第 2 次的输出\n*** 失败：退出码 1 ***');
    expect(tries).toEqual(['ok#1', 'flaky#1', 'flaky#2']);

    failing = false;
    const cleared = await call('POST', `${base(id)}/${run.id}/clear/`, { only_failed: true });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().state).toBe('queued');
    const done = await finished(id, run.id);
    expect(done.state).toBe('success');
    expect(tries).toEqual(['ok#1', 'flaky#1', 'flaky#2', 'flaky#3', 'after#1']);
    const again = await instance(id, run.id, 'flaky');
    expect(again).toMatchObject({ try_number: 3, max_tries: 4, state: 'success' });
    expect(again.log).toContain('*** 第 3 次尝试');
    expect((await instance(id, run.id, 'ok')).try_number).toBe(1);
  });

  it('clears a whole run with PUT state queued', async () => {
    const id = await makeWorkflow({ tasks: [task('a'), task('b')], links: chain('a', 'b') });
    const run = await trigger(id);
    await finished(id, run.id);
    const response = await call('PUT', `${base(id)}/${run.id}/`, { state: 'queued' });
    expect(response.statusCode, response.body).toBe(200);
    await until(() => instance(id, run.id, 'b'), (entry) => entry.try_number === 2 && entry.state === 'success', 'the second try of b');
    expect((await finished(id, run.id)).state).toBe('success');
  });
});

describe('limits', () => {
  it('keeps a second run queued while max_active_runs 1 is taken', async () => {
    const { behaviour, release } = gate();
    const id = await makeWorkflow({ maxActiveRuns: 1, tasks: [task('only')] }, { behaviour });
    const first = await trigger(id, { logical_date: '2026-01-01 00:00:00' });
    await taskRunning(id, first.id, 'only');
    const second = await trigger(id, { logical_date: '2026-01-02 00:00:00' });
    await until(() => getRun(id, second.id), (run) => run.state === 'queued', 'the second run to be seen queued');
    expect((await getRun(id, first.id)).state).toBe('running');
    expect(await statesOf(id, second.id)).toEqual({ only: 'none' });
    release();
    const [one, two] = [await finished(id, first.id), await finished(id, second.id)];
    expect([one.state, two.state]).toEqual(['success', 'success']);
    expect(new Date(two.start_date!) >= new Date(one.end_date!)).toBe(true);
  });

  it('never runs more tasks of a workflow at once than max_active_tasks, and runs that many in parallel', async () => {
    const measure = (barrier: number) => {
      let now = 0;
      let most = 0;
      let arrived = 0;
      let all!: () => void;
      const together = new Promise<void>((resolve) => (all = resolve));
      const behaviour: TaskRunner = async (request: TaskRunRequest) => {
        now += 1;
        most = Math.max(most, now);
        if (request.task.name.startsWith('mid')) {
          arrived += 1;
          if (arrived === barrier) all();
          await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 1500))]);
        }
        now -= 1;
        return { outputs: {}, log: '' };
      };
      return { behaviour, most: () => most };
    };
    const wide = (maxActiveTasks: number) => ({
      maxActiveTasks,
      tasks: [task('start'), ...[1, 2, 3].map((n) => task(`mid${n}`)), task('end')],
      links: [1, 2, 3].flatMap((n) => [...chain('start', `mid${n}`), ...chain(`mid${n}`, 'end')]),
    });
    const one = measure(3);
    const narrow = await makeWorkflow(wide(1), { behaviour: one.behaviour });
    expect((await finished(narrow, (await trigger(narrow)).id)).state).toBe('success');
    expect(one.most()).toBe(1);

    const three = measure(3);
    const broad = await makeWorkflow(wide(3), { behaviour: three.behaviour });
    expect((await finished(broad, (await trigger(broad)).id)).state).toBe('success');
    expect(three.most()).toBe(3);
  });

  it('with depends_on_past, a task waits for the same task of the previous run', async () => {
    const { behaviour, release } = gate();
    const id = await makeWorkflow({ dependsOnPast: true, tasks: [task('a')] }, { behaviour });
    const first = await trigger(id, { logical_date: '2026-02-01 00:00:00' });
    await taskRunning(id, first.id, 'a');
    const second = await trigger(id, { logical_date: '2026-02-02 00:00:00' });
    await until(() => getRun(id, second.id), (run) => run.state === 'running', 'the second run to start');
    expect(await statesOf(id, second.id)).toEqual({ a: 'none' });
    release();
    expect((await finished(id, second.id)).state).toBe('success');
  });
});

describe('marking, deleting', () => {
  it('marks a run failed as Airflow does: the running try is stopped and failed, the tasks not started skipped', async () => {
    const { behaviour, stopped } = gate();
    const id = await makeWorkflow({ tasks: [task('a'), task('b')], links: chain('a', 'b') }, { behaviour });
    const run = await trigger(id);
    await taskRunning(id, run.id, 'a');
    const response = await call('PUT', `${base(id)}/${run.id}/`, { state: 'failed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'failed', task_counts: { failed: 1, skipped: 1 } });
    await until(async () => stopped, (names) => names.includes('a'), 'the try to be stopped');
    const a = await until(() => instance(id, run.id, 'a'), (entry) => entry.log.includes('a 被停止'), 'the stopped try log');
    expect(a.state).toBe('failed');
    expect(a.log).toContain('*** 运行被标记为失败，本次尝试已停止 ***');
  });

  it('marks a run success: every task instance success', async () => {
    const { behaviour } = gate();
    const id = await makeWorkflow({ tasks: [task('a'), task('b')], links: chain('a', 'b') }, { behaviour });
    const run = await trigger(id);
    await taskRunning(id, run.id, 'a');
    const response = await call('PUT', `${base(id)}/${run.id}/`, { state: 'success' });
    expect(response.json()).toMatchObject({ state: 'success', task_counts: { success: 2 } });
    const bogus = await call('PUT', `${base(id)}/${run.id}/`, { state: 'running' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toBe('运行状态只能是 success、failed、queued');
  });

  it('deletes a run with its task instances, stopping its running try', async () => {
    const { behaviour, stopped } = gate();
    const id = await makeWorkflow({ tasks: [task('a')] }, { behaviour });
    const run = await trigger(id);
    await taskRunning(id, run.id, 'a');
    const response = await call('DELETE', `${base(id)}/${run.id}/`);
    expect(response.statusCode).toBe(204);
    await until(async () => stopped, (names) => names.includes('a'), 'the try to be stopped');
    expect((await call('GET', `${base(id)}/${run.id}/`)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(taskInstances).where(eq(taskInstances.dagRunId, run.id))).toEqual([]);
  });

  it('lets the report editor see runs but not trigger, mark or delete them; a visitor sees no run nor task log', async () => {
    const editor = await memberWithRole(ctx, 'run_editor', 'editor');
    const visitor = await memberWithRole(ctx, 'run_visitor', 'visitor');
    const id = await makeWorkflow({ tasks: [task('a')] });
    const run = await trigger(id);
    const asUser = (token: string) => (method: Method, url: string, payload?: object) => ctx.app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });
    for (const url of [`${base(id)}/`, `${base(id)}/${run.id}/task_instances/a/`]) {
      const refused = await asUser(visitor)('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ code: 40301, message: '您没有「查看工作流运行」权限' });
    }
    const as = asUser(editor);
    expect((await as('GET', `${base(id)}/`)).statusCode).toBe(200);
    expect((await as('GET', `${base(id)}/${run.id}/task_instances/a/`)).statusCode).toBe(200);
    expect((await as('POST', `${base(id)}/`, {})).statusCode).toBe(403);
    expect((await as('PUT', `${base(id)}/${run.id}/`, { state: 'failed' })).statusCode).toBe(403);
    expect((await as('POST', `${base(id)}/${run.id}/clear/`, {})).statusCode).toBe(403);
    expect((await as('DELETE', `${base(id)}/${run.id}/`)).statusCode).toBe(403);
    await finished(id, run.id);
  });

  it("answers another project's workflow and run like missing ones", async () => {
    const [other] = await ctx.database.db.insert(projects).values({ organizationUuid: DEMO.organizationUuid, name: '别的项目' }).returning();
    const foreign = await makeWorkflow({ tasks: [task('a')] }, { projectUuid: other.uuid });
    const [version] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, foreign));
    const [run] = await ctx.database.db
      .insert(dagRuns)
      .values({ workflowId: foreign, versionId: version.id, dagRunId: 'manual__x', runType: 'manual', state: 'success', logicalDate: new Date() })
      .returning();
    const mine = await makeWorkflow({ tasks: [task('a')] });
    for (const [method, url] of [
      ['POST', `${base(foreign)}/`],
      ['GET', `${base(foreign)}/`],
      ['GET', `${base(foreign)}/${run.id}/`],
      ['GET', `${base(mine)}/${run.id}/`],
      ['PUT', `${base(foreign)}/${run.id}/`],
      ['POST', `${base(foreign)}/${run.id}/clear/`],
      ['DELETE', `${base(foreign)}/${run.id}/`],
      ['GET', `${base(foreign)}/${run.id}/task_instances/list_task_instances/`],
      ['GET', `${base(foreign)}/${run.id}/task_instances/a/`],
    ] as const) {
      const response = await call(method, url, method === 'PUT' ? { state: 'success' } : method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
    expect((await ctx.database.db.select().from(dagRuns).where(eq(dagRuns.id, run.id))).length).toBe(1);
  });
});

describe('the scheduler', () => {
  const midnight = (daysAgo: number) => {
    const today = parseDateTime(formatDateTime(new Date(), TZ)!.slice(0, 10), TZ)!;
    return new Date(today.getTime() - daysAgo * 86_400_000);
  };
  const scheduled = async (catchup: boolean) => {
    const settings = { schedule: '0 0 * * *', startDate: midnight(3), endDate: null, catchup };
    const id = await makeWorkflow(
      { tasks: [task('a')] },
      { settings: { ...settings, nextDagrun: nextDagrun(settings, null, new Date(), TZ) } },
    );
    return id;
  };
  /** A date as the server writes it, in its zone (Asia/Shanghai). */
  const shanghai = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
  const scheduledRuns = async (id: number) => (await call('GET', `${base(id)}/?order_by=execution_date`)).json().results as DagRun[];

  it('catches up every missed daily interval since start_date, then waits for the next', async () => {
    const id = await scheduled(true);
    const runs = await until(() => scheduledRuns(id), (list) => list.length === 3 && list.every((run) => run.state === 'success'), 'three scheduled runs');
    const iso = (date: Date) => new Date(date).toISOString();
    expect(runs.map((run) => [run.run_type, run.external_trigger, iso(shanghai(run.data_interval_start!)), iso(shanghai(run.data_interval_end!))])).toEqual([
      ['scheduled', false, iso(midnight(3)), iso(midnight(2))],
      ['scheduled', false, iso(midnight(2)), iso(midnight(1))],
      ['scheduled', false, iso(midnight(1)), iso(midnight(0))],
    ]);
    expect(runs[0].dag_run_id).toBe(`scheduled__${runs[0].logical_date.replace(' ', 'T')}+08:00`);
    expect(runs[0].triggered_by).toBe('');
    const [workflow] = await ctx.database.db.select().from(workflows).where(eq(workflows.id, id));
    expect(workflow.nextDagrun?.toISOString()).toBe(iso(midnight(0)));
  });

  it('without catchup makes only the latest complete interval', async () => {
    const id = await scheduled(false);
    const runs = await until(() => scheduledRuns(id), (list) => list.length === 1 && list[0].state === 'success', 'one scheduled run');
    expect(shanghai(runs[0].data_interval_start!).toISOString()).toBe(midnight(1).toISOString());
    const [workflow] = await ctx.database.db.select().from(workflows).where(eq(workflows.id, id));
    expect(workflow.nextDagrun?.toISOString()).toBe(midnight(0).toISOString());
  });

  it('makes no run for a paused workflow', async () => {
    const settings = { schedule: '0 0 * * *', startDate: midnight(2), endDate: null, catchup: true };
    const id = await makeWorkflow({ tasks: [task('a')] }, { settings: { ...settings, isPaused: true, nextDagrun: nextDagrun(settings, null, new Date(), TZ) } });
    const witness = await scheduled(false);
    await until(() => scheduledRuns(witness), (list) => list.length === 1, 'a run of the unpaused workflow');
    expect(await scheduledRuns(id)).toEqual([]);
  });
});

describe('a paused workflow', () => {
  const patch = (workflowId: number, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/airflow/projects/${DEMO.projectUuid}/workflows/${workflowId}/`, headers: authHeaders(admin), payload });

  it('keeps a manual run queued, its tasks untouched, until it is unpaused (as Airflow does); then the run goes on', async () => {
    const id = await makeWorkflow({ tasks: [task('a'), task('b')], links: chain('a', 'b') }, { settings: { isPaused: true } });
    const run = await trigger(id);
    expect(run.state).toBe('queued');
    // Several scheduler ticks and advance polls: nothing starts.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await getRun(id, run.id)).state).toBe('queued');
    expect(await statesOf(id, run.id)).toEqual({ a: 'none', b: 'none' });

    const unpaused = await patch(id, { is_paused: false });
    expect(unpaused.statusCode, unpaused.body).toBe(200);
    expect(unpaused.json()).toMatchObject({ is_paused: false, last_run_state: 'queued' });
    expect((await finished(id, run.id)).state).toBe('success');
    expect(await statesOf(id, run.id)).toEqual({ a: 'success', b: 'success' });
  });

  it('lets a run already running finish when paused meanwhile', async () => {
    const blocked = gate();
    const id = await makeWorkflow({ tasks: [task('a'), task('b')], links: chain('a', 'b') }, { behaviour: blocked.behaviour });
    const run = await trigger(id);
    await taskRunning(id, run.id, 'a');
    expect((await patch(id, { is_paused: true })).statusCode).toBe(200);
    blocked.release();
    expect((await finished(id, run.id)).state).toBe('success');
  });
});

describe('next_retry_at', () => {
  it('tells when an instance waiting to retry is tried next: the end of its failed try plus the retry delay', async () => {
    const id = await makeWorkflow(
      { tasks: [task('flaky', { retries: 2, retryDelay: 3600 }), task('after')], links: chain('flaky', 'after') },
      {
        behaviour: async (request) => {
          if (request.task.name === 'flaky') throw new TaskFailed('退出码 1', '失败了\n');
          return { outputs: {}, log: '' };
        },
      },
    );
    const run = await trigger(id);
    const [waiting] = await until(() => instances(id, run.id, '?state=up_for_retry'), (list) => list.length === 1, 'flaky to wait for its retry');
    expect(waiting.end_date).not.toBeNull();
    const expected = formatDateTime(new Date(parseDateTime(waiting.end_date!, TZ)!.getTime() + 3600_000), TZ);
    expect(waiting.next_retry_at).toBe(expected);
    expect((await instance(id, run.id, 'flaky')).next_retry_at).toBe(expected);
    // Not waiting to retry: none.
    expect((await instance(id, run.id, 'after')).next_retry_at).toBeNull();
    const marked = await call('PUT', `${base(id)}/${run.id}/`, { state: 'failed' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await instance(id, run.id, 'flaky')).next_retry_at).toBeNull();
  });
});

describe('dead workers', () => {
  it('hands the try of a worker whose heartbeat stopped to the retry rule', async () => {
    const id = await makeWorkflow({ tasks: [task('a', { retries: 1 })] });
    const [version] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, id));
    const [run] = await ctx.database.db
      .insert(dagRuns)
      .values({ workflowId: id, versionId: version.id, dagRunId: 'manual__dead', runType: 'manual', state: 'running', logicalDate: new Date(), startDate: new Date() })
      .returning();
    const longAgo = new Date(Date.now() - 3600_000);
    await ctx.database.db.insert(taskInstances).values({
      dagRunId: run.id,
      workflowId: id,
      taskId: 'a',
      state: 'running',
      tryNumber: 1,
      maxTries: 2,
      operator: 'ScriptOperator',
      pool: 'default_pool',
      queue: 'default',
      executionDate: run.logicalDate,
      startDate: longAgo,
      heartbeatAt: longAgo,
      hostname: 'dead-host',
      log: '*** 第 1 次尝试 ***\n',
    });
    expect((await finished(id, run.id)).state).toBe('success');
    const a = await instance(id, run.id, 'a');
    expect(a.try_number).toBe(2);
    expect(a.log).toContain(`*** ${ZOMBIE_MESSAGE} ***\n*** 第 2 次尝试`);
  });
});

describe('a task log', () => {
  it('keeps its head and tail past the limit and says how much was cut', () => {
    expect(capLog('short', 1000)).toBe('short');
    const capped = capLog(`${'头'.repeat(600)}${'中'.repeat(1000)}${'尾'.repeat(600)}`, 1000);
    expect(capped.length).toBeLessThan(1000);
    expect(capped.startsWith('头'.repeat(400))).toBe(true);
    expect(capped.endsWith('尾'.repeat(400))).toBe(true);
    expect(capped).toContain('（日志过长，中间省略 1400 个字符）');
  });
});

describe('the task instance list', () => {
  it('filters by duration, dates, pool, queue and state (several values at once), and finds one by id or name', async () => {
    const id = await makeWorkflow({ tasks: [task('a')] });
    const [version] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, id));
    const at = (text: string) => new Date(`${text}+08:00`);
    const [run] = await ctx.database.db
      .insert(dagRuns)
      .values({ workflowId: id, versionId: version.id, dagRunId: 'manual__list', runType: 'manual', state: 'failed', logicalDate: at('2026-03-01T00:00:00') })
      .returning();
    const rows: Array<[string, TaskState, number | null, string | null, string, string]> = [
      ['t1', 'success', 5, '2026-03-01T01:00:00', 'pool_a', 'q1'],
      ['t2', 'failed', 50, '2026-03-02T01:00:00', 'pool_b', 'q2'],
      ['t3', 'upstream_failed', null, null, 'pool_a', 'q2'],
      ['t4', 'success', 500, '2026-03-03T01:00:00', 'pool_c', 'q1'],
    ];
    await ctx.database.db.insert(taskInstances).values(
      rows.map(([taskId, state, duration, start, pool, queue], index) => ({
        dagRunId: run.id,
        workflowId: id,
        taskId,
        state,
        duration,
        startDate: start ? at(start) : null,
        endDate: start && duration !== null ? new Date(at(start).getTime() + duration * 1000) : null,
        pool,
        queue,
        operator: 'ScriptOperator' as const,
        executionDate: at(`2026-03-0${index + 1}T00:00:00`),
        tryNumber: 1,
        log: `${taskId} 的日志`,
      })),
    );
    const names = async (query: string) => (await instances(id, run.id, `?${query}`)).map((entry) => entry.task_id);
    expect(await names('')).toEqual(['t1', 't2', 't3', 't4']);
    expect(await names('duration_gte=50')).toEqual(['t2', 't4']);
    expect(await names('duration_lte=50')).toEqual(['t1', 't2']);
    expect(await names('start_date_gte=2026-03-02 00:00:00')).toEqual(['t2', 't4']);
    expect(await names('start_date_lte=2026-03-02T01:00:00%2B08:00')).toEqual(['t1', 't2']);
    expect(await names('end_date_gte=2026-03-02 01:01:00')).toEqual(['t4']);
    expect(await names('end_date_lte=2026-03-02 01:00:50')).toEqual(['t1', 't2']);
    expect(await names('execution_date_gte=2026-03-02&execution_date_lte=2026-03-03 00:00:00')).toEqual(['t2', 't3']);
    expect(await names('pool=pool_a')).toEqual(['t1', 't3']);
    expect(await names('pool=pool_b&pool=pool_c')).toEqual(['t2', 't4']);
    expect(await names('queue=q2')).toEqual(['t2', 't3']);
    expect(await names('queue=q1,q2')).toEqual(['t1', 't2', 't3', 't4']);
    expect(await names('state=success')).toEqual(['t1', 't4']);
    expect(await names('state=failed&state=upstream_failed')).toEqual(['t2', 't3']);
    expect(await names('state=failed,success&pool=pool_c')).toEqual(['t4']);
    expect(await names('limit=2&offset=1')).toEqual(['t2', 't3']);
    const wrong = await call('GET', `${base(id)}/${run.id}/task_instances/list_task_instances/?state=done`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('state 的值 done 不正确，可选：success、running、failed');
    const badDate = await call('GET', `${base(id)}/${run.id}/task_instances/list_task_instances/?start_date_gte=昨天`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toContain('start_date_gte 不是正确的日期时间');

    const t2 = await instance(id, run.id, 't2');
    expect(t2).toMatchObject({ task_id: 't2', state: 'failed', duration: 50, log: 't2 的日志', start_date: '2026-03-02 01:00:00' });
    expect((await instance(id, run.id, t2.id)).task_id).toBe('t2');
    expect((await call('GET', `${base(id)}/${run.id}/task_instances/${t2.id}/?task_id=t2`)).statusCode).toBe(200);
    const disagree = await call('GET', `${base(id)}/${run.id}/task_instances/${t2.id}/?task_id=t1`);
    expect(disagree.statusCode).toBe(400);
    expect((await call('GET', `${base(id)}/${run.id}/task_instances/t9/`)).statusCode).toBe(404);
  });
});

describe('the run list', () => {
  it('filters by dates and states (several at once) and orders by a field', async () => {
    const id = await makeWorkflow({ tasks: [task('a')] });
    const [version] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, id));
    const at = (text: string) => new Date(`${text}+08:00`);
    const rows: Array<[string, 'success' | 'failed' | 'queued', string | null, string | null]> = [
      ['2026-04-01T00:00:00', 'success', '2026-04-01T01:00:00', '2026-04-01T02:00:00'],
      ['2026-04-02T00:00:00', 'failed', '2026-04-02T01:00:00', '2026-04-02T03:00:00'],
      ['2026-04-03T00:00:00', 'queued', null, null],
    ];
    const made = await ctx.database.db
      .insert(dagRuns)
      .values(
        rows.map(([logical, state, start, end]) => ({
          workflowId: id,
          versionId: version.id,
          dagRunId: `manual__${logical}`,
          runType: 'manual' as const,
          state,
          logicalDate: at(logical),
          startDate: start ? at(start) : null,
          endDate: end ? at(end) : null,
        })),
      )
      .returning();
    await ctx.database.db.update(dagRuns).set({ state: 'queued' }).where(eq(dagRuns.id, made[2].id));
    const days = async (query: string) => {
      const response = await call('GET', `${base(id)}/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().results as DagRun[]).map((run) => run.logical_date.slice(8, 10));
    };
    expect(await days('')).toEqual(['03', '02', '01']);
    expect(await days('order_by=execution_date')).toEqual(['01', '02', '03']);
    expect(await days('order_by=-end_date&state=success,failed')).toEqual(['02', '01']);
    expect(await days('state=success&state=queued')).toEqual(['03', '01']);
    expect(await days('execution_date_gte=2026-04-02 00:00:00')).toEqual(['03', '02']);
    expect(await days('execution_date_lte=2026-04-02T00:00:00%2B08:00')).toEqual(['02', '01']);
    expect(await days('start_date_gte=2026-04-01 12:00:00')).toEqual(['02']);
    expect(await days('start_date_lte=2026-04-01 12:00:00')).toEqual(['01']);
    expect(await days('end_date_gte=2026-04-01 02:30:00')).toEqual(['02']);
    expect(await days('end_date_lte=2026-04-01 02:30:00')).toEqual(['01']);
    expect(await days('limit=1&offset=1')).toEqual(['02']);
    const page = (await call('GET', `${base(id)}/?limit=1`)).json();
    expect(page.count).toBe(3);
    expect(page.next).toContain('offset=1');
    const wrong = await call('GET', `${base(id)}/?state=paused`);
    expect(wrong.json().message).toBe('state 的值 paused 不正确，可选：queued、running、success、failed');
    expect((await call('GET', `${base(id)}/?order_by=note`)).statusCode).toBe(400);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker process killed mid-task (PostgreSQL)', () => {
  let other: TestContext;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    // This app runs no tries itself: only the second process can take the task.
    other = await createTestApp({ app: { jobs: { pollSeconds: 0.2 }, workflows: { runner, ...ENGINE, taskSlots: 0 } } });
  }, 60_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await other.close();
  });

  it('ends the run in a final state by the zombie rule', async () => {
    const root = path.resolve(__dirname, '../..');
    // node with tsx's loader, not the tsx command: that one runs the script in a child process of its own, which a kill would leave running.
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/workflow-worker.ts')], {
      cwd: root,
      env: { ...process.env, WORKER_DATABASE_URL: other.databaseUrl, WORKER_RUNNER: 'sleep' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    await until(async () => output, (text) => text.includes('ready'), 'the worker process to start', 60);

    const token = await login(other.app);
    const db = other.database.db;
    const [workflow] = await db.insert(workflows).values({ projectUuid: DEMO.projectUuid, name: '被杀的工作流', isValidDag: true }).returning();
    const definition: WorkflowDefinition = { maxActiveTasks: 16, maxActiveRuns: 16, dependsOnPast: false, tasks: [task('sleepy'), task('next')], links: chain('sleepy', 'next') };
    const [version] = await db.insert(workflowVersions).values({ workflowId: workflow.id, version: 1, revision: 0, definition }).returning();
    await db.update(workflows).set({ versionId: version.id }).where(eq(workflows.id, workflow.id));
    const url = `/api/airflow/projects/${DEMO.projectUuid}/workflows/${workflow.id}/dag_runs/`;
    const created = await other.app.inject({ method: 'POST', url, headers: authHeaders(token), payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    const runId = created.json().id as number;

    await until(async () => output, (text) => text.includes('started sleepy'), 'the worker process to take the task');
    // Marked failed here, the try in the other process is stopped: its worker sees it at its next heartbeat.
    const marked = await other.app.inject({ method: 'PUT', url: `${url}${runId}/`, headers: authHeaders(token), payload: { state: 'failed' } });
    expect(marked.json().state).toBe('failed');
    await until(async () => output, (text) => text.includes('stopped sleepy'), 'the other process to stop the try');

    const second = await other.app.inject({ method: 'POST', url, headers: authHeaders(token), payload: {} });
    const secondId = second.json().id as number;
    await until(
      () => db.select().from(taskInstances).where(eq(taskInstances.dagRunId, secondId)),
      (rows) => rows.some((row) => row.taskId === 'sleepy' && row.state === 'running'),
      'the worker process to take the second run',
    );
    child.kill('SIGKILL');

    const read = async () => (await other.app.inject({ method: 'GET', url: `${url}${secondId}/`, headers: authHeaders(token) })).json() as DagRun;
    const run = await until(read, (value) => value.state === 'failed' || value.state === 'success', 'the run to end');
    expect(run.state).toBe('failed');
    expect(run.task_counts).toEqual({ failed: 1, upstream_failed: 1 });
    const [dead] = await db.select().from(taskInstances).where(and(eq(taskInstances.dagRunId, secondId), eq(taskInstances.taskId, 'sleepy')));
    expect(dead.log).toContain(ZOMBIE_MESSAGE);
  }, 120_000);
});

describe('when a task instance was queued', () => {
  it('records queued_when as the advance queues it, before its start and after its upstream ended, and forgets it on clear', async () => {
    const id = await makeWorkflow({ tasks: [task('first'), task('second')], links: chain('first', 'second') });
    const run = await trigger(id);
    expect((await finished(id, run.id)).state).toBe('success');
    const rows = await ctx.database.db.select().from(taskInstances).where(eq(taskInstances.dagRunId, run.id));
    const byTask = Object.fromEntries(rows.map((row) => [row.taskId, row]));
    for (const row of rows) expect(row.queuedAt!.getTime()).toBeLessThanOrEqual(row.startDate!.getTime());
    // The second was queued only once the first had ended: its queued part is its own wait.
    expect(byTask.second.queuedAt!.getTime()).toBeGreaterThanOrEqual(byTask.first.endDate!.getTime());
    const answered = await instances(id, run.id);
    expect(answered.map((entry) => entry.queued_when)).toEqual(['first', 'second'].map((name) => formatDateTime(byTask[name].queuedAt, TZ)));

    expect((await call('POST', `${base(id)}/${run.id}/clear/`, {})).statusCode).toBe(200);
    const cleared = await ctx.database.db.select({ queuedAt: taskInstances.queuedAt, state: taskInstances.state }).from(taskInstances).where(eq(taskInstances.dagRunId, run.id));
    // Queued again at once by the advance, or not yet: never the old time.
    for (const row of cleared) expect(row.queuedAt === null || row.queuedAt.getTime() > byTask.second.startDate!.getTime()).toBe(true);
    expect((await finished(id, run.id)).state).toBe('success');
  });
});
