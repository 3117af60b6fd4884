import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_OPERATOR_PARAMS, type ParamSpec, type ParamType } from '../../contract/workflows';
import { connections, generationJobs, generationRegions, libraryGroups, libraryItems, projectMembers, projects, resultReports, scripts, storedFiles, users, workflowLinks, workflows, workflowTasks, workflowVersions } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { DEMO_SCRIPT_NAME, DEMO_WORKFLOW_NAME } from '../../server/db/seed/demo-workflow';
import { MIME } from '../../server/lib/file-types';
import { newStorageKey } from '../../server/lib/storage';
import { defaultResultDeps, type ResultDeps } from '../../server/modules/results/deps';
import { renderResultReport } from '../../server/modules/results/report-pdf';
import { WORKFLOW_REPORT_GROUP } from '../../server/modules/workflows/engine/operators/report-operator';
import { createTaskRunner } from '../../server/modules/workflows/engine/task-runner';
import { TaskFailed, type TaskDefinition, type TaskRunRequest, type TaskRunResult, type TaskRunner } from '../../server/modules/workflows/types';
import { createTestApp, DEMO, memberWithRole, type TestContext } from './helpers';
import { processesWithArgument, sleepMarker } from './sandbox-helpers';

const FAST_QUEUE = { pollSeconds: 0.5, retryDelaySeconds: 0 };
// PWD: bubblewrap's, after it changed into the task folder.
const ENV_KEYS = ['DAG_RUN_ID', 'HOME', 'LANG', 'PATH', 'PWD', 'TASK_ID', 'TRY_NUMBER', 'TZ', 'WORKFLOW_ID'];

const spec = (field_name: string, type: ParamType, required = true): ParamSpec => ({ field_name, type, required, options: [], number_min: null, number_max: null, placeholder: '' });

/** A region with no indicators, and one whose report waits until released (to stop a task mid-way). */
const fakes: { empty: string | null; held: string | null; onHold: () => void; release: () => void } = { empty: null, held: null, onHold: () => undefined, release: () => undefined };
const resultDeps: Partial<ResultDeps> = {
  indicatorsOf: async (app, project, source, region, dimension, level) => (region.includes(fakes.empty!) ? [] : defaultResultDeps.indicatorsOf(app, project, source, region, dimension, level)),
  render: async (input) => {
    if (input.region.includes(fakes.held!)) {
      const released = new Promise<void>((resolve) => (fakes.release = resolve));
      fakes.onHold();
      await released;
    }
    return renderResultReport(input);
  },
};

let ctx: TestContext;
let run: TaskRunner;
let hadDatabaseUrl = false;

beforeAll(async () => {
  // Secrets in the server's environment, which no script may see.
  hadDatabaseUrl = process.env.DATABASE_URL !== undefined;
  process.env.DATABASE_URL ??= 'postgres://server:secret@127.0.0.1/app';
  process.env.TASK_RUNNER_TEST_SECRET = 'do-not-leak';
  ctx = await createTestApp({ app: { jobs: FAST_QUEUE, results: resultDeps } });
  run = createTaskRunner(ctx.app, resultDeps);
}, 60_000);
afterAll(async () => {
  fakes.release();
  delete process.env.TASK_RUNNER_TEST_SECRET;
  if (!hadDatabaseUrl) delete process.env.DATABASE_URL;
  await ctx.close();
});

/** Stores a script file as an upload does; answers its stored_files id. */
async function storeScript(fileName: string, content: string): Promise<number> {
  const key = newStorageKey();
  const stored = await ctx.app.storage.put(key, Readable.from([Buffer.from(content)]));
  const [file] = await ctx.database.db
    .insert(storedFiles)
    .values({ organizationUuid: DEMO.organizationUuid, projectUuid: DEMO.projectUuid, storageKey: key, name: fileName, size: stored.size, mime: MIME.script, sha256: stored.sha256 })
    .returning();
  return file.id;
}

function task(overrides: Partial<TaskDefinition>): TaskDefinition {
  return { name: 'task', operator: 'ScriptOperator', script: null, inputs: [], outputs: [], params: {}, runInputs: [], retries: 0, retryDelay: 0, timeout: 60, pool: 'default_pool', queue: 'default', ...overrides };
}

async function scriptTask(fileName: string, content: string, overrides: Partial<TaskDefinition> = {}): Promise<TaskDefinition> {
  const fileId = await storeScript(fileName, content);
  return task({ name: 'script_task', script: { id: 1, name: '测试脚本', fileId, fileName, dockerName: '', dockerTag: '' }, ...overrides });
}

function request(definition: TaskDefinition, inputs: Record<string, unknown> = {}, extra: Partial<TaskRunRequest> = {}): TaskRunRequest {
  return { projectUuid: DEMO.projectUuid, workflowId: 7, dagRunId: 'manual__2026-01-01T10:00:00+08:00', userUuid: null, task: definition, inputs, tryNumber: 1, signal: new AbortController().signal, ...extra };
}

/** The TaskFailed a try ends with. */
async function failure(attempt: Promise<TaskRunResult>): Promise<TaskFailed> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TaskFailed);
  return error as TaskFailed;
}

/** Task folders left in the temporary folder with a file that holds this token. */
function taskFoldersHolding(token: string): string[] {
  return readdirSync(os.tmpdir())
    .filter((name) => name.startsWith('workflow-task-'))
    .filter((name) => {
      try {
        return readFileSync(path.join(os.tmpdir(), name, 'left-behind.txt'), 'utf8') === token;
      } catch {
        return false;
      }
    });
}

describe('ScriptOperator', () => {
  it('runs node, python3 and sh scripts with the inputs on stdin and in inputs.json, and reads their outputs', async () => {
    const node = await scriptTask(
      'add.mjs',
      `import { readFileSync } from 'node:fs';
const inputs = JSON.parse(readFileSync(0, 'utf8'));
console.error('正在计算');
console.log(JSON.stringify({ total: inputs.a + inputs.b, label: '合计', extra: 'dropped' }));`,
      { inputs: [spec('a', 'integer'), spec('b', 'integer')], outputs: [spec('total', 'integer'), spec('label', 'string'), spec('note', 'string', false)] },
    );
    const added = await run(request(node, { a: 2, b: 40 }));
    expect(added.outputs).toEqual({ total: 42, label: '合计' });
    expect(added.log).toContain('正在计算');

    const python = await scriptTask(
      'greet.py',
      `import json, sys
inputs = json.load(sys.stdin)
with open('inputs.json', encoding='utf-8') as f:
    same = json.load(f) == inputs
print('处理中', file=sys.stderr)
print(json.dumps({'greeting': '你好，' + inputs['name'], 'same': same, 'at': '2026-01-01T08:00:00+08:00', 'ratio': 0.5}, ensure_ascii=False))`,
      { outputs: [spec('greeting', 'string'), spec('same', 'boolean'), spec('at', 'datetime'), spec('ratio', 'float')] },
    );
    expect((await run(request(python, { name: '示例' }))).outputs).toEqual({ greeting: '你好，示例', same: true, at: '2026-01-01T08:00:00+08:00', ratio: 0.5 });

    const shell = await scriptTask('check.sh', 'stdin=$(cat)\nif [ "$stdin" = "$(cat inputs.json)" ]; then same=true; else same=false; fi\necho "{\\"same\\": $same, \\"task\\": \\"$TASK_ID\\", \\"try\\": $TRY_NUMBER}"\n\n', {
      outputs: [spec('same', 'boolean'), spec('task', 'string'), spec('try', 'integer')],
    });
    expect((await run(request(shell, { city: '示例市' }, { tryNumber: 3 }))).outputs).toEqual({ same: true, task: 'script_task', try: 3 });
  });

  it('gives the script a clean environment: none of the server’s variables or secrets', async () => {
    expect(process.env.DATABASE_URL).toBeTruthy();
    const definition = await scriptTask('env.mjs', 'console.log(JSON.stringify({ env: JSON.stringify(process.env) }));', { outputs: [spec('env', 'string')] });
    const { outputs } = await run(request(definition, {}, { tryNumber: 2 }));
    const env = JSON.parse(outputs.env as string) as Record<string, string>;
    expect(Object.keys(env).sort()).toEqual(ENV_KEYS);
    expect(env).toMatchObject({ PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', TZ: 'Asia/Shanghai', WORKFLOW_ID: '7', DAG_RUN_ID: 'manual__2026-01-01T10:00:00+08:00', TASK_ID: 'script_task', TRY_NUMBER: '2' });
    expect(JSON.stringify(env)).not.toContain('secret');
    expect(JSON.stringify(env)).not.toContain('do-not-leak');
  });

  it('gives every try a fresh working folder at /work, its HOME, and removes it afterwards', async () => {
    const token = randomUUID();
    const definition = await scriptTask(
      'folder.mjs',
      `import { readdirSync, writeFileSync } from 'node:fs';
const files = readdirSync('.').sort();
writeFileSync('left-behind.txt', '${token}');
console.log(JSON.stringify({ cwd: process.cwd(), home: process.env.HOME, files: files.join(',') }));`,
      { outputs: [spec('cwd', 'string'), spec('home', 'string'), spec('files', 'string')] },
    );
    const first = (await run(request(definition))).outputs;
    const second = (await run(request(definition, {}, { tryNumber: 2 }))).outputs;
    for (const outputs of [first, second]) {
      expect(outputs).toEqual({ cwd: '/work', home: '/work', files: 'inputs.json,script.mjs' });
    }
    expect(taskFoldersHolding(token)).toEqual([]);
  });

  it('stops a script that runs past its timeout, with its child processes', async () => {
    const marker = sleepMarker();
    const definition = await scriptTask('sleep.sh', `sleep ${marker} &\necho "child started"\nwait\n`, { timeout: 1 });
    const failed = await failure(run(request(definition)));
    expect(failed.message).toBe('任务运行超过时限 1 秒，已停止');
    expect(failed.log).toContain('child started');
    expect(processesWithArgument(marker)).toEqual([]);
  });

  it('stops a script when the run is stopped', async () => {
    const definition = await scriptTask('wait.py', 'import time\nprint("started", flush=True)\ntime.sleep(120)\n');
    const controller = new AbortController();
    const attempt = run(request(definition, {}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 300);
    expect((await failure(attempt)).message).toBe('任务已被停止');
    const aborted = new AbortController();
    aborted.abort();
    expect((await failure(run(request(definition, {}, { signal: aborted.signal })))).message).toBe('任务已被停止');
  });

  it('fails on a non-zero exit, keeping what the script printed', async () => {
    const definition = await scriptTask('fail.sh', 'echo "读取数据"\necho "找不到文件 data.csv" >&2\nexit 3\n');
    const failed = await failure(run(request(definition)));
    expect(failed.message).toBe('脚本退出码 3');
    expect(failed.log).toContain('读取数据');
    expect(failed.log).toContain('找不到文件 data.csv');
  });

  it('fails when the outputs line is missing, not JSON, lacks a required field or has the wrong type', async () => {
    const outputs = [spec('count', 'integer'), spec('at', 'datetime', false)];
    const cases: Array<[string, string]> = [
      ['console.log("完成")', '脚本标准输出的最后一行不是 JSON 对象，读不到输出 count、at；请在最后一行打印如 {"count": …} 的 JSON'],
      ['console.log(JSON.stringify({ at: "2026-01-01" }))', '脚本没有输出必填的 count'],
      ['console.log(JSON.stringify({ count: "三" }))', '脚本输出 count 应为整数，实际是 "三"'],
      ['console.log(JSON.stringify({ count: 1.5 }))', '脚本输出 count 应为整数，实际是 1.5'],
      ['console.log(JSON.stringify({ count: 1, at: "昨天" }))', '脚本输出 at 应为ISO 8601 日期时间，实际是 "昨天"'],
    ];
    for (const [source, message] of cases) {
      const definition = await scriptTask('out.js', source, { outputs });
      expect((await failure(run(request(definition)))).message, source).toBe(message);
    }
    // A task without outputs needs no JSON line.
    const quiet = await scriptTask('quiet.sh', 'echo 完成\n');
    expect(await run(request(quiet))).toEqual({ outputs: {}, log: '完成\n' });
  });

  it('keeps the head and the tail of a log over 1 MB', async () => {
    const definition = await scriptTask('loud.py', 'print("开头")\nfor i in range(60000):\n    print("x" * 60)\nprint("结尾")\n');
    const { log } = await run(request(definition));
    expect(log.length).toBeLessThan(1.1 * 1024 * 1024);
    expect(log.startsWith('开头')).toBe(true);
    expect(log.trimEnd().endsWith('结尾')).toBe(true);
    expect(log).toMatch(/日志过长，中间省略 \d+ 字节/);
  });

  it('refuses other script types, and a Docker image without a Docker service', async () => {
    const r = await scriptTask('model.R', 'print(1)\n');
    expect((await failure(run(request(r)))).message).toBe('不支持的脚本类型 .r（支持 .py、.js、.mjs、.sh）');

    const docker = await scriptTask('in-image.py', 'print(1)\n');
    docker.script = { ...docker.script!, dockerName: 'python', dockerTag: '3.12-slim' };
    const before = process.env.DOCKER_HOST;
    // No daemon listens there: the runner asks `docker version`, which fails.
    process.env.DOCKER_HOST = `unix://${path.join(os.tmpdir(), 'no-docker-here.sock')}`;
    try {
      expect((await failure(run(request(docker)))).message).toBe('脚本需要在 Docker 镜像 python:3.12-slim 中运行，但本机没有可用的 Docker 服务');
      docker.script.dockerTag = '';
      expect((await failure(run(request(docker)))).message).toContain('Docker 镜像 python:latest 中运行');
    } finally {
      if (before === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = before;
    }
  });
});

const demoConnectionId = async () =>
  (await ctx.database.db.select({ id: connections.id }).from(connections).where(and(eq(connections.projectUuid, DEMO.projectUuid), eq(connections.name, '示例数据仓库'))))[0].id;
const query = task({ name: 'load', operator: 'QueryOperator', ...BUILTIN_OPERATOR_PARAMS.QueryOperator });

describe('QueryOperator', () => {
  it('reads a table of the demo warehouse through the demo connection', async () => {
    const connection_id = await demoConnectionId();
    const chosen = await run(request(query, { connection_id, schema_name: 'warehouse_demo', table_name: 'indicator_catalogue', columns: 'code, name', limit: 5 }));
    expect(chosen.outputs.row_count).toBe(5);
    const rows = JSON.parse(chosen.outputs.rows as string) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0])).toEqual(['code', 'name']);
    expect(chosen.log).toContain('从数据连接「示例数据仓库」读取表 warehouse_demo.indicator_catalogue（2 列：code、name），5 行');

    const all = await run(request(query, { connection_id, schema_name: 'warehouse_demo', table_name: 'investigation_scope' }));
    expect(all.outputs.row_count).toBe(1000);
    expect(Object.keys(JSON.parse(all.outputs.rows as string)[0])).toEqual(['id', '省名称', '城市名称', '区县名称', '街道名称', '社区名称', '小区名称', '楼栋号']);
  });

  it('refuses another project’s connection, missing tables and the server’s own schema', async () => {
    const connection_id = await demoConnectionId();
    const [other] = await ctx.database.db.insert(projects).values({ organizationUuid: DEMO.organizationUuid, name: '另一个项目' }).returning();
    const foreign = await failure(run(request(query, { connection_id, schema_name: 'warehouse_demo', table_name: 'indicator_value' }, { projectUuid: other.uuid })));
    expect(foreign.message).toBe(`数据连接 ${connection_id} 不存在`);
    expect((await failure(run(request(query, { connection_id, schema_name: 'warehouse_demo', table_name: 'nope' })))).message).toBe('数据表 warehouse_demo.nope 不存在');
    expect((await failure(run(request(query, { connection_id, schema_name: 'warehouse_demo', table_name: 'indicator_value', columns: 'value,secret' })))).message).toBe(
      '数据表 warehouse_demo.indicator_value 缺少列：secret',
    );
    expect((await failure(run(request(query, { connection_id, schema_name: 'public', table_name: 'users' })))).message).toBe(
      `内置数据仓库只能访问本项目的数据仓库（warehouse_demo、warehouse_${DEMO.projectUuid.replace(/-/g, '')}），不能访问 public`,
    );
  });
});

const report = task({ name: 'report', operator: 'ReportOperator', timeout: 120, ...BUILTIN_OPERATOR_PARAMS.ReportOperator });
const district = (name: string) => ['示例省', '示例市', name];

describe('ReportOperator', () => {
  let demoUuid: string;
  beforeAll(async () => {
    demoUuid = (await ctx.database.db.select().from(users).where(eq(users.username, DEMO.username)))[0].uuid;
  });
  /** A try of the report task in a run the demo user (the organization's owner) triggered. */
  const reportRequest = (inputs: Record<string, unknown>, extra: Partial<TaskRunRequest> = {}) => request(report, inputs, { userUuid: demoUuid, ...extra });

  it('generates a report for each region into the 工作流成果 group', async () => {
    const regions = [district('东湖区'), district('西山区')];
    const { outputs, log } = await run(reportRequest({ dimension: '生态宜居', regions: JSON.stringify(regions) }));
    expect(outputs.report_count).toBe(2);
    const made = await ctx.database.db.select().from(generationRegions).where(eq(generationRegions.jobId, outputs.generation_id as number));
    expect(made.map((row) => row.state)).toEqual(['done', 'done']);
    const items = await ctx.database.db
      .select({ name: libraryItems.name, group: libraryGroups.name, region: resultReports.region })
      .from(resultReports)
      .innerJoin(libraryItems, eq(libraryItems.id, resultReports.itemId))
      .innerJoin(libraryGroups, eq(libraryGroups.id, libraryItems.groupId))
      .where(inArray(libraryItems.id, made.map((row) => row.reportId!)));
    expect(items.map((item) => item.name).sort()).toEqual(['示例市东湖区-生态宜居体检报告', '示例市西山区-生态宜居体检报告']);
    expect(items.every((item) => item.group === WORKFLOW_REPORT_GROUP)).toBe(true);
    expect(log).toContain('报告类型「年度体检报告」');
    expect(log).toContain('示例省/示例市/东湖区：已生成报告');
  }, 60_000);

  it('fails with the reasons of the regions that got no report', async () => {
    fakes.empty = '北岸县';
    try {
      const failed = await failure(run(reportRequest({ dimension: '生态宜居', regions: JSON.stringify([district('东湖区'), district('北岸县')]) })));
      expect(failed.message).toBe('1 个区域未能生成报告（共 2 个），原因见日志');
      expect(failed.log).toContain('示例省/示例市/北岸县：未生成，北岸县没有「生态宜居」维度的体检指标');
    } finally {
      fakes.empty = null;
    }
  }, 60_000);

  it('refuses unknown dimensions, regions out of scope or at another level, with Chinese messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dimension: '不存在的维度', regions: JSON.stringify([district('东湖区')]) }, '输入 dimension「不存在的维度」不是本项目的体检维度标签'],
      [{ dimension: '生态宜居', regions: '东湖区' }, '输入 regions 不是合法的 JSON'],
      [{ dimension: '生态宜居', regions: JSON.stringify([['示例省', '示例市', '东湖区', '东湖街道']]) }, '输入 regions 第 1 项「示例省/示例市/东湖区/东湖街道」应为从省到区县级（第 3 级）的名称路径'],
      [{ dimension: '生态宜居', regions: JSON.stringify([district('不存在区')]) }, '输入 regions 第 1 个区域「不存在区」不在项目的调查范围中'],
      [{ dimension: '生态宜居', regions: JSON.stringify([district('东湖区')]), report_type: '周报' }, '输入 report_type「周报」不是本项目「报告类型」分组中的标签'],
    ];
    for (const [inputs, message] of cases) expect((await failure(run(reportRequest(inputs)))).message, message).toContain(message);
  });

  it('stops waiting when the run is stopped, and gives up the regions not yet made', async () => {
    fakes.held = '南城区';
    try {
      const controller = new AbortController();
      const attempt = run(reportRequest({ dimension: '生态宜居', regions: JSON.stringify([district('南城区')]) }, { signal: controller.signal }));
      fakes.onHold = () => controller.abort();
      const failed = await failure(attempt);
      expect(failed.message).toBe('任务已被停止');
      expect(failed.log).toContain('示例省/示例市/南城区：未生成，工作流任务已被停止，未生成');
    } finally {
      fakes.held = null;
      fakes.release();
    }
  }, 60_000);

  it('acts for the user who triggered the run, and fails when that user may not generate 成果 in the project', async () => {
    const regions = JSON.stringify([district('东湖区')]);
    const visitor = await memberWithRole(ctx, 'report_visitor', 'visitor');
    const editor = await memberWithRole(ctx, 'report_editor', 'editor');
    const uuidOf = async (username: string) => (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0].uuid;
    expect(visitor && editor).toBeTruthy();
    const refused = await failure(run(reportRequest({ dimension: '生态宜居', regions }, { userUuid: await uuidOf('report_visitor') })));
    expect(refused.message).toBe('用户「report_visitor」没有在本项目生成成果的权限，报告任务无法运行');

    const made = await run(reportRequest({ dimension: '生态宜居', regions }, { userUuid: await uuidOf('report_editor') }));
    expect(made.outputs.report_count).toBe(1);
    const [job] = await ctx.database.db.select().from(generationJobs).where(eq(generationJobs.id, made.outputs.generation_id as number));
    expect(job).toMatchObject({ requestedBy: await uuidOf('report_editor'), createUser: 'report_editor' });

    // No longer a member of the project.
    await ctx.database.db.delete(projectMembers).where(eq(projectMembers.userUuid, await uuidOf('report_editor')));
    const gone = await failure(run(reportRequest({ dimension: '生态宜居', regions }, { userUuid: await uuidOf('report_editor') })));
    expect(gone.message).toBe('用户「report_editor」已不是本项目的成员，报告任务无法运行');
    // A manual run whose user is gone has no one to act for: the organization's owner is not asked.
    const nobody = await failure(run(reportRequest({ dimension: '生态宜居', regions }, { userUuid: null })));
    expect(nobody.message).toContain('找不到代表本次运行生成成果的用户');
  }, 60_000);

  it('acts for the workflow\'s creator in a scheduled run', async () => {
    const [workflow] = await ctx.database.db.insert(workflows).values({ projectUuid: DEMO.projectUuid, name: '定时生成报告', createdBy: demoUuid }).returning();
    const made = await run(reportRequest({ dimension: '生态宜居', regions: JSON.stringify([district('西山区')]) }, { userUuid: null, workflowId: workflow.id, dagRunId: 'scheduled__2026-01-01T00:00:00+08:00' }));
    expect(made.outputs.report_count).toBe(1);
    await ctx.database.db.delete(workflows).where(eq(workflows.id, workflow.id));
  }, 60_000);
});


describe('the demo workflow', () => {
  it('is seeded once, published, and its tasks run in order end to end: reports for the two weakest districts', async () => {
    const db = ctx.database.db;
    await seed(db, { storage: ctx.app.storage });
    await seed(db, { storage: ctx.app.storage });
    const [workflow] = await db.select().from(workflows).where(eq(workflows.projectUuid, DEMO.projectUuid));
    expect(workflow).toMatchObject({ name: DEMO_WORKFLOW_NAME, isValidDag: true });
    expect(await db.select().from(workflows).where(eq(workflows.projectUuid, DEMO.projectUuid))).toHaveLength(1);
    expect(await db.select().from(scripts).where(eq(scripts.name, DEMO_SCRIPT_NAME))).toHaveLength(1);
    expect(await db.select().from(workflowTasks).where(eq(workflowTasks.workflowId, workflow.id))).toHaveLength(4);
    expect(await db.select().from(workflowLinks).where(eq(workflowLinks.workflowId, workflow.id))).toHaveLength(3);
    const [version] = await db.select().from(workflowVersions).where(eq(workflowVersions.id, workflow.versionId!));
    const { tasks, links } = version.definition;

    // The run engine's part, by hand: fixed params, then each linked upstream output.
    const outputs: Record<string, Record<string, unknown>> = {};
    const inputsOf = (definition: TaskDefinition) => {
      const inputs: Record<string, unknown> = { ...definition.params };
      for (const link of links.filter((edge) => edge.target === definition.name && edge.sourceParam)) inputs[link.targetParam] = outputs[link.source][link.sourceParam];
      return inputs;
    };
    for (const name of ['load_indicators', 'load_catalogue', 'summarize', 'generate_reports']) {
      const definition = tasks.find((candidate) => candidate.name === name)!;
      const result = await run(request(definition, inputsOf(definition), { workflowId: workflow.id, userUuid: null, dagRunId: 'scheduled__2026-01-01T00:00:00+08:00' }));
      outputs[name] = result.outputs;
    }

    expect(outputs.load_indicators.row_count).toBeGreaterThan(1000);
    expect(outputs.summarize.summary).toMatch(/^「生态宜居」维度 4 个区县平均达标率 \d+%，最低的是 /);
    const regions = JSON.parse(outputs.summarize.regions as string) as string[][];
    expect(regions).toHaveLength(2);
    expect(outputs.generate_reports.report_count).toBe(2);
    const made = await db.select().from(generationRegions).where(eq(generationRegions.jobId, outputs.generate_reports.generation_id as number));
    expect(made.map((row) => row.path)).toEqual(regions);
    const reports = await db.select().from(resultReports).where(inArray(resultReports.itemId, made.map((row) => row.reportId!)));
    expect(reports).toHaveLength(2);
    expect(reports.every((row) => row.indicatorsTotal > 0)).toBe(true);
  }, 120_000);

  it('counts 达标 in its log as the report does: an indicator with no value counts in the total and is not 达标 (东湖区)', async () => {
    const db = ctx.database.db;
    await seed(db, { storage: ctx.app.storage });
    const [workflow] = await db.select().from(workflows).where(eq(workflows.projectUuid, DEMO.projectUuid));
    const [version] = await db.select().from(workflowVersions).where(eq(workflowVersions.id, workflow.versionId!));
    const definitionOf = (name: string) => version.definition.tasks.find((candidate) => candidate.name === name)!;
    const extra = { workflowId: workflow.id, userUuid: null, dagRunId: 'scheduled__2026-01-02T00:00:00+08:00' };
    const rows = (await run(request(definitionOf('load_indicators'), definitionOf('load_indicators').params, extra))).outputs.rows;
    const catalogue = (await run(request(definitionOf('load_catalogue'), definitionOf('load_catalogue').params, extra))).outputs.rows;
    const summarized = await run(request(definitionOf('summarize'), { dimension: '生态宜居', rows, catalogue }, extra));

    const made = await run(request(definitionOf('generate_reports'), { dimension: '生态宜居', regions: JSON.stringify([district('东湖区')]) }, extra));
    const [region] = await db.select().from(generationRegions).where(eq(generationRegions.jobId, made.outputs.generation_id as number));
    const [report] = await db.select().from(resultReports).where(eq(resultReports.itemId, region.reportId!));
    // The demo warehouse has no value for one of 东湖区's six 生态宜居 indicators.
    expect([report.indicatorsMet, report.indicatorsTotal]).toEqual([4, 6]);
    expect(summarized.log).toContain('东湖区：达标 4 项 / 共 6 项（66.7%），1 项未达标，1 项暂无数据');
  }, 120_000);
});
