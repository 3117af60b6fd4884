import { Type } from '@sinclair/typebox';
import { DAG_RUN_STATES, OPERATORS, PARAM_TYPES } from '../../../../contract/workflows';
import { LimitOffsetQuery } from '../../../lib/pagination';
import { Id, Int } from '../../../lib/schema-types';

const ProjectUuid = Type.String({ maxLength: 64 });
export const ProjectParams = Type.Object({ project_uuid: ProjectUuid });
export const WorkflowIdParams = Type.Object({ project_uuid: ProjectUuid, id: Id() });
export const WorkflowParams = Type.Object({ project_uuid: ProjectUuid, workflow_id: Id() });
export const WorkflowChildParams = Type.Object({ project_uuid: ProjectUuid, workflow_id: Id(), id: Id() });

export const WORKFLOW_ORDERING = ['id', 'name', 'owner', 'schedule', 'is_paused', 'next_dagrun', 'created_at', 'updated_at'];
export const TASK_ORDERING = ['id', 'name', 'operator', 'created_at', 'updated_at'];
export const LINK_ORDERING = ['id', 'source_task', 'target_task', 'source_param', 'target_param', 'created_at', 'updated_at'];
export const INPUT_PARAM_ORDERING = ['key', 'task_id', 'field_name', 'type', 'required'];

const Ordering = (fields: string[]) => Type.Optional(Type.String({ maxLength: 40, description: `排序字段：${fields.join('、')}，前加 - 为倒序` }));
const ListQuery = (search: string, ordering: string[]) =>
  Type.Object({ ...LimitOffsetQuery, search: Type.Optional(Type.String({ maxLength: 100, description: search })), ordering: Ordering(ordering) });

export const WorkflowListQuery = ListQuery('按名称、描述或负责人查找', WORKFLOW_ORDERING);
export const TaskListQuery = ListQuery('按任务名称或描述查找', TASK_ORDERING);
export const LinkListQuery = ListQuery('按任务名称或参数名查找', LINK_ORDERING);
export const InputParamListQuery = ListQuery('按 任务.参数 或提示文字查找', INPUT_PARAM_ORDERING);

// `nullable`, not a union with Type.Null(): with type coercion on, a union turns null into 0 or 0 into null.
const StringOrNull = (options: { maxLength: number; description: string }) => Type.Unsafe<string | null>(Type.String({ ...options, nullable: true }));
const IntOrNull = (description: string) => Type.Unsafe<number | null>(Int({ nullable: true, description }));

/** A workflow as written; PUT and PATCH keep what the body leaves out, and the result is checked whole. */
export const WorkflowWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100, description: '工作流名称，项目内唯一（新建时必填）' })),
  description: Type.Optional(Type.String({ maxLength: 2000, description: '描述' })),
  schedule: Type.Optional(Type.String({ maxLength: 100, description: '调度：5 段 cron 表达式或 @once、@hourly、@daily、@weekly、@monthly、@yearly；空串为仅手动运行' })),
  start_date: Type.Optional(StringOrNull({ maxLength: 40, description: '开始时间，ISO 8601（如 2026-01-01T00:00:00+08:00；不带时区时按服务器时区）；null 为不限' })),
  end_date: Type.Optional(StringOrNull({ maxLength: 40, description: '结束时间，ISO 8601，晚于开始时间；null 为不限' })),
  catchup: Type.Optional(Type.Boolean({ description: '启用后补跑开始时间以来错过的周期，默认 true' })),
  // An enum, not a coerced boolean: "false", 0 or null would otherwise (un)pause the workflow unasked.
  is_paused: Type.Optional(Type.Unsafe<boolean>({ enum: [true, false], description: '暂停：true 时定时调度不再创建运行，手动运行排队到启用后才开始；默认 false' })),
  max_active_tasks: Type.Optional(Int({ description: '同时运行的任务数上限，1 到 1000，默认 16' })),
  max_active_runs: Type.Optional(Int({ description: '同时进行的运行数上限，1 到 1000，默认 16' })),
  owner: Type.Optional(Type.String({ maxLength: 100, description: '负责人，默认为创建者' })),
  retries: Type.Optional(Int({ description: '任务默认重试次数，0 到 100，默认 0' })),
  retry_delay: Type.Optional(Int({ description: '重试间隔秒数，0 到 86400，默认 300' })),
  depends_on_past: Type.Optional(Type.Boolean({ description: '任务须等上一次运行的同一任务成功，默认 false' })),
  email: Type.Optional(Type.String({ maxLength: 254, description: '通知邮箱，多个用逗号分隔' })),
  email_on_retry: Type.Optional(Type.Boolean({ description: '重试时发邮件' })),
  email_on_failure: Type.Optional(Type.Boolean({ description: '失败时发邮件' })),
});

export const Workflow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  schedule: Type.String(),
  start_date: Type.Union([Type.String(), Type.Null()]),
  end_date: Type.Union([Type.String(), Type.Null()]),
  catchup: Type.Boolean(),
  is_paused: Type.Boolean(),
  max_active_tasks: Type.Integer(),
  max_active_runs: Type.Integer(),
  owner: Type.String(),
  retries: Type.Integer(),
  retry_delay: Type.Integer(),
  depends_on_past: Type.Boolean(),
  email: Type.String(),
  email_on_retry: Type.Boolean(),
  email_on_failure: Type.Boolean(),
  is_valid_dag: Type.Boolean({ description: '当前定义能否发布（is_valid_dag）' }),
  version: Type.Union([Type.Integer(), Type.Null()], { description: '已发布的版本号，未发布为 null' }),
  has_unpublished_changes: Type.Boolean({ description: '当前定义与已发布版本不同' }),
  next_dagrun: Type.Union([Type.String(), Type.Null()], { description: '下一次定时运行的逻辑时间（其数据区间的开始）' }),
  next_run_at: Type.Union([Type.String(), Type.Null()], { description: '下一次定时运行开始的时间（该数据区间结束时）；暂停或无调度时为 null' }),
  last_run_state: Type.Union([...DAG_RUN_STATES.map((state) => Type.Literal(state)), Type.Null()], { description: '最近一次运行（按逻辑日期）的状态；没有运行时为 null' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const ParamSpec = Type.Object({
  field_name: Type.String(),
  type: Type.String({ description: PARAM_TYPES.join('、') }),
  required: Type.Boolean(),
  options: Type.Array(Type.String()),
  number_min: Type.Union([Type.Number(), Type.Null()]),
  number_max: Type.Union([Type.Number(), Type.Null()]),
  placeholder: Type.String(),
});

const ParamValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

/** A task as written; PUT and PATCH keep what the body leaves out. */
export const TaskWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100, description: '任务名称（task_id）：字母、数字、_ 和 -，工作流内唯一（新建时必填）' })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  operator: Type.Optional(Type.String({ maxLength: 32, description: OPERATORS.join('、') })),
  script_id: Type.Optional(IntOrNull('ScriptOperator 运行的本项目脚本；内置算子为 null')),
  // Values are checked against the task's inputs in the handler: with coercion on, a typed union would rewrite them.
  params: Type.Optional(
    Type.Unsafe<Record<string, string | number | boolean | null>>(Type.Object({}, { additionalProperties: true, maxProperties: 200, description: '输入的固定值，按参数名；null 为不设' })),
  ),
  run_inputs: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200, description: '触发运行时填写的输入参数名' })),
  retries: Type.Optional(IntOrNull('重试次数，0 到 100；null 为沿用工作流的')),
  timeout: Type.Optional(Int({ description: '单次尝试的超时秒数，1 到 86400，默认 3600' })),
  pool: Type.Optional(Type.String({ maxLength: 64, description: '资源池，默认 default_pool' })),
  queue: Type.Optional(Type.String({ maxLength: 64, description: '队列，默认 default' })),
});

export const WorkflowTask = Type.Object({
  id: Type.Integer(),
  workflow_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  operator: Type.String(),
  script_id: Type.Union([Type.Integer(), Type.Null()]),
  script_name: Type.Union([Type.String(), Type.Null()]),
  params: Type.Record(Type.String(), ParamValue),
  run_inputs: Type.Array(Type.String()),
  retries: Type.Union([Type.Integer(), Type.Null()]),
  timeout: Type.Integer(),
  pool: Type.String(),
  queue: Type.String(),
  inputs: Type.Array(ParamSpec),
  outputs: Type.Array(ParamSpec),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** A link as written; PUT and PATCH keep what the body leaves out. */
export const LinkWrite = Type.Object({
  source_task: Type.Optional(Id({ description: '上游任务 id（新建时必填）' })),
  target_task: Type.Optional(Id({ description: '下游任务 id（新建时必填）' })),
  source_param: Type.Optional(Type.String({ maxLength: 64, description: '上游任务的输出参数名；仅表示先后顺序时为空串' })),
  target_param: Type.Optional(Type.String({ maxLength: 64, description: '下游任务的输入参数名；仅表示先后顺序时为空串' })),
});

export const WorkflowLink = Type.Object({
  id: Type.Integer(),
  workflow_id: Type.Integer(),
  source_task: Type.Integer(),
  target_task: Type.Integer(),
  source_param: Type.String(),
  target_param: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const DagValidity = Type.Object({ is_valid_dag: Type.Boolean(), errors: Type.Array(Type.String()) });

// The answer names the type exactly, so the app's generated types know it; a written param's type is checked by its route.
export const WorkflowInputParam = Type.Object({
  ...ParamSpec.properties,
  type: Type.Union(PARAM_TYPES.map((type) => Type.Literal(type))),
  key: Type.String({ description: '任务.参数' }),
  task_id: Type.String(),
});
