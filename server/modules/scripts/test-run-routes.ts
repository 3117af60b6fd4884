import type { Static } from '@sinclair/typebox';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParamSpec } from '../../../contract/workflows';
import { inProject, projectOf } from '../../access/gate';
import { currentUser } from '../../access/sessions';
import type { Db } from '../../db/client';
import { scriptTestRuns } from '../../db/schema';
import { formatDateTime } from '../../lib/dates';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors';
import { paramValueProblem } from '../workflows/engine/operators/outputs';
import { TaskLog } from '../workflows/engine/task-log';
import { createTaskRunner } from '../workflows/engine/task-runner';
import { TaskFailed, type TaskRunRequest } from '../workflows/types';
import { ioOf } from '../workflows/definitions/task-io';
import { findScript, listVersions, paramsOfScripts, type ScriptRow } from './queries';
import { ScriptIdParams, TestRun, TestRunParams, TestRunWrite } from './schemas';
import { failOrphanedTestRuns, OWNER_GONE_REASON, TEST_RUN_HEARTBEAT_MS, TEST_RUN_OWNER } from './test-run-liveness';
import { mayScript, SCRIPT_BASE, scriptTags } from './script-routes';

/** At most this many 试运行 of one project run at once. */
export const TEST_RUNS_PER_PROJECT = 2;
/** A 试运行 is stopped after this many seconds (a workflow task's default is an hour; a try-out is short). */
export const TEST_RUN_TIMEOUT_SECONDS = 300;

/** The sample inputs checked as a task's would be: required ones given, each of its type; keys the script does not declare dropped. */
function checkInputs(specs: ParamSpec[], given: Record<string, unknown>): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const spec of specs) {
    const value = Object.hasOwn(given, spec.field_name) ? given[spec.field_name] : undefined;
    if (value === undefined || value === null || value === '') {
      if (spec.required) missing.push(spec.field_name);
      continue;
    }
    const problem = paramValueProblem(spec, value);
    if (problem) throw badRequest(`输入 ${spec.field_name} ${problem}`);
    inputs[spec.field_name] = value;
  }
  if (missing.length > 0) throw badRequest(`缺少必填输入：${missing.join('、')}`);
  return inputs;
}

/**
 * 试运行: the script's current version run once with sample inputs by the workflow task runner
 * (the same ScriptOperator, so the same bubblewrap sandbox, limits and network rule), outside any
 * workflow. Its log is written about every second while it runs; the dialog polls the run.
 * Needs the edit permission: a try-out runs code of the caller's choosing, as saving would.
 */
export async function scriptTestRunRoutes(app: FastifyInstance): Promise<void> {
  const timeZone = app.config.timeZone;
  const runner = createTaskRunner(app);
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    for (const entry of running.values()) entry.controller.abort();
    await Promise.allSettled([...running.values()].map((entry) => entry.done));
  });

  const present = (row: typeof scriptTestRuns.$inferSelect) => ({
    id: row.id,
    script_id: row.scriptId,
    version: row.version,
    state: row.state as 'running' | 'success' | 'failed',
    inputs: row.inputs,
    outputs: row.outputs,
    reason: row.reason,
    log: row.log,
    started_at: formatDateTime(row.startedAt, timeZone)!,
    ended_at: formatDateTime(row.endedAt, timeZone),
  });

  /** Records the run, refused when the project already has TEST_RUNS_PER_PROJECT running; those left by a stopped process are marked failed first. */
  const claim = (projectUuid: string, values: Omit<typeof scriptTestRuns.$inferInsert, 'projectUuid'>) =>
    app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`script-test-run:${projectUuid}`}))`);
      await failOrphanedTestRuns(tx, { projectUuid });
      const [{ total }] = await tx
        .select({ total: count() })
        .from(scriptTestRuns)
        .where(and(eq(scriptTestRuns.projectUuid, projectUuid), eq(scriptTestRuns.state, 'running')));
      if (total >= TEST_RUNS_PER_PROJECT) throw tooManyRequests(`本项目同时最多进行 ${TEST_RUNS_PER_PROJECT} 个试运行，请等正在进行的试运行结束后再试`);
      const [row] = await tx.insert(scriptTestRuns).values({ ...values, projectUuid, owner: TEST_RUN_OWNER }).returning();
      return row;
    });

  /** Each heartbeat also writes the log when it grew; a run no longer `running` was taken as orphaned by another process, so it is stopped here. */
  const run = async (id: number, request: TaskRunRequest, log: TaskLog, controller: AbortController) => {
    let written = '';
    const heartbeat = async () => {
      const text = log.toString();
      const changed = text !== written;
      const renewed = await app.db
        .update(scriptTestRuns)
        .set({ heartbeatAt: sql`now()`, ...(changed ? { log: text } : {}) })
        .where(and(eq(scriptTestRuns.id, id), eq(scriptTestRuns.state, 'running')))
        .returning({ id: scriptTestRuns.id });
      if (changed) written = text;
      if (renewed.length === 0) controller.abort();
    };
    let pending: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (!pending) pending = heartbeat().catch(() => undefined).finally(() => (pending = null));
    }, TEST_RUN_HEARTBEAT_MS);
    let end: { state: 'success' | 'failed'; outputs: Record<string, unknown>; reason: string; log: string };
    try {
      const result = await runner(request);
      end = { state: 'success', outputs: result.outputs, reason: '', log: result.log };
    } catch (error) {
      const failed = error instanceof TaskFailed ? error : new TaskFailed(`试运行出错：${(error as Error).message}`, log.toString());
      end = { state: 'failed', outputs: {}, reason: closing ? OWNER_GONE_REASON : failed.message, log: failed.log || log.toString() };
    } finally {
      clearInterval(timer);
      await pending;
    }
    await app.db
      .update(scriptTestRuns)
      .set({ ...end, endedAt: sql`now()` })
      .where(and(eq(scriptTestRuns.id, id), eq(scriptTestRuns.state, 'running')))
      .catch((error: Error) => app.log.warn({ err: error, testRun: id }, 'test run end not recorded'));
  };

  const start = (project: { uuid: string }, script: ScriptRow, row: { id: number }, inputs: Record<string, unknown>, specs: { inputs: ParamSpec[]; outputs: ParamSpec[] }, userUuid: string) => {
    const controller = new AbortController();
    const log = new TaskLog();
    const request: TaskRunRequest = {
      projectUuid: project.uuid,
      workflowId: 0,
      dagRunId: `test_run_${row.id}`,
      userUuid,
      task: {
        name: 'test_run',
        operator: 'ScriptOperator',
        script: { id: script.id, name: script.name, fileId: script.fileId, fileName: script.fileName, dockerName: script.dockerName, dockerTag: script.dockerTag },
        inputs: specs.inputs,
        outputs: specs.outputs,
        params: {},
        runInputs: [],
        retries: 0,
        retryDelay: 0,
        timeout: TEST_RUN_TIMEOUT_SECONDS,
        pool: '',
        queue: '',
      },
      inputs,
      tryNumber: 1,
      signal: controller.signal,
      log,
    };
    const done = run(row.id, request, log, controller).finally(() => running.delete(row.id));
    running.set(row.id, { controller, done });
  };

  app.post<{ Params: Static<typeof ScriptIdParams>; Body: Static<typeof TestRunWrite> }>(
    `${SCRIPT_BASE}/:id/test_run/`,
    {
      config: inProject([mayScript('edit')]),
      schema: {
        tags: scriptTags,
        summary: `试运行：用示例输入在沙箱中运行脚本的当前版本（与工作流任务同样的沙箱和限制；每个项目同时最多 ${TEST_RUNS_PER_PROJECT} 个，每个最长 ${TEST_RUN_TIMEOUT_SECONDS} 秒）`,
        params: ScriptIdParams,
        body: TestRunWrite,
        response: { 201: TestRun },
      },
    },
    async (request, reply) => {
      const { project } = projectOf(request);
      const user = currentUser(request);
      const script = await findScript(app.db, project.uuid, request.params.id);
      const params = await paramsOfScripts(app.db, [script.id]);
      const specs = ioOf('ScriptOperator', params);
      const inputs = checkInputs(specs.inputs, request.body?.inputs ?? {});
      const version = (await listVersions(app.db, script.id)).find((row) => row.fileId === script.fileId)?.n ?? 0;
      const row = await claim(project.uuid, { scriptId: script.id, version, inputs, createdBy: user.uuid });
      start(project, script, row, inputs, specs, user.uuid);
      return reply.status(201).send(present(row));
    },
  );

  app.get<{ Params: Static<typeof TestRunParams> }>(
    `${SCRIPT_BASE}/:id/test_runs/:run_id/`,
    { config: inProject([mayScript('edit')]), schema: { tags: scriptTags, summary: '一次试运行的状态、输出和日志（运行中轮询）', params: TestRunParams, response: { 200: TestRun } } },
    async (request) => {
      const { project } = projectOf(request);
      await failOrphanedTestRuns(app.db, { projectUuid: project.uuid, id: request.params.run_id });
      const [row] = await app.db
        .select()
        .from(scriptTestRuns)
        .where(and(eq(scriptTestRuns.projectUuid, project.uuid), eq(scriptTestRuns.scriptId, request.params.id), eq(scriptTestRuns.id, request.params.run_id)));
      if (!row) throw notFound('试运行不存在');
      return present(row);
    },
  );
}
