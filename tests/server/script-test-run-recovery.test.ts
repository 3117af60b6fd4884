import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { scriptTestRuns, scriptVersions, storedFiles, workflows, workflowVersions } from '../../server/db/schema';
import { deleteUnusedObjects } from '../../server/modules/uploads/storage-gc';
import { failOrphanedTestRuns, OWNER_GONE_REASON, TEST_RUN_OWNER } from '../../server/modules/scripts/test-run-liveness';
import type { WorkflowDefinition } from '../../server/modules/workflows/types';
import { authHeaders, createTestApp, DEMO, login, uploadFile, type TestContext } from './helpers';
import { definitionTask } from '../support/workflow-definitions';

const SCRIPTS = `/api/script/projects/${DEMO.projectUuid}/scripts`;
const KEPT = 3;

let ctx: TestContext;
let admin: string;
type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: object) => ctx.app.inject({ method, url, headers: authHeaders(admin), ...(payload ? { payload } : {}) });
const ok = async (method: Method, url: string, payload?: object, status = 201) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};
type TestRun = { id: number; state: string; log: string; reason: string; ended_at: string | null };
const testRun = (scriptId: number, runId: number) => ok('GET', `${SCRIPTS}/${scriptId}/test_runs/${runId}/`, undefined, 200) as Promise<TestRun>;
let counter = 0;
async function makeScript(fileName: string, content: string) {
  const file = await uploadFile(ctx.app, admin, fileName, Buffer.from(content), 'script');
  return (await ok('POST', `${SCRIPTS}/`, { name: `恢复脚本${(counter += 1)}`, file_path: file.url })) as { id: number };
}
/** A 试运行 row as a process that has since died left it: running, its last heartbeat `secondsAgo` old. */
async function leftRunning(scriptId: number, secondsAgo: number) {
  const [row] = await ctx.database.db
    .insert(scriptTestRuns)
    .values({ projectUuid: DEMO.projectUuid, scriptId, version: 1, log: '开始\n', owner: 'gone-host:1', heartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .returning();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { SCRIPT_VERSIONS_KEPT: String(KEPT) } });
  admin = await login(ctx.app);
}, 120_000);
afterAll(() => ctx.close());

describe('a 试运行 whose process is gone', () => {
  it('is answered failed once its heartbeat is stale, while one with a fresh heartbeat stays running', async () => {
    const script = await makeScript('gone.sh', 'echo hi\n');
    const stale = await leftRunning(script.id, 60);
    const fresh = await leftRunning(script.id, 0);
    const answered = await testRun(script.id, stale);
    expect(answered).toMatchObject({ state: 'failed', reason: OWNER_GONE_REASON, ended_at: expect.any(String) });
    expect(answered.log).toBe(`开始\n\n*** ${OWNER_GONE_REASON} ***\n`);
    expect((await testRun(script.id, fresh)).state).toBe('running');
    await ctx.database.db.update(scriptTestRuns).set({ state: 'failed' }).where(eq(scriptTestRuns.id, fresh));
  });

  it('no longer holds one of the project’s two places: a new 试运行 starts at once', async () => {
    const script = await makeScript('places.sh', 'echo 占位\n');
    const left = [await leftRunning(script.id, 30), await leftRunning(script.id, 30)];
    const started = await call('POST', `${SCRIPTS}/${script.id}/test_run/`, { inputs: {} });
    expect(started.statusCode, started.body).toBe(201);
    const rows = await ctx.database.db.select({ state: scriptTestRuns.state }).from(scriptTestRuns).where(inArray(scriptTestRuns.id, left));
    expect(rows.map((row) => row.state)).toEqual(['failed', 'failed']);
    await expect.poll(async () => (await testRun(script.id, started.json().id)).state, { timeout: 30_000, interval: 200 }).toBe('success');
  }, 60_000);

  it('is renewed while its process runs it, and stopped there once another process took it as gone', async () => {
    const script = await makeScript('long.sh', 'echo 开始\nsleep 4\necho 不该出现\n');
    const run = (await ok('POST', `${SCRIPTS}/${script.id}/test_run/`, { inputs: {} })) as TestRun;
    await expect.poll(async () => (await testRun(script.id, run.id)).log, { timeout: 10_000, interval: 200 }).toContain('开始');
    const [row] = await ctx.database.db.select().from(scriptTestRuns).where(eq(scriptTestRuns.id, run.id));
    expect(row.owner).toBe(TEST_RUN_OWNER);
    await expect
      .poll(async () => (await ctx.database.db.select({ renewed: sql<boolean>`${scriptTestRuns.heartbeatAt} > ${scriptTestRuns.startedAt} + interval '1 second'` }).from(scriptTestRuns).where(eq(scriptTestRuns.id, run.id)))[0].renewed, { timeout: 5000, interval: 200 })
      .toBe(true);
    // Another process finds the heartbeat stale (as after a pause longer than the limit) and marks the run failed; the row lock makes the owner's next heartbeat come after.
    await ctx.database.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.select().from(scriptTestRuns).where(eq(scriptTestRuns.id, run.id)).for('update');
      await tx.update(scriptTestRuns).set({ heartbeatAt: sql`now() - interval '1 minute'` }).where(eq(scriptTestRuns.id, run.id));
      await failOrphanedTestRuns(tx, { projectUuid: DEMO.projectUuid, id: run.id });
    });
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const after = await testRun(script.id, run.id);
    expect(after).toMatchObject({ state: 'failed', reason: OWNER_GONE_REASON });
    expect(after.log).not.toContain('不该出现');
  }, 30_000);
});

describe('pruning script versions', () => {
  const save = (scriptId: number, content: string) => ok('POST', `${SCRIPTS}/${scriptId}/versions/`, { content }) as Promise<{ n: number }>;
  const fileOf = async (scriptId: number, n: number) =>
    (await ctx.database.db.select({ fileId: scriptVersions.fileId, key: storedFiles.storageKey }).from(scriptVersions).innerJoin(storedFiles, eq(storedFiles.id, scriptVersions.fileId)).where(and(eq(scriptVersions.scriptId, scriptId), eq(scriptVersions.n, n))))[0];

  it(`keeps the newest ${KEPT} versions and those a run recorded, and frees the others’ files`, async () => {
    const script = await makeScript('pruned.py', 'print("第1版")\n');
    await save(script.id, 'print("第2版")\n');
    await save(script.id, 'print("第3版")\n');
    const keys = new Map<number, string>();
    for (const n of [1, 2, 3]) keys.set(n, (await fileOf(script.id, n)).key);
    // Version 2 was tried out; version 3's file is what a published workflow version runs.
    await ctx.database.db.insert(scriptTestRuns).values({ projectUuid: DEMO.projectUuid, scriptId: script.id, version: 2, state: 'success' });
    const [workflow] = await ctx.database.db.insert(workflows).values({ projectUuid: DEMO.projectUuid, name: '保留版本的工作流', isValidDag: true }).returning();
    const script3 = { id: script.id, name: 'pruned', fileId: (await fileOf(script.id, 3)).fileId, fileName: 'pruned.py', dockerName: '', dockerTag: '' };
    const definition: WorkflowDefinition = { maxActiveTasks: 16, maxActiveRuns: 16, dependsOnPast: false, links: [], tasks: [definitionTask('run', { script: script3 })] };
    await ctx.database.db.insert(workflowVersions).values({ workflowId: workflow.id, version: 1, revision: 0, definition });

    for (let n = 4; n <= 8; n += 1) await save(script.id, `print("第${n}版")\n`);
    const versions = (await ok('GET', `${SCRIPTS}/${script.id}/versions/`, undefined, 200)) as Array<{ n: number }>;
    expect(versions.map((version) => version.n)).toEqual([8, 7, 6, 3, 2]);
    expect((await call('GET', `${SCRIPTS}/${script.id}/versions/1/content/`)).json().message).toBe('脚本版本不存在');
    expect((await call('GET', `${SCRIPTS}/${script.id}/versions/3/content/`)).body).toBe('print("第3版")\n');
    // The next save numbers on from the newest, not from the count.
    expect((await save(script.id, 'print("第9版")\n')).n).toBe(9);

    // The pruned versions' files lose their rows in the save's transaction; the storage sweep removes their contents.
    await deleteUnusedObjects(ctx.app);
    expect(await ctx.app.storage.size(keys.get(1)!)).toBeNull();
    expect(await ctx.app.storage.size(keys.get(2)!)).not.toBeNull();
    expect(await ctx.app.storage.size(keys.get(3)!)).not.toBeNull();
    const names = await ctx.database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.name, 'pruned.py'));
    expect(names.length).toBe(KEPT + 2);
  });

  it('prunes once when two saves race, leaving the newest versions and no stray file', async () => {
    const script = await makeScript('race.py', 'print(0)\n');
    for (let n = 2; n <= KEPT; n += 1) await save(script.id, `print(${n})\n`);
    const answers = await Promise.all(['print("甲")\n', 'print("乙")\n'].map((content) => call('POST', `${SCRIPTS}/${script.id}/versions/`, { content })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const versions = (await ok('GET', `${SCRIPTS}/${script.id}/versions/`, undefined, 200)) as Array<{ n: number }>;
    expect(versions.map((version) => version.n)).toEqual([KEPT + 2, KEPT + 1, KEPT]);
    expect((await ctx.database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.name, 'race.py'))).length).toBe(KEPT);
  });
});
