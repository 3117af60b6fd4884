import { http, HttpResponse } from 'msw';
import {
  BUILTIN_OPERATOR_PARAMS,
  paramSpec,
  type DagRun,
  type TaskInstance,
  type TaskState,
  type Workflow,
  type WorkflowInputParam,
  type WorkflowLink,
  type WorkflowTask,
} from '../../contract/workflows';
import { server } from './msw';

const base = '*/api/airflow/projects/p-1/workflows';
const at = '2026-11-25 10:00:00';
const page = <T>(results: T[]) => HttpResponse.json({ count: results.length, next: null, previous: null, results });

const spec = paramSpec;

export const demoWorkflow: Workflow = {
  id: 5,
  name: '示例：指标汇总与成果生成',
  description: '汇总指标并生成成果报告',
  schedule: '0 2 * * *',
  start_date: '2026-11-01T00:00:00+08:00',
  end_date: null,
  catchup: false,
  is_paused: false,
  max_active_tasks: 16,
  max_active_runs: 1,
  owner: '演示用户',
  retries: 1,
  retry_delay: 300,
  depends_on_past: false,
  email: '',
  email_on_retry: false,
  email_on_failure: false,
  is_valid_dag: true,
  version: 3,
  has_unpublished_changes: true,
  next_dagrun: '2026-11-26 02:00:00',
  next_run_at: '2026-11-27 02:00:00',
  last_run_state: 'running',
  created_at: at,
  updated_at: at,
};

/** Script 3's parameters: one input of each kind, and an output. */
const scriptParams = [
  { ...spec('city', 'string', { options: ['北京', '上海'], required: true }), direction: 'input' },
  { ...spec('year', 'integer', { number_min: 2000, number_max: 2030 }), direction: 'input' },
  { ...spec('strict', 'boolean'), direction: 'input' },
  { ...spec('since', 'datetime'), direction: 'input' },
  { ...spec('total', 'string'), direction: 'output' },
].map((param, index) => ({ id: 31 + index, script_id: 3, created_at: at, updated_at: at, ...param }));
export const demoScript = { id: 3, name: '人口统计', file_path: '/api/uploader/v1/files/12/stat.py', file_name: 'stat.py', docker_name: 'python', docker_tag: '3.12', allow_network: false, params: scriptParams, created_at: at, updated_at: at };

const task = (id: number, name: string, operator: WorkflowTask['operator'], extra: Partial<WorkflowTask> = {}): WorkflowTask => ({
  id,
  workflow_id: 5,
  name,
  description: '',
  operator,
  script_id: null,
  script_name: null,
  params: {},
  run_inputs: [],
  retries: null,
  timeout: 3600,
  pool: 'default_pool',
  queue: 'default',
  inputs: operator === 'ScriptOperator' ? [] : BUILTIN_OPERATOR_PARAMS[operator].inputs,
  outputs: operator === 'ScriptOperator' ? [] : BUILTIN_OPERATOR_PARAMS[operator].outputs,
  created_at: at,
  updated_at: at,
  ...extra,
});
export const demoTasks = [
  task(51, 'extract', 'ScriptOperator', { script_id: 3, script_name: '人口统计', params: { city: '北京' }, run_inputs: ['year'], inputs: [spec('city', 'string'), spec('year', 'integer')], outputs: [spec('total', 'string')] }),
  task(52, 'query', 'QueryOperator', { params: { connection_id: 1, schema_name: 'warehouse_demo', table_name: 'indicators' } }),
  task(53, 'report', 'ReportOperator', { params: { dimension: '生态宜居' } }),
];
const link = (id: number, source_task: number, target_task: number, source_param = '', target_param = ''): WorkflowLink => ({
  id,
  workflow_id: 5,
  source_task,
  target_task,
  source_param,
  target_param,
  created_at: at,
  updated_at: at,
});
export const demoLinks = [link(61, 51, 53, 'total', 'regions'), link(62, 52, 53)];

const run = (id: number, state: DagRun['state'], extra: Partial<DagRun> = {}): DagRun => ({
  id,
  dag_run_id: `manual__2026-11-25T10:0${id - 20}:00+08:00`,
  dag_id: 5,
  workflow_name: demoWorkflow.name,
  version: 3,
  run_type: 'manual',
  state,
  external_trigger: true,
  conf: {},
  execution_date: `2026-11-25 10:0${id - 20}:00`,
  logical_date: `2026-11-25 10:0${id - 20}:00`,
  data_interval_start: null,
  data_interval_end: null,
  queued_at: `2026-11-25 10:0${id - 20}:00`,
  start_date: `2026-11-25 10:0${id - 20}:01`,
  end_date: state === 'running' ? null : `2026-11-25 10:0${id - 20}:31`,
  triggered_by: '演示用户',
  task_counts: {},
  note: '',
  ...extra,
});
/** Newest first: run 22 is still running (its report waits on a failed query), run 21 succeeded. */
export const demoRuns = [run(22, 'running'), run(21, 'success')];

const instance = (id: number, dag_run_id: number, task_id: string, state: TaskState, extra: Partial<TaskInstance> = {}): TaskInstance => ({
  id,
  dag_run_id,
  task_id,
  state,
  duration: state === 'success' || state === 'failed' ? 12.5 : null,
  try_number: 1,
  max_tries: 2,
  operator: demoTasks.find((known) => known.name === task_id)!.operator,
  pool: 'default_pool',
  queue: 'default',
  execution_date: '2026-11-25 10:02:00',
  start_date: '2026-11-25 10:02:01',
  end_date: null,
  next_retry_at: null,
  outputs: {},
  hostname: '',
  ...extra,
});
export const demoInstance = instance;
export const demoInstances: Record<number, TaskInstance[]> = {
  22: [instance(71, 22, 'extract', 'success', { script_version: 3 }), instance(72, 22, 'query', 'failed', { try_number: 2 }), instance(73, 22, 'report', 'upstream_failed')],
  21: [instance(74, 21, 'extract', 'success'), instance(75, 21, 'query', 'success'), instance(76, 21, 'report', 'success')],
};
export const demoLog = '*** 第 1 次尝试 ***\n正在汇总 北京 的指标\n共 12 行\n任务完成';

export const demoInputParams: WorkflowInputParam[] = [
  { ...spec('year', 'integer', { required: true, number_min: 2000, number_max: 2030, placeholder: '统计年份' }), key: 'extract.year', task_id: 'extract' },
  { ...spec('dimension', 'string', { options: ['生态宜居', '健康舒适'] }), key: 'report.dimension', task_id: 'report' },
];

/** What the app sent to the workflow endpoints, in order where order matters. */
export interface WorkflowCalls {
  created: unknown[];
  /** Bodies of PATCH …/workflows/5/. */
  patched: unknown[];
  tasksCreated: unknown[];
  linksCreated: unknown[];
  /** `publish` and `run` in the order they were posted. */
  order: string[];
  published: unknown[];
  runsCreated: unknown[];
  runChanges: { id: string; body: unknown }[];
  /** POST …/dag_runs/{id}/clear/: the run and its body. */
  cleared: { id: string; body: unknown }[];
  instanceQueries: URLSearchParams[];
  runQueries: URLSearchParams[];
  /** From now on run 22 has finished: it and all its task instances succeeded. */
  finishRun: () => void;
}

/** Serves workflow 5 of project p-1 with its tasks, links, runs and task instances, and records what the app sends. */
export function serveWorkflows(overrides: Partial<Workflow> = {}): WorkflowCalls {
  // Publishing changes what the workflow's own address answers afterwards, as the server does.
  let workflow = { ...demoWorkflow, ...overrides };
  let finished = false;
  const runs = () => (finished ? demoRuns.map((known) => ({ ...known, state: 'success' as const })) : demoRuns);
  const instancesOf = (runId: number) =>
    (demoInstances[runId] ?? []).map((known) => (finished ? { ...known, state: 'success' as const } : known));
  const calls: WorkflowCalls = {
    created: [],
    patched: [],
    tasksCreated: [],
    linksCreated: [],
    order: [],
    published: [],
    runsCreated: [],
    runChanges: [],
    cleared: [],
    instanceQueries: [],
    runQueries: [],
    finishRun: () => (finished = true),
  };
  server.use(
    http.get(`${base}/`, () => page([workflow])),
    http.post(`${base}/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.created.push(body);
      return HttpResponse.json({ ...workflow, ...body, id: 6, version: null }, { status: 201 });
    }),
    http.get(`${base}/5/`, () => HttpResponse.json(workflow)),
    http.patch(`${base}/5/`, async ({ request }) => {
      const body = (await request.json()) as Partial<Workflow>;
      calls.patched.push(body);
      workflow = { ...workflow, ...body, ...(body.is_paused ? { next_run_at: null, next_dagrun: null } : {}) };
      return HttpResponse.json(workflow);
    }),
    http.get(`${base}/5/is_valid_dag/`, () => HttpResponse.json({ is_valid_dag: workflow.is_valid_dag, errors: workflow.is_valid_dag ? [] : ['任务 extract 与 report 之间存在循环依赖'] })),
    http.get(`${base}/5/get_input_params/`, () => page(demoInputParams)),
    http.post(`${base}/5/update_airflow_dag/`, async ({ request }) => {
      calls.published.push(await request.json());
      calls.order.push('publish');
      workflow = { ...workflow, version: (workflow.version ?? 0) + 1, has_unpublished_changes: false };
      return HttpResponse.json(workflow);
    }),
    http.get(`${base}/5/tasks/`, () => page(demoTasks)),
    http.post(`${base}/5/tasks/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.tasksCreated.push(body);
      return HttpResponse.json({ ...demoTasks[0], ...body, id: 54 }, { status: 201 });
    }),
    http.get(`${base}/5/links/`, () => page(demoLinks)),
    http.post(`${base}/5/links/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.linksCreated.push(body);
      return HttpResponse.json({ ...demoLinks[0], ...body, id: 63 }, { status: 201 });
    }),
    http.get(`${base}/5/dag_runs/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.runQueries.push(query);
      const states = query.getAll('state');
      const limit = Number(query.get('limit') ?? 10);
      const shown = runs().filter((known) => states.length === 0 || states.includes(known.state));
      return HttpResponse.json({ count: shown.length, next: null, previous: null, results: shown.slice(0, limit) });
    }),
    http.post(`${base}/5/dag_runs/`, async ({ request }) => {
      calls.runsCreated.push(await request.json());
      calls.order.push('run');
      return HttpResponse.json(run(23, 'queued'), { status: 201 });
    }),
    http.get(`${base}/5/dag_runs/:id/`, ({ params }) => {
      const known = [...runs(), run(23, 'queued')].find((candidate) => String(candidate.id) === params.id);
      return known ? HttpResponse.json(known) : HttpResponse.json({ code: 40400, message: '运行不存在' }, { status: 404 });
    }),
    http.put(`${base}/5/dag_runs/:id/`, async ({ request, params }) => {
      const body = (await request.json()) as { state: DagRun['state'] };
      calls.runChanges.push({ id: String(params.id), body });
      return HttpResponse.json({ ...demoRuns.find((known) => String(known.id) === params.id), state: body.state });
    }),
    http.post(`${base}/5/dag_runs/:id/clear/`, async ({ request, params }) => {
      calls.cleared.push({ id: String(params.id), body: await request.json() });
      return HttpResponse.json({ ...demoRuns.find((known) => String(known.id) === params.id), state: 'queued' });
    }),
    http.get(`${base}/5/dag_runs/:runId/task_instances/list_task_instances/`, ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      calls.instanceQueries.push(query);
      const states = query.getAll('state');
      const instances = instancesOf(Number(params.runId)).filter((known) => states.length === 0 || states.includes(known.state));
      return page(instances);
    }),
    http.get(`${base}/5/dag_runs/:runId/task_instances/:id/`, ({ params }) => {
      const known = instancesOf(Number(params.runId)).find((candidate) => String(candidate.id) === params.id);
      return HttpResponse.json({ ...known, log: demoLog });
    }),
    http.get('*/api/script/projects/p-1/scripts/', () => page([demoScript])),
    http.get('*/api/script/projects/p-1/scripts/3/', () => HttpResponse.json(demoScript)),
  );
  return calls;
}
