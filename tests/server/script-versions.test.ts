import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DagRun } from '../../contract/workflows';
import { organizations, projects, scripts, storedFiles } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { DEMO_SCRIPT_NAME } from '../../server/db/seed/demo-workflow';
import { authHeaders, createTestApp, DEMO, login, memberWithRole, until, uploadFile, type TestContext } from './helpers';

const SCRIPTS = `/api/script/projects/${DEMO.projectUuid}/scripts`;
const WORKFLOWS = `/api/airflow/projects/${DEMO.projectUuid}/workflows`;

let ctx: TestContext;
let admin: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = admin) => ctx.app.inject({ method, url, headers: authHeaders(token), ...(payload ? { payload } : {}) });
const ok = async (method: Method, url: string, payload?: object, status = 201) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};
let counter = 0;
async function makeScript(fileName: string, content: string) {
  const file = await uploadFile(ctx.app, admin, fileName, Buffer.from(content), 'script');
  return (await ok('POST', `${SCRIPTS}/`, { name: `版本脚本${(counter += 1)}`, file_path: file.url })) as { id: number; file_path: string; name: string };
}
const contentOf = async (id: number, n: number) => {
  const answer = await call('GET', `${SCRIPTS}/${id}/versions/${n}/content/`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  return answer.body;
};
type TestRun = { id: number; state: string; log: string; outputs: Record<string, unknown>; reason: string; version: number };
const testRun = (id: number, runId: number) => ok('GET', `${SCRIPTS}/${id}/test_runs/${runId}/`, undefined, 200) as Promise<TestRun>;
const finished = (id: number, runId: number) => until(() => testRun(id, runId), (run) => run.state !== 'running', `test run ${runId} to finish`, 60);

beforeAll(async () => {
  ctx = await createTestApp({ app: { jobs: { pollSeconds: 0.2 }, workflows: { schedulerSeconds: 0.3, heartbeatSeconds: 0.3, zombieSeconds: 60 } } });
  admin = await login(ctx.app);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('script versions', () => {
  it('records a version at creation, at a change of file and at each editor save, lists them newest first and answers each text', async () => {
    const script = await makeScript('ver.py', 'print("第一版")\n');
    const second = await uploadFile(ctx.app, admin, 'ver.py', Buffer.from('print("第二版")\n'), 'script');
    await ok('PATCH', `${SCRIPTS}/${script.id}/`, { file_path: second.url }, 200);
    // An edit that keeps the file makes no version.
    await ok('PATCH', `${SCRIPTS}/${script.id}/`, { docker_tag: '' }, 200);
    const saved = await ok('POST', `${SCRIPTS}/${script.id}/versions/`, { content: 'print("第三版，编辑器保存")\n', base_version: 2 });
    expect(saved).toMatchObject({ n: 3, current: true, size: Buffer.byteLength('print("第三版，编辑器保存")\n') });

    const versions = (await ok('GET', `${SCRIPTS}/${script.id}/versions/`, undefined, 200)) as Array<{ n: number; current: boolean; created_by: string | null; file_name: string }>;
    expect(versions.map((version) => version.n)).toEqual([3, 2, 1]);
    expect(versions.map((version) => version.current)).toEqual([true, false, false]);
    expect(versions.every((version) => version.created_by !== null && version.file_name === 'ver.py')).toBe(true);
    expect(await contentOf(script.id, 1)).toBe('print("第一版")\n');
    expect(await contentOf(script.id, 2)).toBe('print("第二版")\n');
    expect(await contentOf(script.id, 3)).toBe('print("第三版，编辑器保存")\n');
    // The script's own file is the new one.
    const current = await ok('GET', `${SCRIPTS}/${script.id}/`, undefined, 200);
    expect((await call('GET', current.file_path)).body).toBe('print("第三版，编辑器保存")\n');
    expect((await call('GET', `${SCRIPTS}/${script.id}/versions/9/content/`)).statusCode).toBe(404);

    // A save over an older version than the newest is refused, naming both.
    const stale = await call('POST', `${SCRIPTS}/${script.id}/versions/`, { content: 'print(0)\n', base_version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('第 3 版');
    // Two editors saving over version 3 at once: one becomes version 4, the other is refused.
    const racing = await Promise.all(['print("甲")\n', 'print("乙")\n'].map((content) => call('POST', `${SCRIPTS}/${script.id}/versions/`, { content, base_version: 3 })));
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(((await ok('GET', `${SCRIPTS}/${script.id}/versions/`, undefined, 200)) as Array<{ n: number }>)[0].n).toBe(4);

    // Deleting the script releases every version's file.
    const fileIds = (await ctx.database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.name, 'ver.py'))).map((row) => row.id);
    expect(fileIds.length).toBeGreaterThanOrEqual(3);
    expect((await call('DELETE', `${SCRIPTS}/${script.id}/`)).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.name, 'ver.py'))).toEqual([]);
  });

  it('gives the seeded demo script its version 1, readable in the code view', async () => {
    await seed(ctx.database.db, { storage: ctx.app.storage });
    const [demo] = await ctx.database.db.select().from(scripts).where(eq(scripts.name, DEMO_SCRIPT_NAME));
    const versions = (await ok('GET', `${SCRIPTS}/${demo.id}/versions/`, undefined, 200)) as Array<{ n: number; current: boolean }>;
    expect(versions).toMatchObject([{ n: 1, current: true }]);
    expect((await contentOf(demo.id, 1)).length).toBeGreaterThan(0);
  });

  it('refuses a save that is not UTF-8 text or is over the script size limit, in Chinese', async () => {
    const script = await makeScript('bin.sh', 'echo hi\n');
    // A lone surrogate has no UTF-8 form.
    const surrogate = await call('POST', `${SCRIPTS}/${script.id}/versions/`, { content: 'echo "\ud800"\n' });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().message).toBe('脚本文件须为 UTF-8 编码的文本，不能含二进制内容');
    // NUL bytes: refused for every request body before the route.
    const nul = await call('POST', `${SCRIPTS}/${script.id}/versions/`, { content: 'echo hi\n\u0000\u0001' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('请求内容不能包含空字符（\\u0000）');
    const big = await call('POST', `${SCRIPTS}/${script.id}/versions/`, { content: '#'.repeat(1024 * 1024 + 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('脚本文件不能超过 1MB!');
    expect(((await ok('GET', `${SCRIPTS}/${script.id}/versions/`, undefined, 200)) as unknown[]).length).toBe(1);
  });

  it('lets a reader see versions but only an editor of scripts save or try one', async () => {
    const script = await makeScript('perm.py', 'print(1)\n');
    const editor = await memberWithRole(ctx, 'version_reader', 'editor');
    expect((await call('GET', `${SCRIPTS}/${script.id}/versions/`, undefined, editor)).statusCode).toBe(200);
    expect((await call('GET', `${SCRIPTS}/${script.id}/versions/1/content/`, undefined, editor)).body).toBe('print(1)\n');
    const save = await call('POST', `${SCRIPTS}/${script.id}/versions/`, { content: 'print(2)\n' }, editor);
    expect(save.statusCode).toBe(403);
    expect(save.json().message).toBe('您没有「编辑脚本」权限');
    expect((await call('POST', `${SCRIPTS}/${script.id}/test_run/`, { inputs: {} }, editor)).statusCode).toBe(403);
  });

  it("answers another organization's script like a missing one", async () => {
    const { db } = ctx.database;
    const [organization] = await db.insert(organizations).values({ name: '别家的脚本企业' }).returning();
    const [project] = await db.insert(projects).values({ organizationUuid: organization.uuid, name: '别家的脚本项目' }).returning();
    const [file] = await db
      .insert(storedFiles)
      .values({ organizationUuid: organization.uuid, projectUuid: project.uuid, storageKey: 'elsewhere-key', name: 'x.py', size: 9, mime: 'text/plain; charset=utf-8', sha256: '0'.repeat(64) })
      .returning();
    const [foreign] = await db.insert(scripts).values({ projectUuid: project.uuid, name: '别家的', fileId: file.id }).returning();
    for (const id of [foreign.id, 999_999]) {
      const answers = [
        await call('GET', `${SCRIPTS}/${id}/versions/`),
        await call('GET', `${SCRIPTS}/${id}/versions/1/content/`),
        await call('POST', `${SCRIPTS}/${id}/versions/`, { content: 'print(1)\n' }),
        await call('POST', `${SCRIPTS}/${id}/test_run/`, { inputs: {} }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
      expect(answers.map((answer) => answer.json().message)).toEqual(['脚本不存在', '脚本不存在', '脚本不存在', '脚本不存在']);
    }
  });
});

describe('a workflow run', () => {
  it('records the script version each task ran: the one its workflow was published with', async () => {
    const script = await makeScript('which.py', 'import json\nprint(json.dumps({"v": 1}))\n');
    await ok('POST', `${SCRIPTS}/${script.id}/script_params/`, { direction: 'output', field_name: 'v', type: 'integer' });
    const workflow = await ok('POST', `${WORKFLOWS}/`, { name: '记录脚本版本' });
    await ok('POST', `${WORKFLOWS}/${workflow.id}/tasks/`, { name: 'which', operator: 'ScriptOperator', script_id: script.id });
    await ok('POST', `${WORKFLOWS}/${workflow.id}/update_airflow_dag/`, undefined, 200);
    const runOnce = async () => {
      const run = (await ok('POST', `${WORKFLOWS}/${workflow.id}/dag_runs/`, {})) as DagRun;
      await until(() => ok('GET', `${WORKFLOWS}/${workflow.id}/dag_runs/${run.id}/`, undefined, 200) as Promise<DagRun>, (shown) => shown.state === 'success' || shown.state === 'failed', `run ${run.id} to finish`, 60);
      return ok('GET', `${WORKFLOWS}/${workflow.id}/dag_runs/${run.id}/task_instances/which/`, undefined, 200) as Promise<{ state: string; outputs: object; script_version: number | null; log: string }>;
    };
    // Saved after publication: the published workflow still runs version 1.
    await ok('POST', `${SCRIPTS}/${script.id}/versions/`, { content: 'import json\nprint(json.dumps({"v": 2}))\n' });
    const first = await runOnce();
    expect(first.state, first.log).toBe('success');
    expect(first).toMatchObject({ outputs: { v: 1 }, script_version: 1 });
    await ok('POST', `${WORKFLOWS}/${workflow.id}/update_airflow_dag/`, undefined, 200);
    expect(await runOnce()).toMatchObject({ state: 'success', outputs: { v: 2 }, script_version: 2 });
  }, 120_000);
});

describe('试运行', () => {
  it("runs the script's current version in the sandbox with the sample inputs, its log readable while it runs", async () => {
    const source = [
      'import json, os, sys, time',
      'n = json.load(sys.stdin)["n"]',
      'print("开始计算", n, "uid", os.getuid(), "home", os.environ["HOME"], "db", "DATABASE_URL" in os.environ, flush=True)',
      'time.sleep(2.5)',
      'print("算完了", file=sys.stderr)',
      'print(json.dumps({"doubled": n * 2}))',
    ].join('\n');
    const script = await makeScript('double.py', 'print("旧版本")\n');
    await ok('POST', `${SCRIPTS}/${script.id}/versions/`, { content: source });
    await ok('POST', `${SCRIPTS}/${script.id}/script_params/`, { direction: 'input', field_name: 'n', type: 'integer', required: true });
    await ok('POST', `${SCRIPTS}/${script.id}/script_params/`, { direction: 'output', field_name: 'doubled', type: 'integer' });

    const missing = await call('POST', `${SCRIPTS}/${script.id}/test_run/`, { inputs: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('缺少必填输入：n');
    expect((await call('POST', `${SCRIPTS}/${script.id}/test_run/`, { inputs: { n: 'x' } })).json().message).toContain('输入 n 应为整数');

    const started = (await ok('POST', `${SCRIPTS}/${script.id}/test_run/`, { inputs: { n: 21 } })) as TestRun;
    expect(started).toMatchObject({ state: 'running', version: 2 });
    // The first line shows before the script ends.
    await expect.poll(async () => { const run = await testRun(script.id, started.id); return run.state === 'running' && run.log.includes('开始计算 21'); }, { timeout: 10_000, interval: 200 }).toBe(true);
    const run = await finished(script.id, started.id);
    expect(run.state, run.reason + run.log).toBe('success');
    expect(run.outputs).toEqual({ doubled: 42 });
    expect(run.log).toContain('算完了');
    // Inside bubblewrap: nobody, its folder as HOME, none of the server's environment.
    expect(run.log).toContain('uid 65534 home /work db False');
  }, 60_000);

  it('answers a failed run with its exit state, and allows two at once per project', async () => {
    const failing = await makeScript('fail.sh', 'echo 出错前 >&2\nexit 3\n');
    const failed = await finished(failing.id, ((await ok('POST', `${SCRIPTS}/${failing.id}/test_run/`, { inputs: {} })) as TestRun).id);
    expect(failed).toMatchObject({ state: 'failed', reason: '脚本退出码 3' });
    expect(failed.log).toContain('出错前');

    const slow = await makeScript('slow.sh', 'sleep 3\necho done\n');
    const one = (await ok('POST', `${SCRIPTS}/${slow.id}/test_run/`, { inputs: {} })) as TestRun;
    const two = (await ok('POST', `${SCRIPTS}/${slow.id}/test_run/`, { inputs: {} })) as TestRun;
    const third = await call('POST', `${SCRIPTS}/${slow.id}/test_run/`, { inputs: {} });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('本项目同时最多进行 2 个试运行，请等正在进行的试运行结束后再试');
    expect((await finished(slow.id, one.id)).state).toBe('success');
    expect((await finished(slow.id, two.id)).log).toContain('done');
    expect((await call('POST', `${SCRIPTS}/${slow.id}/test_run/`, { inputs: {} })).statusCode).toBe(201);
  }, 60_000);
});
