import { Space, Tag } from 'antd';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { OPERATOR_LABELS, OPERATORS, type DagRunState, type Operator, type Workflow } from '../../contract/workflows';
import { permissionDetail, type PermissionAction } from '../../contract/permissions';
import { lazyPage } from '../components/lazy-page';
import { collectionOperations } from '../providers/data/endpoint';
import type { AppResource, CustomInputProps, RowActionProps } from './types';

const workflow = (action: PermissionAction) => permissionDetail('airflow', 'workflow', action);
const dagrun = (action: PermissionAction) => permissionDetail('airflow', 'dagrun', action);
// Tasks and links are part of their workflow: changing them is editing it.
const partOfWorkflow = { list: [workflow('view')], create: [workflow('edit')], edit: [workflow('edit')], delete: [workflow('edit')] };

const input = <K extends 'DateTimeInput' | 'TaskParamsInput' | 'RunInputsSelect' | 'TaskSelect' | 'SourceParamSelect' | 'TargetParamSelect'>(name: K) =>
  lazyPage<K, CustomInputProps>(() => import('../pages/workflows/inputs'), name);
const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The list's 启用/暂停 switch and 上次运行 tag, with the workflow screens' chunk. */
const PauseSwitchLazy = lazyPage<'PauseSwitch', { workflow: Pick<Workflow, 'id' | 'name' | 'is_paused'> }>(() => import('../pages/workflows/list-cells'), 'PauseSwitch');
const LastRunTagLazy = lazyPage<'LastRunTag', { state: DagRunState | null }>(() => import('../pages/workflows/list-cells'), 'LastRunTag');
const pauseSwitch = (record: Record<string, unknown>) => (
  <Suspense fallback={record.is_paused ? '已暂停' : '已启用'}>
    <PauseSwitchLazy workflow={record as unknown as Workflow} />
  </Suspense>
);
const lastRunTag = (state: unknown) => (
  <Suspense fallback={dash(state)}>
    <LastRunTagLazy state={(state ?? null) as DagRunState | null} />
  </Suspense>
);

/** The workflow's name, opening its page. */
function WorkflowName({ id, name }: { id: unknown; name: unknown }) {
  const { projectId } = useParams();
  return <Link to={`/projectSetting/${projectId}/workflows/${String(id)}`}>{String(name)}</Link>;
}

/** A task of the workflow on the route, by id (links name their tasks by id). */
const TaskNameLazy = lazyPage<'TaskName', { id: unknown }>(() => import('../pages/workflows/inputs'), 'TaskName');
const taskName = (id: unknown) => (
  <Suspense fallback={dash(id)}>
    <TaskNameLazy id={id} />
  </Suspense>
);

const SCHEDULE_HELP = '5 段 cron 表达式（分 时 日 月 周），如 0 2 * * *；或预设 @once、@hourly、@daily、@weekly、@monthly、@yearly；不填则只手动运行';

/** 工作流: a project's DAGs of tasks (spec sections 3, 4 and 7); the list opens each one's page. */
export const workflowsResource: AppResource = {
  name: 'workflows',
  list: '/projectSetting/:projectId/workflows',
  meta: {
    label: '工作流',
    dataProviderName: 'default',
    endpoints: collectionOperations('AirflowProjectsByProjectUuidWorkflows'),
    permissions: { list: [workflow('view')], create: [workflow('create')], edit: [workflow('edit')], delete: [workflow('delete')] },
    searchPlaceholder: '搜索工作流名称',
    fields: [
      // Airflow's toggle at the head of each DAG's line: on is active, off paused.
      { key: 'is_paused', label: '启用', render: (_, record) => pauseSwitch(record) },
      { key: 'name', label: '名称', long: true, form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 100 }, render: (name, record) => <WorkflowName id={record.id} name={name} /> },
      { key: 'description', label: '描述', list: false, form: ['create', 'edit'], input: { type: 'text', maxLength: 500 } },
      {
        key: 'schedule',
        label: '调度（cron）',
        form: ['create', 'edit'],
        input: { type: 'text', maxLength: 100 },
        help: SCHEDULE_HELP,
        render: (schedule) => (schedule ? String(schedule) : '仅手动'),
      },
      { key: 'start_date', label: '开始时间', list: false, form: ['create', 'edit'], input: { type: 'custom', component: input('DateTimeInput') } },
      { key: 'end_date', label: '结束时间', list: false, form: ['create', 'edit'], input: { type: 'custom', component: input('DateTimeInput') } },
      { key: 'catchup', label: '补跑（catchup）', list: false, form: ['create', 'edit'], initial: false, input: { type: 'switch' }, help: '启用后补跑开始时间以来错过的调度区间' },
      {
        key: 'is_paused',
        label: '暂停',
        list: false,
        form: ['create', 'edit'],
        initial: false,
        input: { type: 'switch' },
        help: '暂停后定时调度不再创建运行；手动运行会排队，启用后才开始',
      },
      { key: 'max_active_tasks', label: '最大并行任务数', list: false, form: ['create', 'edit'], initial: 16, input: { type: 'number', min: 1, max: 1000, precision: 0 } },
      { key: 'max_active_runs', label: '最大并行运行数', list: false, form: ['create', 'edit'], initial: 16, input: { type: 'number', min: 1, max: 1000, precision: 0 } },
      { key: 'owner', label: '负责人', form: ['create', 'edit'], input: { type: 'text', maxLength: 100 }, render: dash },
      { key: 'retries', label: '重试次数', list: false, form: ['create', 'edit'], initial: 0, input: { type: 'number', min: 0, max: 100, precision: 0 } },
      { key: 'retry_delay', label: '重试间隔（秒）', list: false, form: ['create', 'edit'], initial: 300, input: { type: 'number', min: 0, max: 86400, precision: 0 } },
      { key: 'depends_on_past', label: '依赖上次运行', list: false, form: ['create', 'edit'], initial: false, input: { type: 'switch' }, help: '任务须等上一次运行中的同一任务成功后才运行' },
      { key: 'email', label: '邮箱', list: false, form: ['create', 'edit'], input: { type: 'text', maxLength: 254 } },
      { key: 'email_on_retry', label: '重试时发邮件', list: false, form: ['create', 'edit'], initial: false, input: { type: 'switch' } },
      { key: 'email_on_failure', label: '失败时发邮件', list: false, form: ['create', 'edit'], initial: false, input: { type: 'switch' } },
      { key: 'is_valid_dag', label: '定义', render: (valid) => (valid ? <Tag color="green">有效</Tag> : <Tag color="red">无效</Tag>) },
      {
        key: 'version',
        label: '版本',
        render: (version, record) => (
          <Space size={4} wrap>
            <span>{version === null || version === undefined ? '未发布' : `v${String(version)}`}</span>
            {record.has_unpublished_changes ? <Tag color="orange">有未发布的修改</Tag> : null}
          </Space>
        ),
      },
      { key: 'last_run_state', label: '上次运行', render: lastRunTag },
      { key: 'next_run_at', label: '下次运行', render: dash },
    ],
    rowActions: lazyPage<'OpenWorkflowAction', RowActionProps>(() => import('../pages/workflows'), 'OpenWorkflowAction'),
    routes: [
      {
        area: 'projectSetting',
        path: 'workflows/:workflowId',
        page: lazyPage<'WorkflowPage', object>(() => import('../pages/workflows'), 'WorkflowPage'),
      },
    ],
  },
};

const operatorOptions = OPERATORS.map((value) => ({ label: OPERATOR_LABELS[value], value }));

/** 任务: the workflow's tasks, the generic list on the workflow page (`:workflowId` from its scope). */
export const workflowTasksResource: AppResource = {
  name: 'workflowTasks',
  meta: {
    label: '任务',
    dataProviderName: 'default',
    endpoints: collectionOperations('AirflowProjectsByProjectUuidWorkflowsByWorkflowIdTasks'),
    permissions: partOfWorkflow,
    searchPlaceholder: '搜索任务名称',
    fields: [
      { key: 'name', label: '任务名称', form: ['create', 'edit'], required: true, input: { type: 'text', maxLength: 100 }, help: '字母、数字、_ 和 -，在工作流内唯一' },
      { key: 'description', label: '描述', list: false, form: ['create', 'edit'], input: { type: 'text', maxLength: 500 } },
      {
        key: 'operator',
        label: '运算符',
        form: ['create', 'edit'],
        required: true,
        initial: 'ScriptOperator',
        input: { type: 'choice', options: operatorOptions },
        render: (operator) => OPERATOR_LABELS[operator as Operator] ?? dash(operator),
      },
      {
        key: 'script_id',
        label: '脚本',
        list: false,
        form: ['create', 'edit'],
        required: true,
        input: { type: 'select', resource: 'scripts', optionLabel: 'name' },
        shownWhen: { key: 'operator', values: ['ScriptOperator'] },
      },
      { key: 'script_name', label: '脚本', render: dash },
      { key: 'params', label: '输入参数值', list: false, form: ['create', 'edit'], initial: {}, input: { type: 'custom', component: input('TaskParamsInput') } },
      {
        key: 'run_inputs',
        label: '运行时输入',
        form: ['create', 'edit'],
        initial: [],
        input: { type: 'custom', component: input('RunInputsSelect') },
        help: '这些输入在触发运行时填写',
        render: (names) => (Array.isArray(names) && names.length ? names.join('、') : '—'),
      },
      { key: 'retries', label: '重试次数', form: ['create', 'edit'], input: { type: 'number', min: 0, max: 100, precision: 0 }, help: '不填则用工作流的重试次数', render: (value) => (value === null || value === undefined ? '默认' : String(value)) },
      { key: 'timeout', label: '超时（秒）', form: ['create', 'edit'], initial: 3600, input: { type: 'number', min: 1, max: 86400, precision: 0 } },
      { key: 'pool', label: '资源池', form: ['create', 'edit'], initial: 'default_pool', input: { type: 'text', maxLength: 100 } },
      { key: 'queue', label: '队列', form: ['create', 'edit'], initial: 'default', input: { type: 'text', maxLength: 100 } },
    ],
  },
};

/** 连线: the workflow's links; with params the upstream output feeds the downstream input, without them the order alone. */
export const workflowLinksResource: AppResource = {
  name: 'workflowLinks',
  meta: {
    label: '连线',
    dataProviderName: 'default',
    endpoints: collectionOperations('AirflowProjectsByProjectUuidWorkflowsByWorkflowIdLinks'),
    permissions: partOfWorkflow,
    fields: [
      { key: 'source_task', label: '上游任务', form: ['create', 'edit'], required: true, input: { type: 'custom', component: input('TaskSelect') }, render: taskName },
      {
        key: 'source_param',
        label: '输出参数',
        form: ['create', 'edit'],
        initial: '',
        input: { type: 'custom', component: input('SourceParamSelect') },
        help: '输出参数与输入参数都不选即仅依赖：下游在上游成功后运行',
        render: (value) => (value ? String(value) : '仅依赖'),
      },
      { key: 'target_task', label: '下游任务', form: ['create', 'edit'], required: true, input: { type: 'custom', component: input('TaskSelect') }, render: taskName },
      { key: 'target_param', label: '输入参数', form: ['create', 'edit'], initial: '', input: { type: 'custom', component: input('TargetParamSelect') }, render: dash },
    ],
  },
};

/** 运行记录: the runs of a workflow (`:workflowId`); marking, clearing and deleting are Airflow's run operations. */
export const workflowRunsResource: AppResource = {
  name: 'workflowRuns',
  meta: {
    label: '运行记录',
    dataProviderName: 'default',
    endpoints: {
      list: 'getAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRuns',
      create: 'postAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRuns',
      one: 'getAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRunsById',
      deleteOne: 'deleteAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRunsById',
    },
    permissions: { list: [dagrun('view')], create: [dagrun('create')], edit: [dagrun('edit')], delete: [dagrun('delete')] },
  },
};

/** 任务实例: the task instances of one run (`:workflowId`, `:dagRunId`), with each one's log. */
export const taskInstancesResource: AppResource = {
  name: 'taskInstances',
  meta: {
    label: '任务实例',
    dataProviderName: 'default',
    endpoints: {
      list: 'getAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRunsByDagRunIdTaskInstancesListTaskInstances',
      one: 'getAirflowProjectsByProjectUuidWorkflowsByWorkflowIdDagRunsByDagRunIdTaskInstancesById',
    },
    permissions: { list: [dagrun('view')] },
  },
};
