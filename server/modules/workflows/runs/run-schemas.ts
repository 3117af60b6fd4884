import { Type } from '@sinclair/typebox';
import { DAG_RUN_STATES, DAG_RUN_TYPES, OPERATORS, TASK_STATES } from '../../../../contract/workflows';
import { LimitOffsetQuery } from '../../../lib/pagination';
import { Id } from '../../../lib/schema-types';

const ProjectUuid = Type.String({ maxLength: 64 });
export const WorkflowParams = Type.Object({ project_uuid: ProjectUuid, workflow_id: Id() });
export const RunParams = Type.Object({ project_uuid: ProjectUuid, workflow_id: Id(), id: Id() });
export const InstanceListParams = Type.Object({ project_uuid: ProjectUuid, workflow_id: Id(), dag_run_id: Id() });
export const InstanceParams = Type.Object({
  project_uuid: ProjectUuid,
  workflow_id: Id(),
  dag_run_id: Id(),
  id: Type.String({ maxLength: 100, description: '任务实例的 id，或任务名（task_id）' }),
});

const DateText = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));
/** A filter that takes several values: repeated (`state=a&state=b`) or comma separated (`state=a,b`). */
const Several = (description: string) => Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })], { description }));
const dateRange = (field: string, label: string) => ({
  [`${field}_gte`]: DateText(`${label}不早于（ISO 8601，或 yyyy-MM-dd HH:mm:ss）`),
  [`${field}_lte`]: DateText(`${label}不晚于`),
});

export const RUN_ORDER_FIELDS = ['id', 'dag_run_id', 'execution_date', 'logical_date', 'start_date', 'end_date', 'queued_at', 'state', 'run_type'];

export const RunListQuery = Type.Object({
  ...LimitOffsetQuery,
  ...dateRange('end_date', '结束时间'),
  ...dateRange('execution_date', '逻辑日期'),
  ...dateRange('start_date', '开始时间'),
  state: Several(`运行状态，可多个：${DAG_RUN_STATES.join('、')}`),
  order_by: Type.Optional(Type.String({ maxLength: 40, description: `排序字段：${RUN_ORDER_FIELDS.join('、')}，前加 - 为倒序；默认 -execution_date` })),
});

export const InstanceListQuery = Type.Object({
  ...LimitOffsetQuery,
  duration_gte: Type.Optional(Type.Number({ 'x-finite': true, description: '运行时长（秒）不少于' })),
  duration_lte: Type.Optional(Type.Number({ 'x-finite': true, description: '运行时长（秒）不多于' })),
  ...dateRange('end_date', '结束时间'),
  ...dateRange('execution_date', '逻辑日期'),
  ...dateRange('start_date', '开始时间'),
  pool: Several('资源池，可多个'),
  queue: Several('队列，可多个'),
  state: Several(`任务状态，可多个：${TASK_STATES.join('、')}`),
});

export const InstanceQuery = Type.Object({ task_id: Type.Optional(Type.String({ maxLength: 100, description: '任务名；与路径中的实例须一致' })) });

const Conf = Type.Record(Type.String(), Type.Unknown(), { description: '运行参数，键为 任务名.参数名' });

export const DagRunCreate = Type.Object({
  conf: Type.Optional(Conf),
  logical_date: Type.Optional(Type.String({ maxLength: 40, description: '逻辑日期（ISO 8601，或 yyyy-MM-dd HH:mm:ss）；不填为现在' })),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
});
export const DagRunUpdate = Type.Object({ state: Type.String({ maxLength: 20, description: 'success（标记成功）、failed（标记失败）或 queued（重新排队：清除后重跑）' }) });
export const DagRunClear = Type.Object({ only_failed: Type.Optional(Type.Boolean({ description: '只重跑失败、上游失败的任务及其下游；默认全部' })) });

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Number>>(schema: T) => Type.Union([schema, Type.Null()]);
const Dates = {
  start_date: Nullable(Type.String()),
  end_date: Nullable(Type.String()),
};

export const DagRun = Type.Object({
  id: Type.Integer(),
  dag_run_id: Type.String(),
  dag_id: Type.Integer(),
  workflow_name: Type.String(),
  version: Type.Integer(),
  run_type: Type.Union(DAG_RUN_TYPES.map((value) => Type.Literal(value))),
  state: Type.Union(DAG_RUN_STATES.map((value) => Type.Literal(value))),
  external_trigger: Type.Boolean(),
  conf: Conf,
  execution_date: Type.String(),
  logical_date: Type.String(),
  data_interval_start: Nullable(Type.String()),
  data_interval_end: Nullable(Type.String()),
  queued_at: Nullable(Type.String()),
  ...Dates,
  triggered_by: Type.String(),
  note: Type.String(),
  task_counts: Type.Record(Type.String(), Type.Integer(), { description: '各状态的任务实例数' }),
});

const instanceFields = {
  id: Type.Integer(),
  dag_run_id: Type.Integer(),
  task_id: Type.String(),
  state: Type.Union(TASK_STATES.map((value) => Type.Literal(value))),
  duration: Nullable(Type.Number()),
  try_number: Type.Integer(),
  max_tries: Type.Integer(),
  operator: Type.Union(OPERATORS.map((value) => Type.Literal(value))),
  pool: Type.String(),
  queue: Type.String(),
  execution_date: Type.String(),
  queued_when: Type.Union([Type.String(), Type.Null()], { description: '最近一次排队（进入 queued）的时间（Airflow 的 queued_dttm），甘特图的排队段从此到开始时间；未排过队为 null' }),
  ...Dates,
  next_retry_at: Type.Union([Type.String(), Type.Null()], { description: '等待重试（up_for_retry）时下一次尝试的时间：上次尝试结束时间加重试间隔；其他状态为 null' }),
  hostname: Type.String(),
  outputs: Type.Record(Type.String(), Type.Unknown()),
  script_version: Type.Union([Type.Integer(), Type.Null()], { description: '脚本任务（ScriptOperator）最近一次尝试运行的脚本版本号；其他任务为 null' }),
};
export const TaskInstance = Type.Object(instanceFields);
export const TaskInstanceWithLog = Type.Object({ ...instanceFields, log: Type.String({ description: '每次尝试的输出，每次以一行 *** 第 N 次尝试 … *** 开头' }) });
