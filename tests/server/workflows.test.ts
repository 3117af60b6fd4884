import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dagRuns, workflows, workflowLinks, workflowVersions } from '../../server/db/schema';
import { buildDefinition, publishWorkflow } from '../../server/modules/workflows/definitions/definition';
import { authHeaders, createTestApp, DEMO, login, uploadFile, type TestContext, memberWithRole } from './helpers';

let ctx: TestContext;
let admin: string;
const BASE = `/api/airflow/projects/${DEMO.projectUuid}/workflows`;
const SCRIPTS = `/api/script/projects/${DEMO.projectUuid}/scripts`;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: object, token = admin) =>
  ctx.app.inject({ method, url: `${BASE}/${path}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
const ok = async (method: Method, path: string, payload?: object, status = method === 'POST' && !path.includes('update_airflow_dag') ? 201 : 200) => {
  const response = await call(method, path, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};
const messageOf = async (method: Method, path: string, payload?: object) => {
  const response = await call(method, path, payload);
  expect(response.statusCode, response.body).toBe(400);
  return response.json().message as string;
};

let counter = 0;
type ParamBody = { direction: 'input' | 'output'; field_name: string; type: string; required?: boolean; options?: string[]; number_min?: number; number_max?: number };
/** A script of the demo project with these params, through the scripts API. */
async function makeScript(name: string, params: ParamBody[] = []) {
  const file = (await uploadFile(ctx.app, admin, `${name}.py`, Buffer.from(`print(${(counter += 1)})\n`), 'script')).url;
  const made = await ctx.app.inject({ method: 'POST', url: `${SCRIPTS}/`, headers: authHeaders(admin), payload: { name, file_path: file } });
  expect(made.statusCode, made.body).toBe(201);
  const script = made.json() as { id: number; params: { id: number; field_name: string }[] };
  for (const param of params) {
    const added = await ctx.app.inject({ method: 'POST', url: `${SCRIPTS}/${script.id}/script_params/`, headers: authHeaders(admin), payload: param });
    expect(added.statusCode, added.body).toBe(201);
    script.params.push(added.json());
  }
  return script;
}

const makeWorkflow = (name: string, extra: object = {}) => ok('POST', '', { name, ...extra });
const makeTask = (workflowId: number, body: object) => ok('POST', `${workflowId}/tasks/`, body);
const makeLink = (workflowId: number, body: object) => ok('POST', `${workflowId}/links/`, body);
const revisionOf = async (id: number) => (await ctx.database.db.select({ revision: workflows.revision }).from(workflows).where(eq(workflows.id, id)))[0].revision;

/** load (rows: integer out) → clean (count: float in, required; threshold: float in 0..1, required) → summary (text: string in, required). */
let loadScript: { id: number; params: { id: number; field_name: string }[] };
let cleanScript: { id: number };
let summaryScript: { id: number };

/** A valid three-task workflow made through the API. */
async function threeTaskWorkflow(name: string) {
  const workflow = await makeWorkflow(name);
  const load = await makeTask(workflow.id, { name: 'load', operator: 'ScriptOperator', script_id: loadScript.id });
  const clean = await makeTask(workflow.id, { name: 'clean', operator: 'ScriptOperator', script_id: cleanScript.id, params: { threshold: 0.5 } });
  const summary = await makeTask(workflow.id, { name: 'summary', operator: 'ScriptOperator', script_id: summaryScript.id, run_inputs: ['text'] });
  await makeLink(workflow.id, { source_task: load.id, target_task: clean.id, source_param: 'rows', target_param: 'count' });
  await makeLink(workflow.id, { source_task: clean.id, target_task: summary.id });
  return { workflow, load, clean, summary };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app);
  loadScript = await makeScript('wf_load', [{ direction: 'output', field_name: 'rows', type: 'integer', required: true }]);
  cleanScript = await makeScript('wf_clean', [
    { direction: 'input', field_name: 'count', type: 'float', required: true },
    { direction: 'input', field_name: 'threshold', type: 'float', required: true, number_min: 0, number_max: 1 },
    { direction: 'input', field_name: 'city', type: 'string', options: ['北京', '上海'] },
    { direction: 'output', field_name: 'summary', type: 'string' },
  ]);
  summaryScript = await makeScript('wf_summary', [
    { direction: 'input', field_name: 'text', type: 'string', required: true },
    { direction: 'input', field_name: 'day', type: 'datetime' },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

describe('workflows', () => {
  it('creates, reads, edits and deletes a workflow with every field', async () => {
    const made = await makeWorkflow(' 每日体检 ', { description: '每天汇总', schedule: '0  2 * * *', start_date: '2026-01-01T00:00:00Z', email: 'ops@example.com', email_on_failure: true });
    expect(made).toEqual({
      id: made.id,
      name: '每日体检',
      description: '每天汇总',
      schedule: '0 2 * * *',
      start_date: '2026-01-01 08:00:00',
      end_date: null,
      catchup: true,
      is_paused: false,
      max_active_tasks: 16,
      max_active_runs: 16,
      owner: DEMO.nickname,
      retries: 0,
      retry_delay: 300,
      depends_on_past: false,
      email: 'ops@example.com',
      email_on_retry: false,
      email_on_failure: true,
      is_valid_dag: false,
      version: null,
      has_unpublished_changes: false,
      next_dagrun: null,
      next_run_at: null,
      last_run_state: null,
      created_at: made.created_at,
      updated_at: made.updated_at,
    });
    expect(made.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await ok('GET', `${made.id}/`)).toEqual(made);

    const patched = await ok('PATCH', `${made.id}/`, { max_active_runs: 2, end_date: '2026-12-31 23:00', owner: '运维组' });
    expect(patched).toMatchObject({ name: '每日体检', schedule: '0 2 * * *', max_active_runs: 2, end_date: '2026-12-31 23:00:00', owner: '运维组', start_date: '2026-01-01 08:00:00' });
    const put = await ok('PUT', `${made.id}/`, { name: '每日体检2', retries: 3, retry_delay: 60, depends_on_past: true, catchup: false, is_paused: true, email_on_retry: true, max_active_tasks: 1000 });
    expect(put).toMatchObject({ name: '每日体检2', description: '每天汇总', retries: 3, retry_delay: 60, depends_on_past: true, catchup: false, is_paused: true, email_on_retry: true, max_active_tasks: 1000, max_active_runs: 2 });
    expect((await ok('PATCH', `${made.id}/`, { start_date: null, end_date: '', schedule: '' })).start_date).toBeNull();

    expect((await call('DELETE', `${made.id}/`)).statusCode).toBe(204);
    const gone = await call('GET', `${made.id}/`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('工作流不存在');
  });

  it('lists a DRF page with search on name, description and owner, and ordering', async () => {
    await makeWorkflow('list_a', { owner: '张三' });
    await makeWorkflow('list_b', { description: '含 special 描述' });
    await makeWorkflow('list_c', { owner: 'special 组' });
    await makeWorkflow('listXd');
    const page = (await ok('GET', '?search=list_&ordering=-name&limit=2')).valueOf();
    expect(page.count).toBe(3);
    expect(page.previous).toBeNull();
    expect(page.next).toContain('offset=2');
    expect(page.results.map((w: { name: string }) => w.name)).toEqual(['list_c', 'list_b']);
    const second = await ok('GET', '?search=list_&ordering=-name&limit=2&offset=2');
    expect(second.results.map((w: { name: string }) => w.name)).toEqual(['list_a']);
    expect((await ok('GET', '?search=SPECIAL&ordering=name')).results.map((w: { name: string }) => w.name)).toEqual(['list_b', 'list_c']);
    expect((await ok('GET', `?search=${encodeURIComponent('张三')}`)).results.map((w: { name: string }) => w.name)).toEqual(['list_a']);
    for (const field of ['id', 'name', 'owner', 'schedule', 'is_paused', 'next_dagrun', 'created_at', '-updated_at']) expect((await call('GET', `?ordering=${field}`)).statusCode, field).toBe(200);
    expect(await messageOf('GET', '?ordering=email')).toBe('不能按 email 排序');
  });

  it('checks every field with a Chinese message, on the merged result of a PATCH', async () => {
    expect(await messageOf('POST', '', {})).toBe('请输入工作流名称');
    expect(await messageOf('POST', '', { name: '  ' })).toBe('请输入工作流名称');
    await makeWorkflow('重名工作流');
    expect(await messageOf('POST', '', { name: '重名工作流' })).toBe('工作流名称已存在');
    const other = await makeWorkflow('改名工作流', { start_date: '2026-01-01T00:00:00+08:00' });
    expect(await messageOf('PATCH', `${other.id}/`, { name: '重名工作流' })).toBe('工作流名称已存在');
    expect(await messageOf('POST', '', { name: 'c', schedule: '* * *' })).toMatch(/^调度不正确/);
    expect(await messageOf('POST', '', { name: 'c', schedule: '61 * * * *' })).toBe('调度不正确：「61 * * * *」不是有效的 cron 表达式（分 0–59、时 0–23、日 1–31、月 1–12、周 0–7）');
    for (const bad of ['2026-02-30T00:00:00Z', 'tomorrow', '2026/01/01', '2026-01-01T25:00:00+08:00']) {
      expect(await messageOf('POST', '', { name: 'd', start_date: bad }), bad).toBe('开始时间格式不正确：请填写时间，如 2026-01-01 00:00:00 或 2026-01-01T00:00:00+08:00');
    }
    expect(await messageOf('POST', '', { name: 'd', end_date: 'x' })).toBe('结束时间格式不正确：请填写时间，如 2026-01-01 00:00:00 或 2026-01-01T00:00:00+08:00');
    expect(await messageOf('PATCH', `${other.id}/`, { end_date: '2025-12-31T00:00:00+08:00' })).toBe('结束时间须晚于开始时间');
    expect(await messageOf('PATCH', `${other.id}/`, { end_date: '2026-01-01T00:00:00+08:00' })).toBe('结束时间须晚于开始时间');
    for (const value of [0, 1001]) {
      expect(await messageOf('POST', '', { name: 'e', max_active_tasks: value })).toBe('最大并行任务数须为 1 到 1000 的整数');
      expect(await messageOf('POST', '', { name: 'e', max_active_runs: value })).toBe('最大并行运行数须为 1 到 1000 的整数');
    }
    for (const value of [-1, 101]) expect(await messageOf('POST', '', { name: 'e', retries: value })).toBe('重试次数须为 0 到 100 的整数');
    for (const value of [-1, 86401]) expect(await messageOf('POST', '', { name: 'e', retry_delay: value })).toBe('重试间隔须为 0 到 86400 秒');
    expect(await messageOf('POST', '', { name: 'e', retries: 1.5 })).toBe('参数「重试次数」的类型不正确');
    expect(await messageOf('POST', '', { name: 'e', email: 'ops@' })).toBe('邮箱格式不正确：ops@（如 ops@example.com，多个用逗号分隔）');
    expect(await messageOf('POST', '', { name: 'e', email: 'a@example.com, b' })).toBe('邮箱格式不正确：b（如 ops@example.com，多个用逗号分隔）');
    expect(await messageOf('POST', '', { name: 'e', email_on_retry: true })).toBe('开启重试或失败邮件通知时请填写邮箱');
    expect((await makeWorkflow('两个邮箱', { email: 'a@example.com；b@example.org' })).email).toBe('a@example.com,b@example.org');
    // Nothing refused was saved.
    expect((await ok('GET', `${other.id}/`)).name).toBe('改名工作流');
  });
});

describe('tasks', () => {
  let workflowId: number;
  beforeAll(async () => {
    workflowId = (await makeWorkflow('任务的工作流')).id;
  });
  const tasks = (path = '') => `${workflowId}/tasks/${path}`;

  it('creates, reads, lists, edits and deletes a task, with its inputs and outputs', async () => {
    const made = await makeTask(workflowId, { name: 'clean', description: ' 清洗 ', operator: 'ScriptOperator', script_id: cleanScript.id, params: { threshold: 0.5, city: '北京' }, run_inputs: ['count', 'count'] });
    expect(made).toMatchObject({
      workflow_id: workflowId,
      name: 'clean',
      description: '清洗',
      operator: 'ScriptOperator',
      script_id: cleanScript.id,
      script_name: 'wf_clean',
      params: { threshold: 0.5, city: '北京' },
      run_inputs: ['count'],
      retries: null,
      timeout: 3600,
      pool: 'default_pool',
      queue: 'default',
    });
    expect(made.inputs.map((p: { field_name: string }) => p.field_name)).toEqual(['count', 'threshold', 'city']);
    expect(made.inputs[1]).toEqual({ field_name: 'threshold', type: 'float', required: true, options: [], number_min: 0, number_max: 1, placeholder: '' });
    expect(made.outputs.map((p: { field_name: string }) => p.field_name)).toEqual(['summary']);
    expect(await ok('GET', tasks(`${made.id}/`))).toEqual(made);

    const query = await makeTask(workflowId, { name: 'query-1', operator: 'QueryOperator', params: { connection_id: 1, schema_name: 'warehouse_demo', table_name: 't', limit: 100 } });
    expect(query).toMatchObject({ script_id: null, script_name: null });
    expect(query.inputs.map((p: { field_name: string }) => p.field_name)).toEqual(['connection_id', 'schema_name', 'table_name', 'columns', 'limit']);
    expect(query.outputs.map((p: { field_name: string }) => p.field_name)).toEqual(['rows', 'row_count']);

    const patched = await ok('PATCH', tasks(`${made.id}/`), { retries: 2, timeout: 60, pool: 'etl.pool', queue: 'q-1', params: { threshold: 1, city: null } });
    expect(patched).toMatchObject({ name: 'clean', script_id: cleanScript.id, retries: 2, timeout: 60, pool: 'etl.pool', queue: 'q-1', params: { threshold: 1 }, run_inputs: ['count'] });
    const put = await ok('PUT', tasks(`${made.id}/`), { name: 'clean2', retries: null, pool: '' });
    expect(put).toMatchObject({ name: 'clean2', retries: null, timeout: 60, pool: 'default_pool', params: { threshold: 1 } });
    // Turning a script task into a built-in one leaves its script behind.
    const report = await ok('PATCH', tasks(`${made.id}/`), { operator: 'ReportOperator', params: { dimension: '生态宜居', regions: '[]' }, run_inputs: [] });
    expect(report).toMatchObject({ operator: 'ReportOperator', script_id: null, script_name: null });

    const page = await ok('GET', tasks('?ordering=-name&limit=1'));
    expect(page.count).toBe(2);
    expect(page.results.map((t: { name: string }) => t.name)).toEqual(['query-1']);
    expect(page.next).toContain('offset=1');
    expect((await ok('GET', tasks('?search=清洗'))).results.map((t: { name: string }) => t.name)).toEqual(['clean2']);
    for (const field of ['id', 'name', 'operator', 'created_at', '-updated_at']) expect((await call('GET', tasks(`?ordering=${field}`))).statusCode).toBe(200);
    expect(await messageOf('GET', tasks('?ordering=pool'))).toBe('不能按 pool 排序');

    expect((await call('DELETE', tasks(`${made.id}/`))).statusCode).toBe(204);
    const gone = await call('GET', tasks(`${made.id}/`));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('任务不存在');
  });

  it('checks every field with a Chinese message naming the task and field', async () => {
    const script = { operator: 'ScriptOperator', script_id: cleanScript.id };
    expect(await messageOf('POST', tasks(), { operator: 'QueryOperator' })).toBe('请输入任务名称');
    for (const bad of ['a b', 'a.b', '清洗', 'a/b']) expect(await messageOf('POST', tasks(), { name: bad, ...script }), bad).toBe('任务名称只能由字母、数字、_ 和 - 组成，如 load_data');
    expect(await messageOf('POST', tasks(), { name: 't' })).toBe('请选择算子（ScriptOperator、QueryOperator、ReportOperator）');
    expect(await messageOf('POST', tasks(), { name: 't', operator: 'BashOperator' })).toBe('算子只能是 ScriptOperator、QueryOperator、ReportOperator');
    expect(await messageOf('POST', tasks(), { name: 't', operator: 'ScriptOperator' })).toBe('运行脚本的任务请选择脚本');
    expect(await messageOf('POST', tasks(), { name: 't', operator: 'ScriptOperator', script_id: 999999 })).toBe('所选脚本不存在，请重新选择');
    expect(await messageOf('POST', tasks(), { name: 't', operator: 'QueryOperator', script_id: cleanScript.id })).toBe('只有运行脚本的任务可以选择脚本');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, params: { nope: 1 } })).toBe('任务 t 没有输入 nope（固定值 params）');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, params: { summary: 'x' } })).toBe('任务 t 没有输入 summary（固定值 params）');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, params: { threshold: 'high' } })).toBe('任务 t 的输入 threshold 须为数字（float）');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, params: { threshold: 2 } })).toBe('任务 t 的输入 threshold 不能大于 1');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, params: { threshold: -0.1 } })).toBe('任务 t 的输入 threshold 不能小于 0');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, params: { city: '广州' } })).toBe('任务 t 的输入 city 只能是 北京、上海 之一');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, params: { city: ['北京'] } })).toBe('任务 t 的输入 city 须为文本（string）');
    expect(await messageOf('POST', tasks(), { name: 't', operator: 'QueryOperator', params: { connection_id: '1' } })).toBe('任务 t 的输入 connection_id 须为整数（integer）');
    expect(await messageOf('POST', tasks(), { name: 't', operator: 'QueryOperator', params: { limit: 0 } })).toBe('任务 t 的输入 limit 不能小于 1');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, run_inputs: ['threshold', 'summary'] })).toBe('任务 t 没有输入 summary（运行时输入 run_inputs）');
    for (const retries of [-1, 101]) expect(await messageOf('POST', tasks(), { name: 't', ...script, retries })).toBe('任务重试次数须为 0 到 100 的整数；null 为沿用工作流的');
    for (const timeout of [0, 86401]) expect(await messageOf('POST', tasks(), { name: 't', ...script, timeout })).toBe('超时须为 1 到 86400 秒');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, pool: 'my pool' })).toBe('资源池只能由字母、数字和 _ . - 组成，如 default_pool');
    expect(await messageOf('POST', tasks(), { name: 't', ...script, queue: '队列' })).toBe('队列只能由字母、数字和 _ . - 组成，如 default');

    const first = await makeTask(workflowId, { name: 'dup', ...script });
    expect(await messageOf('POST', tasks(), { name: 'dup', operator: 'QueryOperator' })).toBe('任务名称已存在');
    const second = await makeTask(workflowId, { name: 'dup2', ...script });
    expect(await messageOf('PATCH', tasks(`${second.id}/`), { name: 'dup' })).toBe('任务名称已存在');
    // A change of script is checked against the new script's inputs.
    await ok('PATCH', tasks(`${first.id}/`), { params: { threshold: 0.1 } });
    expect(await messageOf('PATCH', tasks(`${first.id}/`), { script_id: loadScript.id })).toBe('任务 dup 没有输入 threshold（固定值 params）');
    expect((await ok('PATCH', tasks(`${first.id}/`), { script_id: loadScript.id, params: {} })).script_name).toBe('wf_load');
    // The same name in another workflow is another task.
    const elsewhere = await makeWorkflow('另一个任务的工作流');
    await makeTask(elsewhere.id, { name: 'dup', operator: 'QueryOperator' });
  });
});

describe('links', () => {
  it('creates, lists, edits and deletes links; a task takes its links with it', async () => {
    const { workflow, load, clean, summary } = await threeTaskWorkflow('连线的工作流');
    const links = (path = '') => `${workflow.id}/links/${path}`;
    const page = await ok('GET', links('?ordering=id'));
    expect(page.count).toBe(2);
    const [feed, order] = page.results;
    expect(feed).toMatchObject({ workflow_id: workflow.id, source_task: load.id, target_task: clean.id, source_param: 'rows', target_param: 'count' });
    expect(order).toMatchObject({ source_task: clean.id, target_task: summary.id, source_param: '', target_param: '' });
    expect(Object.keys(feed).sort()).toEqual(['created_at', 'id', 'source_param', 'source_task', 'target_param', 'target_task', 'updated_at', 'workflow_id']);
    expect(await ok('GET', links(`${feed.id}/`))).toEqual(feed);
    expect((await ok('GET', links('?search=summary'))).results.map((l: { id: number }) => l.id)).toEqual([order.id]);
    expect((await ok('GET', links('?search=rows'))).results.map((l: { id: number }) => l.id)).toEqual([feed.id]);
    expect((await ok('GET', links('?ordering=-target_task&limit=1'))).results.map((l: { id: number }) => l.id)).toEqual([order.id]);
    expect(await messageOf('GET', links('?ordering=name'))).toBe('不能按 name 排序');

    const patched = await ok('PATCH', links(`${order.id}/`), { source_param: 'summary', target_param: 'text' });
    expect(patched).toMatchObject({ source_task: clean.id, target_task: summary.id, source_param: 'summary', target_param: 'text' });
    const put = await ok('PUT', links(`${order.id}/`), { source_task: load.id, source_param: 'rows' });
    expect(put).toMatchObject({ source_task: load.id, source_param: 'rows', target_param: 'text' });
    expect((await call('DELETE', links(`${order.id}/`))).statusCode).toBe(204);
    expect((await call('GET', links(`${order.id}/`))).json().message).toBe('连线不存在');

    expect((await call('DELETE', `${workflow.id}/tasks/${clean.id}/`)).statusCode).toBe(204);
    expect((await ok('GET', links())).count).toBe(0);
  });

  it('refuses links that cannot be, naming tasks and params', async () => {
    const { workflow, load, clean, summary } = await threeTaskWorkflow('坏连线的工作流');
    const other = await threeTaskWorkflow('别的工作流');
    const path = `${workflow.id}/links/`;
    expect(await messageOf('POST', path, { target_task: clean.id })).toBe('请选择上游任务');
    expect(await messageOf('POST', path, { source_task: clean.id })).toBe('请选择下游任务');
    expect(await messageOf('POST', path, { source_task: other.load.id, target_task: clean.id })).toBe(`上游任务不是本工作流的任务（id ${other.load.id}）`);
    expect(await messageOf('POST', path, { source_task: load.id, target_task: 999999 })).toBe('下游任务不是本工作流的任务（id 999999）');
    expect(await messageOf('POST', path, { source_task: load.id, target_task: load.id })).toBe('任务 load 不能连接到自身');
    expect(await messageOf('POST', path, { source_task: load.id, target_task: summary.id, source_param: 'rows' })).toBe('连线 load → summary 须同时填写 source_param 和 target_param，或都留空（仅表示先后顺序）');
    expect(await messageOf('POST', path, { source_task: load.id, target_task: summary.id, source_param: 'row', target_param: 'text' })).toBe('任务 load 没有输出 row（source_param）');
    expect(await messageOf('POST', path, { source_task: load.id, target_task: summary.id, source_param: 'rows', target_param: 'txt' })).toBe('任务 summary 没有输入 txt（target_param）');
    expect(await messageOf('POST', path, { source_task: clean.id, target_task: summary.id, source_param: 'summary', target_param: 'day' })).toBe('类型不匹配：clean.summary(string) → summary.day(datetime)');
    expect(await messageOf('POST', path, { source_task: clean.id, target_task: summary.id })).toBe('任务 clean 到 summary 的连线已存在');
    expect(await messageOf('POST', path, { source_task: load.id, target_task: clean.id, source_param: 'rows', target_param: 'count' })).toBe('连线 load.rows → clean.count 已存在');
    // A link that would close a cycle is refused, naming the path it would close; nothing is added or changed.
    expect(await messageOf('POST', path, { source_task: summary.id, target_task: load.id })).toBe('连线 summary → load 会形成循环依赖：load → clean → summary → load');
    expect(await messageOf('POST', path, { source_task: clean.id, target_task: load.id })).toBe('连线 clean → load 会形成循环依赖：load → clean → load');
    const [, order] = (await ok('GET', `${path}?ordering=id`)).results;
    expect(await messageOf('PATCH', `${path}${order.id}/`, { target_task: load.id })).toBe('连线 clean → load 会形成循环依赖：load → clean → load');
    expect((await ok('GET', `${path}?ordering=id`)).results.map((link: { source_task: number; target_task: number }) => [link.source_task, link.target_task])).toEqual([
      [load.id, clean.id],
      [clean.id, summary.id],
    ]);
    expect((await ok('GET', `${workflow.id}/is_valid_dag/`)).is_valid_dag).toBe(true);
    const extra = await makeTask(workflow.id, { name: 'extra', operator: 'QueryOperator' });
    expect(await messageOf('POST', path, { source_task: extra.id, target_task: clean.id, source_param: 'row_count', target_param: 'count' })).toBe('任务 clean 的输入 count 已由 load.rows 提供');
    // integer feeds float, anything feeds string.
    await makeLink(workflow.id, { source_task: extra.id, target_task: summary.id, source_param: 'row_count', target_param: 'text' });
    // Another workflow's link is not found here.
    const foreign = (await ok('GET', `${other.workflow.id}/links/`)).results[0];
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect((await call(method, `${path}${foreign.id}/`, method === 'PATCH' || method === 'PUT' ? { source_param: '' } : undefined)).statusCode, method).toBe(404);
    }
  });
});

describe('validity', () => {
  const validity = (id: number) => ok('GET', `${id}/is_valid_dag/`);

  it('is kept on the workflow by every write and answered with every reason', async () => {
    const empty = await makeWorkflow('空工作流');
    expect(await validity(empty.id)).toEqual({ is_valid_dag: false, errors: ['工作流没有任务'] });

    const { workflow, load, clean, summary } = await threeTaskWorkflow('有效的工作流');
    expect(await validity(workflow.id)).toEqual({ is_valid_dag: true, errors: [] });
    expect((await ok('GET', `${workflow.id}/`)).is_valid_dag).toBe(true);

    // A cycle (the link routes refuse one; only the database, or data from before they did, can hold one).
    const [back] = await ctx.database.db.insert(workflowLinks).values({ workflowId: workflow.id, sourceTaskId: summary.id, targetTaskId: load.id }).returning();
    expect(await validity(workflow.id)).toEqual({ is_valid_dag: false, errors: ['任务 load、clean 与 summary 之间存在循环依赖'] });
    await call('DELETE', `${workflow.id}/links/${back.id}/`);
    expect((await ok('GET', `${workflow.id}/`)).is_valid_dag).toBe(true);

    // An unbound required input.
    await ok('PATCH', `${workflow.id}/tasks/${clean.id}/`, { params: {} });
    expect((await validity(workflow.id)).errors).toEqual(['任务 clean 的必填输入 threshold 未提供']);
    await ok('PATCH', `${workflow.id}/tasks/${clean.id}/`, { run_inputs: ['threshold'] });
    expect((await validity(workflow.id)).is_valid_dag).toBe(true);

    // A type mismatch after the script's output changed type: the workflow's validity follows.
    const script = await makeScript('wf_load_changing', [{ direction: 'output', field_name: 'rows', type: 'integer' }]);
    await ok('PATCH', `${workflow.id}/tasks/${load.id}/`, { script_id: script.id });
    expect((await ok('GET', `${workflow.id}/`)).is_valid_dag).toBe(true);
    const before = await revisionOf(workflow.id);
    const changed = await ctx.app.inject({ method: 'PATCH', url: `${SCRIPTS}/${script.id}/script_params/${script.params[0].id}/`, headers: authHeaders(admin), payload: { type: 'boolean' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await validity(workflow.id)).toEqual({ is_valid_dag: false, errors: ['类型不匹配：load.rows(boolean) → clean.count(float)'] });
    expect((await ok('GET', `${workflow.id}/`)).is_valid_dag).toBe(false);
    expect(await revisionOf(workflow.id)).toBe(before + 1);

    // A link to a task that is not in this workflow (only the database can make one).
    const other = await threeTaskWorkflow('别处的任务');
    await ctx.database.db.insert(workflowLinks).values({ workflowId: workflow.id, sourceTaskId: clean.id, targetTaskId: other.load.id });
    expect((await validity(workflow.id)).errors).toContain(`连线 clean → ${other.load.id} 指向不在本工作流中的任务 ${other.load.id}`);
  });

  it('names a script task without a script', async () => {
    const workflow = await makeWorkflow('无脚本的工作流');
    const script = await makeScript('wf_removed');
    const task = await makeTask(workflow.id, { name: 'lonely', operator: 'ScriptOperator', script_id: script.id });
    // Only the database can take the script away from the task.
    const { workflowTasks } = await import('../../server/db/schema');
    await ctx.database.db.update(workflowTasks).set({ scriptId: null }).where(eq(workflowTasks.id, task.id));
    expect((await validity(workflow.id)).errors).toEqual(['任务 lonely 未选择脚本']);
  });
});

describe('get_input_params', () => {
  it('answers a DRF page of the run inputs keyed task.field, with their specs', async () => {
    const { workflow, clean } = await threeTaskWorkflow('输入参数的工作流');
    await ok('PATCH', `${workflow.id}/tasks/${clean.id}/`, { run_inputs: ['threshold', 'city'] });
    const page = await ok('GET', `${workflow.id}/get_input_params/`);
    expect(page.count).toBe(3);
    expect(page.results.map((p: { key: string }) => p.key)).toEqual(['clean.threshold', 'clean.city', 'summary.text']);
    expect(page.results[1]).toEqual({ key: 'clean.city', task_id: 'clean', field_name: 'city', type: 'string', required: false, options: ['北京', '上海'], number_min: null, number_max: null, placeholder: '' });
    const sorted = await ok('GET', `${workflow.id}/get_input_params/?ordering=-key&limit=2&offset=1`);
    expect(sorted.results.map((p: { key: string }) => p.key)).toEqual(['clean.threshold', 'clean.city']);
    expect(sorted.previous).toContain('limit=2');
    expect((await ok('GET', `${workflow.id}/get_input_params/?search=summary`)).results.map((p: { key: string }) => p.key)).toEqual(['summary.text']);
    expect(await messageOf('GET', `${workflow.id}/get_input_params/?ordering=options`)).toBe('不能按 options 排序');
  });
});

describe('publication', () => {
  const publish = (id: number, body?: object) => call('POST', `${id}/update_airflow_dag/`, body);

  it('makes version 1, answers it again while nothing changed, and 2 after a change', async () => {
    const { workflow, clean } = await threeTaskWorkflow('发布的工作流');
    expect((await ok('GET', `${workflow.id}/`)).has_unpublished_changes).toBe(true);
    const first = await publish(workflow.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, has_unpublished_changes: false, is_valid_dag: true });
    expect((await publish(workflow.id)).json()).toMatchObject({ version: 1 });
    expect((await publish(workflow.id, {})).json()).toMatchObject({ version: 1 });
    expect(await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflow.id))).toHaveLength(1);

    await ok('PATCH', `${workflow.id}/tasks/${clean.id}/`, { retries: 5 });
    expect((await ok('GET', `${workflow.id}/`))).toMatchObject({ version: 1, has_unpublished_changes: true });
    expect((await publish(workflow.id)).json()).toMatchObject({ version: 2, has_unpublished_changes: false });

    // A body is applied first, in the same transaction.
    const withBody = await publish(workflow.id, { description: '发布时修改', retries: 2 });
    expect(withBody.json()).toMatchObject({ version: 3, description: '发布时修改', has_unpublished_changes: false });

    const versions = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflow.id));
    const latest = versions.find((v) => v.version === 3)!;
    expect(latest.definition).toMatchObject({ maxActiveTasks: 16, maxActiveRuns: 16, dependsOnPast: false });
    expect(latest.definition.tasks.map((t) => [t.name, t.retries, t.retryDelay, t.timeout, t.pool, t.queue])).toEqual([
      ['load', 2, 300, 3600, 'default_pool', 'default'],
      ['clean', 5, 300, 3600, 'default_pool', 'default'],
      ['summary', 2, 300, 3600, 'default_pool', 'default'],
    ]);
    expect(latest.definition.tasks[0].script).toMatchObject({ id: loadScript.id, name: 'wf_load', fileName: 'wf_load.py', dockerName: '', dockerTag: '' });
    expect(latest.definition.tasks[1]).toMatchObject({ params: { threshold: 0.5 }, runInputs: [] });
    expect(latest.definition.tasks[2]).toMatchObject({ runInputs: ['text'] });
    expect(latest.definition.tasks[1].inputs.map((p) => p.field_name)).toEqual(['count', 'threshold', 'city']);
    expect(latest.definition.links).toEqual([
      { source: 'load', target: 'clean', sourceParam: 'rows', targetParam: 'count' },
      { source: 'clean', target: 'summary', sourceParam: '', targetParam: '' },
    ]);
    expect(await buildDefinition(ctx.database.db, workflow.id)).toEqual(latest.definition);
    // publishWorkflow, as the seed calls it: nothing changed, nothing added.
    expect(await publishWorkflow(ctx.database.db, workflow.id, null, 'Asia/Shanghai')).toEqual({ versionId: latest.id, version: 3, created: false });
  });

  it('publishes rows written without the routes, as the demo seed writes them', async () => {
    const [row] = await ctx.database.db.insert(workflows).values({ projectUuid: DEMO.projectUuid, name: '种子工作流' }).returning();
    await expect(publishWorkflow(ctx.database.db, row.id, null, 'Asia/Shanghai')).rejects.toThrow('工作流不能发布：工作流没有任务');
    const { workflowTasks } = await import('../../server/db/schema');
    await ctx.database.db.insert(workflowTasks).values({ workflowId: row.id, name: 'query', operator: 'QueryOperator', params: { connection_id: 1, schema_name: 's', table_name: 't' } });
    expect(await publishWorkflow(ctx.database.db, row.id, null, 'Asia/Shanghai')).toMatchObject({ version: 1, created: true });
    expect(await ok('GET', `${row.id}/`)).toMatchObject({ version: 1, is_valid_dag: true, has_unpublished_changes: false });
  });

  it('refuses an invalid DAG with every reason, and keeps nothing of the body', async () => {
    const empty = await makeWorkflow('不能发布的工作流');
    const refused = await publish(empty.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('工作流不能发布：工作流没有任务');
    const { workflow, clean } = await threeTaskWorkflow('改坏后发布');
    await ok('PATCH', `${workflow.id}/tasks/${clean.id}/`, { params: {}, run_inputs: [] });
    await makeTask(workflow.id, { name: 'q', operator: 'QueryOperator', params: { connection_id: 1, schema_name: 's' } });
    const invalid = await publish(workflow.id, { description: '不该保存' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('工作流不能发布：任务 clean 的必填输入 threshold 未提供；任务 q 的必填输入 table_name 未提供');
    expect((await ok('GET', `${workflow.id}/`))).toMatchObject({ description: '', version: null });
    expect((await publish(workflow.id, { name: '发布的工作流' })).json().message).toBe('工作流名称已存在');
  });

  it('schedules the next run once published, not while paused', async () => {
    const { workflow } = await threeTaskWorkflow('定时的工作流');
    await ok('PATCH', `${workflow.id}/`, { schedule: '@daily', start_date: '2020-01-01T00:00:00+08:00' });
    expect((await ok('GET', `${workflow.id}/`)).next_dagrun).toBeNull();
    expect((await publish(workflow.id)).json().next_dagrun).toBe('2020-01-01 00:00:00');
    // Pausing, scheduling and renaming are settings, not the definition a version keeps.
    const before = await revisionOf(workflow.id);
    expect(await ok('PATCH', `${workflow.id}/`, { is_paused: true, name: '定时的工作流2', owner: '值班' })).toMatchObject({ next_dagrun: null, has_unpublished_changes: false, version: 1 });
    expect(await revisionOf(workflow.id)).toBe(before);
    expect(await ok('PATCH', `${workflow.id}/`, { retry_delay: 60 })).toMatchObject({ has_unpublished_changes: true });
    // The latest scheduled run is where the next one starts from.
    const [version] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflow.id));
    await ctx.database.db.insert(dagRuns).values({ workflowId: workflow.id, versionId: version.id, dagRunId: 'scheduled__2020-01-05', runType: 'scheduled', state: 'success', logicalDate: new Date('2020-01-04T16:00:00Z') });
    expect((await ok('PATCH', `${workflow.id}/`, { is_paused: false })).next_dagrun).toBe('2020-01-06 00:00:00');
    // Without catchup the missed intervals are skipped: the latest complete one is next.
    const skipped = (await ok('PATCH', `${workflow.id}/`, { catchup: false })).next_dagrun as string;
    expect(skipped > '2024-01-01').toBe(true);
    expect((await ok('PATCH', `${workflow.id}/`, { end_date: '2020-01-05T12:00:00+08:00', catchup: true })).next_dagrun).toBeNull();
  });

  it('refuses to delete a workflow while a run is queued or running, then deletes its runs with it', async () => {
    const { workflow } = await threeTaskWorkflow('运行中的工作流');
    await publish(workflow.id);
    const [version] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflow.id));
    const [run] = await ctx.database.db.insert(dagRuns).values({ workflowId: workflow.id, versionId: version.id, dagRunId: 'manual__1', runType: 'manual', state: 'running', logicalDate: new Date() }).returning();
    expect(await messageOf('DELETE', `${workflow.id}/`)).toBe('工作流有正在运行的任务，请等待结束或将其标记为失败后再删除');
    await ctx.database.db.update(dagRuns).set({ state: 'queued' }).where(eq(dagRuns.id, run.id));
    expect(await messageOf('DELETE', `${workflow.id}/`)).toBe('工作流有正在运行的任务，请等待结束或将其标记为失败后再删除');
    await ctx.database.db.update(dagRuns).set({ state: 'failed' }).where(eq(dagRuns.id, run.id));
    expect((await call('DELETE', `${workflow.id}/`)).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(dagRuns).where(eq(dagRuns.workflowId, workflow.id))).toEqual([]);
    expect(await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflow.id))).toEqual([]);
  });
});

describe('access', () => {
  it("answers 404 for another project's workflow, task and script, telling nothing of it", async () => {
    const project = await ctx.app.inject({ method: 'POST', url: '/api/project/v1/projects/', headers: authHeaders(admin), payload: { name: '工作流的另一个项目' } });
    expect(project.statusCode, project.body).toBeLessThan(300);
    const otherUuid = project.json().uuid ?? project.json().data?.uuid;
    const otherBase = `/api/airflow/projects/${otherUuid}/workflows`;
    const made = await ctx.app.inject({ method: 'POST', url: `${otherBase}/`, headers: authHeaders(admin), payload: { name: '别处的工作流' } });
    expect(made.statusCode, made.body).toBe(201);
    const foreign = made.json();
    const foreignTask = await ctx.app.inject({ method: 'POST', url: `${otherBase}/${foreign.id}/tasks/`, headers: authHeaders(admin), payload: { name: 'q', operator: 'QueryOperator' } });
    expect(foreignTask.statusCode, foreignTask.body).toBe(201);

    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await call(method, `${foreign.id}/`, method === 'PATCH' || method === 'PUT' ? { description: 'x' } : undefined);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('工作流不存在');
    }
    for (const path of ['is_valid_dag/', 'get_input_params/', 'tasks/', 'links/', `tasks/${foreignTask.json().id}/`]) expect((await call('GET', `${foreign.id}/${path}`)).statusCode, path).toBe(404);
    expect((await call('POST', `${foreign.id}/update_airflow_dag/`)).statusCode).toBe(404);
    expect((await call('POST', `${foreign.id}/tasks/`, { name: 'x', operator: 'QueryOperator' })).statusCode).toBe(404);
    expect((await call('POST', `${foreign.id}/links/`, { source_task: 1, target_task: 2 })).statusCode).toBe(404);

    // Its task, asked for under a workflow of this project.
    const mine = await makeWorkflow('本项目的工作流');
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect((await call(method, `${mine.id}/tasks/${foreignTask.json().id}/`, method === 'PATCH' || method === 'PUT' ? { description: 'x' } : undefined)).statusCode, method).toBe(404);
    }
    // Its script is refused like a missing one.
    const file = await ctx.app.inject({ method: 'POST', url: `/api/script/projects/${otherUuid}/scripts/`, headers: authHeaders(admin), payload: { name: 's' } });
    expect(file.statusCode).toBe(400);
    const { scripts: scriptTable, storedFiles } = await import('../../server/db/schema');
    const [stored] = await ctx.database.db.select().from(storedFiles).limit(1);
    const [foreignScript] = await ctx.database.db.insert(scriptTable).values({ projectUuid: otherUuid, name: '别处的脚本', fileId: stored.id }).returning();
    expect(await messageOf('POST', `${mine.id}/tasks/`, { name: 's', operator: 'ScriptOperator', script_id: foreignScript.id })).toBe('所选脚本不存在，请重新选择');
    await ctx.database.db.delete(scriptTable).where(eq(scriptTable.id, foreignScript.id));
  });

  it('needs the workflow permissions: the report editor reads, and is refused every write; a visitor does not see workflows', async () => {
    const { workflow, load, clean } = await threeTaskWorkflow('报告管理员看的工作流');
    const links = (await ok('GET', `${workflow.id}/links/`)).results;
    const editor = await memberWithRole(ctx, 'workflow_editor', 'editor');
    const reads = ['', `${workflow.id}/`, `${workflow.id}/tasks/`, `${workflow.id}/tasks/${load.id}/`, `${workflow.id}/links/`, `${workflow.id}/is_valid_dag/`, `${workflow.id}/get_input_params/`];
    for (const path of reads) {
      expect((await call('GET', path, undefined, editor)).statusCode, path).toBe(200);
    }
    const visitor = await memberWithRole(ctx, 'workflow_visitor', 'visitor');
    for (const path of reads) {
      const refused = await call('GET', path, undefined, visitor);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toEqual({ code: 40301, message: '您没有「查看工作流」权限' });
    }
    const writes: [Method, string, object?][] = [
      ['POST', '', { name: '访客建的' }],
      ['PATCH', `${workflow.id}/`, { description: 'x' }],
      ['PUT', `${workflow.id}/`, { description: 'x' }],
      ['DELETE', `${workflow.id}/`],
      ['POST', `${workflow.id}/update_airflow_dag/`],
      ['POST', `${workflow.id}/tasks/`, { name: 'v', operator: 'QueryOperator' }],
      ['PATCH', `${workflow.id}/tasks/${clean.id}/`, { description: 'x' }],
      ['DELETE', `${workflow.id}/tasks/${clean.id}/`],
      ['POST', `${workflow.id}/links/`, { source_task: load.id, target_task: clean.id }],
      ['PATCH', `${workflow.id}/links/${links[0].id}/`, { source_param: '' }],
      ['DELETE', `${workflow.id}/links/${links[0].id}/`],
    ];
    for (const [method, path, body] of writes) {
      const response = await call(method, path, body, editor);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().code).toBe(40301);
    }
    expect((await call('DELETE', `${workflow.id}/`, undefined, editor)).json().message).toBe('您没有「删除工作流」权限');
  });
});

describe('scripts used by workflows', () => {
  it('cannot be deleted while a task runs them', async () => {
    const script = await makeScript('wf_in_use');
    const workflow = await makeWorkflow('用脚本的工作流');
    const task = await makeTask(workflow.id, { name: 'uses', operator: 'ScriptOperator', script_id: script.id });
    const refused = await ctx.app.inject({ method: 'DELETE', url: `${SCRIPTS}/${script.id}/`, headers: authHeaders(admin) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('脚本正被工作流「用脚本的工作流」的任务「uses」使用，无法删除');
    expect((await ctx.app.inject({ method: 'GET', url: `${SCRIPTS}/${script.id}/`, headers: authHeaders(admin) })).statusCode).toBe(200);
    await call('DELETE', `${workflow.id}/tasks/${task.id}/`);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${SCRIPTS}/${script.id}/`, headers: authHeaders(admin) })).statusCode).toBe(204);
  });
});

describe('concurrent writes', () => {
  it('keep every revision: each write to a workflow counts once', async () => {
    const workflow = await makeWorkflow('并发的工作流');
    const before = await revisionOf(workflow.id);
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => call('POST', `${workflow.id}/tasks/`, { name: `t${i}`, operator: 'QueryOperator' })));
    expect(made.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    expect(await revisionOf(workflow.id)).toBe(before + 8);
    // The same name at once: one is saved, the others are told it is taken, and only the saved one counts.
    const same = await Promise.all(Array.from({ length: 4 }, () => call('POST', `${workflow.id}/tasks/`, { name: 'same', operator: 'QueryOperator' })));
    expect(same.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect(same.filter((response) => response.statusCode === 400).map((response) => response.json().message)).toEqual(Array(3).fill('任务名称已存在'));
    expect(await revisionOf(workflow.id)).toBe(before + 9);
  });

  it('check links against each other one at a time: the same link sent at once is made once', async () => {
    const { workflow, load, summary } = await threeTaskWorkflow('并发连线的工作流');
    const sent = await Promise.all(Array.from({ length: 4 }, () => call('POST', `${workflow.id}/links/`, { source_task: load.id, target_task: summary.id })));
    expect(sent.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect((await ok('GET', `${workflow.id}/links/`)).count).toBe(3);
    expect((await ok('GET', `${workflow.id}/`)).is_valid_dag).toBe((await ok('GET', `${workflow.id}/is_valid_dag/`)).is_valid_dag);
  });
});

describe('pause (is_paused) and what the list tells of runs', () => {
  const publish = (id: number) => ok('POST', `${id}/update_airflow_dag/`);
  const isPausedOf = async (id: number) => (await ctx.database.db.select({ isPaused: workflows.isPaused }).from(workflows).where(eq(workflows.id, id)))[0].isPaused;

  it('takes only true or false: a string, a number or null is refused in Chinese and changes nothing', async () => {
    const workflow = await makeWorkflow('暂停类型的工作流');
    for (const wrong of ['yes', 'true', 1, 0, null, {}]) {
      const response = await call('PATCH', `${workflow.id}/`, { is_paused: wrong });
      expect(response.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(response.json().message, JSON.stringify(wrong)).toBe('参数「暂停调度」的取值不正确');
    }
    expect(await isPausedOf(workflow.id)).toBe(false);
    expect((await ok('PATCH', `${workflow.id}/`, { is_paused: true })).is_paused).toBe(true);
    expect(await isPausedOf(workflow.id)).toBe(true);
    expect((await ok('PATCH', `${workflow.id}/`, { is_paused: false })).is_paused).toBe(false);
  });

  it('needs the permission to edit the workflow', async () => {
    const workflow = await makeWorkflow('只读成员看的暂停');
    const editor = await memberWithRole(ctx, 'pause_editor', 'editor');
    const refused = await call('PATCH', `${workflow.id}/`, { is_paused: true }, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 40301, message: '您没有「编辑工作流」权限' });
    expect(await isPausedOf(workflow.id)).toBe(false);
  });

  it("answers another organization's workflow like a missing one, and leaves it as it was", async () => {
    const { organizations, projects } = await import('../../server/db/schema');
    const [organization] = await ctx.database.db.insert(organizations).values({ name: '别家企业（工作流）' }).returning();
    const [project] = await ctx.database.db.insert(projects).values({ organizationUuid: organization.uuid, name: '别家的项目' }).returning();
    const [foreign] = await ctx.database.db.insert(workflows).values({ projectUuid: project.uuid, name: '别家的工作流' }).returning();
    const missing = await call('PATCH', `${foreign.id}/`, { is_paused: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('工作流不存在');
    expect(missing.json().message).toBe((await call('PATCH', '999999999/', { is_paused: true })).json().message);
    // Through the other organization's own project path, with this organization's header: not reached either.
    const direct = await ctx.app.inject({ method: 'PATCH', url: `/api/airflow/projects/${project.uuid}/workflows/${foreign.id}/`, headers: authHeaders(admin), payload: { is_paused: true } });
    expect(direct.statusCode, direct.body).toBe(404);
    expect(await isPausedOf(foreign.id)).toBe(false);
  });

  it('answers last_run_state (the latest run by logical date) and next_run_at (when the schedule makes the next run; null paused or unscheduled), without a query per workflow', async () => {
    const { workflow } = await threeTaskWorkflow('列表字段的工作流');
    const manual = await makeWorkflow('列表字段的手动工作流');
    const fields = async (id: number) => {
      const listed = (await ok('GET', '?limit=100')).results.find((entry: { id: number }) => entry.id === id);
      const one = await ok('GET', `${id}/`);
      expect(listed).toEqual(one);
      return { last_run_state: one.last_run_state, next_run_at: one.next_run_at, next_dagrun: one.next_dagrun };
    };
    expect(await fields(manual.id)).toEqual({ last_run_state: null, next_run_at: null, next_dagrun: null });

    await ok('PATCH', `${workflow.id}/`, { schedule: '@daily', start_date: '2030-01-01T00:00:00+08:00' });
    await publish(workflow.id);
    // The run of 2030-01-01 is made when its day has ended.
    expect(await fields(workflow.id)).toEqual({ last_run_state: null, next_dagrun: '2030-01-01 00:00:00', next_run_at: '2030-01-02 00:00:00' });

    const [version] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, workflow.id));
    const run = (dagRunId: string, state: 'success' | 'failed' | 'running', logicalDate: string) =>
      ({ workflowId: workflow.id, versionId: version.id, dagRunId, runType: 'manual' as const, state, logicalDate: new Date(logicalDate) });
    // Inserted out of order: the latest logical date wins, not the latest row.
    await ctx.database.db.insert(dagRuns).values([run('m2', 'failed', '2026-02-01T00:00:00Z'), run('m1', 'success', '2026-01-01T00:00:00Z')]);
    expect((await fields(workflow.id)).last_run_state).toBe('failed');
    await ctx.database.db.insert(dagRuns).values(run('m3', 'running', '2026-03-01T00:00:00Z'));
    expect((await fields(workflow.id)).last_run_state).toBe('running');

    expect(await ok('PATCH', `${workflow.id}/`, { is_paused: true })).toMatchObject({ next_run_at: null, next_dagrun: null, last_run_state: 'running' });
    expect(await fields(workflow.id)).toEqual({ last_run_state: 'running', next_dagrun: null, next_run_at: null });
    expect((await ok('PATCH', `${workflow.id}/`, { is_paused: false })).next_run_at).toBe('2030-01-02 00:00:00');

    // No query per workflow: the page costs as many SELECTs with three more workflows (with runs) on it.
    const selectsOfList = async () => {
      const spy = vi.spyOn(ctx.app.db, 'select');
      try {
        const page = await ok('GET', '?limit=100');
        expect(page.results.every((entry: object) => 'last_run_state' in entry && 'next_run_at' in entry)).toBe(true);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const before = await selectsOfList();
    for (let index = 0; index < 3; index += 1) {
      const more = await makeWorkflow(`列表字段的工作流${index}`);
      await ctx.database.db.insert(workflowVersions).values({ workflowId: more.id, version: 1, revision: 1, definition: version.definition });
      const [added] = await ctx.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, more.id));
      await ctx.database.db.insert(dagRuns).values({ ...run(`x${index}`, 'success', '2026-01-01T00:00:00Z'), workflowId: more.id, versionId: added.id });
    }
    expect(before).toBeGreaterThan(0);
    expect(await selectsOfList()).toBe(before);
  });
});
