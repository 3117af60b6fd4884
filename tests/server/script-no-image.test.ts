import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DagRun, TaskInstance } from '../../contract/workflows';
import { authHeaders, createTestApp, DEMO, login, until, uploadFile, type TestContext } from './helpers';

const SCRIPTS = `/api/script/projects/${DEMO.projectUuid}/scripts`;
const WORKFLOWS = `/api/airflow/projects/${DEMO.projectUuid}/workflows`;

let ctx: TestContext;
let admin: string;
let dockerHost: string | undefined;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object) => ctx.app.inject({ method, url, headers: authHeaders(admin), ...(payload ? { payload } : {}) });
const ok = async (method: Method, url: string, payload?: object, status = 201) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

beforeAll(async () => {
  // No Docker service on this machine as far as the runner can tell: a script given no image must not need one.
  dockerHost = process.env.DOCKER_HOST;
  process.env.DOCKER_HOST = `unix://${path.join(os.tmpdir(), 'no-docker-here.sock')}`;
  ctx = await createTestApp({ app: { jobs: { pollSeconds: 0.2 }, workflows: { schedulerSeconds: 0.3, heartbeatSeconds: 0.3, zombieSeconds: 60 } } });
  admin = await login(ctx.app);
}, 120_000);
afterAll(async () => {
  if (dockerHost === undefined) delete process.env.DOCKER_HOST;
  else process.env.DOCKER_HOST = dockerHost;
  await ctx.close();
});

describe('a script without a Docker image', () => {
  it('is saved with empty image fields, and a workflow running it succeeds in the sandbox with its outputs and log', async () => {
    const source = 'import json, sys\nn = json.load(sys.stdin)["n"]\nprint("正在计算", n, file=sys.stderr)\nprint(json.dumps({"doubled": n * 2}))\n';
    const file = (await uploadFile(ctx.app, admin, 'double.py', Buffer.from(source), 'script')).url;
    const script = await ok('POST', `${SCRIPTS}/`, { name: '翻倍', file_path: file });
    expect(script).toMatchObject({ docker_name: '', docker_tag: '' });
    // The form sends the image fields empty: the same thing.
    expect(await ok('POST', `${SCRIPTS}/`, { name: '翻倍二', file_path: file, docker_name: '', docker_tag: '' })).toMatchObject({ docker_name: '', docker_tag: '' });
    await ok('POST', `${SCRIPTS}/${script.id}/script_params/`, { direction: 'input', field_name: 'n', type: 'integer', required: true });
    await ok('POST', `${SCRIPTS}/${script.id}/script_params/`, { direction: 'output', field_name: 'doubled', type: 'integer' });

    const workflow = await ok('POST', `${WORKFLOWS}/`, { name: '无镜像的工作流' });
    await ok('POST', `${WORKFLOWS}/${workflow.id}/tasks/`, { name: 'double', operator: 'ScriptOperator', script_id: script.id, params: { n: 21 } });
    await ok('POST', `${WORKFLOWS}/${workflow.id}/update_airflow_dag/`, undefined, 200);
    const run = (await ok('POST', `${WORKFLOWS}/${workflow.id}/dag_runs/`, {})) as DagRun;

    const { state } = await until(
      () => ok('GET', `${WORKFLOWS}/${workflow.id}/dag_runs/${run.id}/`, undefined, 200) as Promise<DagRun>,
      (shown) => shown.state === 'success' || shown.state === 'failed',
      `run ${run.id} to finish`,
      60,
    );
    const task = (await ok('GET', `${WORKFLOWS}/${workflow.id}/dag_runs/${run.id}/task_instances/double/`, undefined, 200)) as TaskInstance & { log: string };
    expect(state, task.log).toBe('success');
    expect(task.state).toBe('success');
    expect(task.outputs).toEqual({ doubled: 42 });
    expect(task.log).toContain('正在计算 21');
    expect(task.log).not.toContain('Docker');
  }, 90_000);
});
