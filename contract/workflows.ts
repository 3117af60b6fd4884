/**
 * Workflows (spec platform sections 3, 4 and 7): what the server and the app agree on.
 * Paths are under `/api/airflow/projects/{project_uuid}/workflows/`; lists are DRF pages
 * (`{count, next, previous, results}`). The model and words follow Apache Airflow.
 */

/** Spec section 4. */
export const DAG_RUN_STATES = ['queued', 'running', 'success', 'failed'] as const;
export type DagRunState = (typeof DAG_RUN_STATES)[number];
export const DAG_RUN_TYPES = ['backfill', 'manual', 'scheduled', 'dataset_triggered'] as const;
export type DagRunType = (typeof DAG_RUN_TYPES)[number];
export const TASK_STATES = [
  'success',
  'running',
  'failed',
  'upstream_failed',
  'skipped',
  'up_for_retry',
  'up_for_reschedule',
  'queued',
  'none',
  'scheduled',
  'deferred',
  'removed',
] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** A task instance in one of these will not change again unless the run is cleared. */
export const FINISHED_TASK_STATES: readonly TaskState[] = ['success', 'failed', 'upstream_failed', 'skipped', 'removed'];

export const DAG_RUN_STATE_LABELS: Record<DagRunState, string> = { queued: '排队中', running: '运行中', success: '成功', failed: '失败' };
export const DAG_RUN_TYPE_LABELS: Record<DagRunType, string> = { backfill: '补数', manual: '手动', scheduled: '定时', dataset_triggered: '数据集触发' };
export const TASK_STATE_LABELS: Record<TaskState, string> = {
  success: '成功',
  running: '运行中',
  failed: '失败',
  upstream_failed: '上游失败',
  skipped: '已跳过',
  up_for_retry: '等待重试',
  up_for_reschedule: '等待重新调度',
  queued: '排队中',
  none: '未开始',
  scheduled: '已调度',
  deferred: '已挂起',
  removed: '已移除',
};

/** The extensions of script files a ScriptOperator can run (python3, node, sh); no other is taken as a script. */
export const SCRIPT_EXTENSIONS = ['py', 'js', 'mjs', 'sh'] as const;
/** What an upload of another extension is told. */
export const SCRIPT_EXTENSIONS_MESSAGE = `只支持 ${SCRIPT_EXTENSIONS.map((extension) => `.${extension}`).join('、')} 脚本文件`;

/** Script parameter types (spec section 3). */
export const PARAM_TYPES = ['string', 'float', 'boolean', 'datetime', 'integer'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/**
 * What a task runs. A ScriptOperator runs a script of the project in a child process; the two
 * built-in operators read rows through a data connection of the project and generate 成果 reports.
 */
export const OPERATORS = ['ScriptOperator', 'QueryOperator', 'ReportOperator'] as const;
export type Operator = (typeof OPERATORS)[number];
export const OPERATOR_LABELS: Record<Operator, string> = { ScriptOperator: '运行脚本', QueryOperator: '数据查询', ReportOperator: '成果生成' };

/** An input or output of a task: a script's parameter, or a built-in operator's. */
export interface ParamSpec {
  field_name: string;
  type: ParamType;
  required: boolean;
  options: string[];
  number_min: number | null;
  number_max: number | null;
  placeholder: string;
}

/** A param's spec: optional, free-form and without a placeholder unless `extra` says otherwise. */
export const paramSpec = (field_name: string, type: ParamType, extra: Partial<ParamSpec> = {}): ParamSpec => ({
  field_name,
  type,
  required: false,
  options: [],
  number_min: null,
  number_max: null,
  placeholder: '',
  ...extra,
});

/** The fixed parameters of the built-in operators. */
export const BUILTIN_OPERATOR_PARAMS: Record<Exclude<Operator, 'ScriptOperator'>, { inputs: ParamSpec[]; outputs: ParamSpec[] }> = {
  QueryOperator: {
    inputs: [
      paramSpec('connection_id', 'integer', { required: true, placeholder: '本项目数据连接的 id' }),
      paramSpec('schema_name', 'string', { required: true, placeholder: '模式名，如 warehouse_demo' }),
      paramSpec('table_name', 'string', { required: true, placeholder: '表名' }),
      paramSpec('columns', 'string', { placeholder: '要读取的列，逗号分隔；不填为全部列' }),
      paramSpec('limit', 'integer', { placeholder: '最多读取的行数，默认 10000', number_min: 1, number_max: 200000 }),
    ],
    outputs: [paramSpec('rows', 'string', { required: true, placeholder: '读到的行（JSON 数组）' }), paramSpec('row_count', 'integer', { required: true, placeholder: '行数' })],
  },
  ReportOperator: {
    inputs: [
      paramSpec('dimension', 'string', { required: true, placeholder: '研究维度标签名称，如 生态宜居' }),
      paramSpec('regions', 'string', { required: true, placeholder: '区域，JSON 数组，每项为从省到该级的名称路径，如 [["示例省","示例市","东城区"]]' }),
      paramSpec('report_type', 'string', { placeholder: '报告类型标签名称；不填为第一个' }),
    ],
    outputs: [paramSpec('generation_id', 'integer', { required: true, placeholder: '成果生成任务的 id' }), paramSpec('report_count', 'integer', { required: true, placeholder: '生成的报告数' })],
  },
};

/** `GET/POST …/workflows/`, `GET/PUT/PATCH/DELETE …/workflows/{id}/`. */
export interface Workflow {
  id: number;
  name: string;
  description: string;
  /** A cron expression (5 fields) or an Airflow preset (@once, @hourly, @daily, @weekly, @monthly, @yearly); '' for none (runs only by hand). */
  schedule: string;
  /** Answered as `yyyy-MM-dd HH:mm:ss` in the server's zone like every date; written in that form or ISO 8601. Null for none. Scheduled runs cover intervals from start_date up to end_date. */
  start_date: string | null;
  end_date: string | null;
  /** Missed intervals since start_date are run when the workflow is (re)enabled, as Airflow's catchup does. */
  catchup: boolean;
  /** Paused (Airflow's is_paused): the schedule makes no run, a manual run waits queued until it is unpaused; runs already running go on. Written only as true or false. */
  is_paused: boolean;
  max_active_tasks: number;
  max_active_runs: number;
  owner: string;
  /** Default retries of its tasks. */
  retries: number;
  /** Seconds between a failed try and the next. */
  retry_delay: number;
  depends_on_past: boolean;
  email: string;
  email_on_retry: boolean;
  email_on_failure: boolean;
  /** The current definition passes is_valid_dag (kept on every change of the workflow, its tasks and links). */
  is_valid_dag: boolean;
  /** The published version new runs execute (update_airflow_dag), null before the first publication. */
  version: number | null;
  /** The current definition differs from the published version. */
  has_unpublished_changes: boolean;
  /** The logical date (start of the data interval) of the next scheduled run, or null. */
  next_dagrun: string | null;
  /** When the scheduler makes that run (the end of its data interval, Airflow's next_dagrun_create_after); null while paused or without a schedule. */
  next_run_at: string | null;
  /** The state of the latest run by logical date, null before any run. */
  last_run_state: DagRunState | null;
  created_at: string;
  updated_at: string;
}

/** `…/workflows/{workflow_id}/tasks/` */
export interface WorkflowTask {
  id: number;
  workflow_id: number;
  /** The task's id in the DAG (Airflow task_id): letters, digits, _ and -, unique in the workflow. */
  name: string;
  description: string;
  operator: Operator;
  /** The script a ScriptOperator runs; null for the built-in operators. */
  script_id: number | null;
  script_name: string | null;
  /** Fixed values of its inputs, by field_name. */
  params: Record<string, string | number | boolean | null>;
  /** Inputs asked for when a run is triggered (get_input_params). */
  run_inputs: string[];
  /** Null: the workflow's retries. */
  retries: number | null;
  /** Seconds a try may run before it is stopped and fails. */
  timeout: number;
  pool: string;
  queue: string;
  /** The task's inputs and outputs as they stand now. */
  inputs: ParamSpec[];
  outputs: ParamSpec[];
  created_at: string;
  updated_at: string;
}

/** `…/workflows/{workflow_id}/links/`: the target runs after the source; with params, the source's output feeds the target's input. */
export interface WorkflowLink {
  id: number;
  workflow_id: number;
  source_task: number;
  target_task: number;
  /** An output field of the source, or '' for an order-only link (then target_param is '' too). */
  source_param: string;
  target_param: string;
  created_at: string;
  updated_at: string;
}

/** `GET …/{id}/is_valid_dag/` */
export interface DagValidity {
  is_valid_dag: boolean;
  /** Each problem in Chinese, e.g. 任务 clean 与 load 之间存在循环依赖. */
  errors: string[];
}

/** `GET …/{id}/get_input_params/` (a page of these): an input a run must (required) or may be given, keyed `task.field`. */
export interface WorkflowInputParam extends ParamSpec {
  key: string;
  task_id: string;
}

/** `…/workflows/{workflow_id}/dag_runs/` and `…/dag_runs/{id}/` (paths take the numeric id). */
export interface DagRun {
  id: number;
  /** Airflow's run id, e.g. manual__2026-11-25T10:00:00+08:00. */
  dag_run_id: string;
  dag_id: number;
  workflow_name: string;
  version: number;
  run_type: DagRunType;
  state: DagRunState;
  external_trigger: boolean;
  /** The run's input values, keyed `task.field`. */
  conf: Record<string, unknown>;
  execution_date: string;
  logical_date: string;
  data_interval_start: string | null;
  data_interval_end: string | null;
  queued_at: string | null;
  start_date: string | null;
  end_date: string | null;
  /** Who triggered it (nickname or username); '' for scheduled runs. */
  triggered_by: string;
  /** The note given when it was triggered. */
  note: string;
  /** Task instance counts by state. */
  task_counts: Partial<Record<TaskState, number>>;
}

/** `POST …/dag_runs/` */
export interface DagRunCreate {
  conf?: Record<string, unknown>;
  /** Optional logical date (`yyyy-MM-dd HH:mm:ss` or ISO 8601); now when absent. */
  logical_date?: string;
  note?: string;
}

/** `PUT …/dag_runs/{id}/`: mark a run success or failed, as Airflow allows. */
export interface DagRunUpdate {
  state: 'success' | 'failed' | 'queued';
}

/** `POST …/dag_runs/{id}/clear/`: its task instances (all, or only the failed ones and those after them) run again. */
export interface DagRunClear {
  only_failed?: boolean;
}

/** `…/dag_runs/{dag_run_id}/task_instances/list_task_instances/` and `…/task_instances/{id}/`. */
export interface TaskInstance {
  id: number;
  dag_run_id: number;
  task_id: string;
  state: TaskState;
  /** Seconds, or null before it ends. */
  duration: number | null;
  try_number: number;
  max_tries: number;
  operator: Operator;
  pool: string;
  queue: string;
  execution_date: string;
  /** When it was last queued (Airflow's queued_dttm); null before that and after a clear. */
  queued_when?: string | null;
  start_date: string | null;
  end_date: string | null;
  /** While up_for_retry: when its next try may start (the end of the failed try plus the task's retry_delay); null otherwise. */
  next_retry_at: string | null;
  /** The host of the worker of its latest try. */
  hostname: string;
  /** Its outputs once it succeeded. */
  outputs: Record<string, unknown>;
  /** A script task's script version (1, 2, …) its latest try ran; null for other tasks and before the first try. */
  script_version?: number | null;
  /** The task's log: stdout and stderr of every try, with a header per try. Only on the single task instance. */
  log?: string;
}

/**
 * The task ids from `from` to `to` along the links (`[source, target]` pairs, both ends included),
 * or null when `to` cannot be reached: a new link `to → from` would close that path into a cycle.
 * The server refuses such a link and the graph refuses the drop before asking (same words).
 */
export function pathBetween(links: ReadonlyArray<readonly [number, number]>, from: number, to: number): number[] | null {
  const cameFrom = new Map<number, number>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(cameFrom.get(path[0])!);
      return path;
    }
    for (const [source, target] of links) {
      if (source === at && !cameFrom.has(target)) {
        cameFrom.set(target, at);
        queue.push(target);
      }
    }
  }
  return null;
}
