import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import type { DagRunState, DagRunType, Operator, TaskState } from '../../../contract/workflows';
import type { WorkflowDefinition } from '../../modules/workflows/types';
import { timestamps, users } from './accounts';
import { projects } from './projects';
import { scripts } from './scripts';

type ParamValues = Record<string, string | number | boolean | null>;

/** A project's workflow (Airflow's DAG): its settings; tasks and links are its definition. */
export const workflows = pgTable(
  'workflows',
  {
    id: serial('id').primaryKey(),
    projectUuid: uuid('project_uuid').notNull().references(() => projects.uuid, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    schedule: varchar('schedule', { length: 100 }).notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    catchup: boolean('catchup').notNull().default(true),
    isPaused: boolean('is_paused').notNull().default(false),
    maxActiveTasks: integer('max_active_tasks').notNull().default(16),
    maxActiveRuns: integer('max_active_runs').notNull().default(16),
    owner: varchar('owner', { length: 100 }).notNull().default(''),
    retries: integer('retries').notNull().default(0),
    retryDelay: integer('retry_delay').notNull().default(300),
    dependsOnPast: boolean('depends_on_past').notNull().default(false),
    email: varchar('email', { length: 254 }).notNull().default(''),
    emailOnRetry: boolean('email_on_retry').notNull().default(false),
    emailOnFailure: boolean('email_on_failure').notNull().default(false),
    /** Kept by every write to the workflow, its tasks and links (is_valid_dag's answer). */
    isValidDag: boolean('is_valid_dag').notNull().default(false),
    /** The published version new runs execute. */
    versionId: integer('version_id'),
    /** Bumped by every change of the definition; a version remembers the revision it was made from. */
    revision: integer('revision').notNull().default(0),
    /** The logical date of the next scheduled run; null when it has no schedule, is paused or is past end_date. */
    nextDagrun: timestamp('next_dagrun', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [unique('workflows_project_name_unique').on(table.projectUuid, table.name), index('workflows_next_dagrun_idx').on(table.nextDagrun)],
);

/** A task of a workflow's current definition. */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id').notNull().references(() => workflows.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    operator: varchar('operator', { length: 32 }).$type<Operator>().notNull(),
    /** Restrict: a script a task runs cannot be deleted (the scripts route says which workflow uses it). */
    scriptId: integer('script_id').references(() => scripts.id, { onDelete: 'restrict' }),
    params: jsonb('params').$type<ParamValues>().notNull().default({}),
    runInputs: jsonb('run_inputs').$type<string[]>().notNull().default([]),
    retries: integer('retries'),
    timeout: integer('timeout').notNull().default(3600),
    pool: varchar('pool', { length: 64 }).notNull().default('default_pool'),
    queue: varchar('queue', { length: 64 }).notNull().default('default'),
    ...timestamps,
  },
  (table) => [unique('workflow_tasks_workflow_name_unique').on(table.workflowId, table.name), index('workflow_tasks_script_idx').on(table.scriptId)],
);

/** An edge of a workflow's current definition. */
export const workflowLinks = pgTable(
  'workflow_links',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id').notNull().references(() => workflows.id, { onDelete: 'cascade' }),
    sourceTaskId: integer('source_task_id').notNull().references(() => workflowTasks.id, { onDelete: 'cascade' }),
    targetTaskId: integer('target_task_id').notNull().references(() => workflowTasks.id, { onDelete: 'cascade' }),
    sourceParam: varchar('source_param', { length: 64 }).notNull().default(''),
    targetParam: varchar('target_param', { length: 64 }).notNull().default(''),
    ...timestamps,
  },
  (table) => [index('workflow_links_workflow_idx').on(table.workflowId), index('workflow_links_target_idx').on(table.targetTaskId)],
);

/** A published definition (update_airflow_dag): runs execute the version they started with. */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id').notNull().references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The workflow's revision this version was published from. */
    revision: integer('revision').notNull(),
    definition: jsonb('definition').$type<WorkflowDefinition>().notNull(),
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('workflow_versions_workflow_version_unique').on(table.workflowId, table.version)],
);

/** One run of a workflow version. */
export const dagRuns = pgTable(
  'dag_runs',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id').notNull().references(() => workflows.id, { onDelete: 'cascade' }),
    versionId: integer('version_id').notNull().references(() => workflowVersions.id, { onDelete: 'cascade' }),
    dagRunId: varchar('dag_run_id', { length: 250 }).notNull(),
    runType: varchar('run_type', { length: 20 }).$type<DagRunType>().notNull(),
    state: varchar('state', { length: 10 }).$type<DagRunState>().notNull().default('queued'),
    externalTrigger: boolean('external_trigger').notNull().default(true),
    conf: jsonb('conf').$type<Record<string, unknown>>().notNull().default({}),
    logicalDate: timestamp('logical_date', { withTimezone: true }).notNull(),
    dataIntervalStart: timestamp('data_interval_start', { withTimezone: true }),
    dataIntervalEnd: timestamp('data_interval_end', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    triggeredBy: uuid('triggered_by').references(() => users.uuid, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
  },
  (table) => [
    unique('dag_runs_workflow_run_id_unique').on(table.workflowId, table.dagRunId),
    /** A scheduled interval makes one run, whatever the number of schedulers. */
    unique('dag_runs_workflow_type_logical_unique').on(table.workflowId, table.runType, table.logicalDate),
    index('dag_runs_workflow_state_idx').on(table.workflowId, table.state),
    /** A workflow's latest run (the list's last_run_state) and its recent runs (the grid). */
    index('dag_runs_workflow_logical_idx').on(table.workflowId, table.logicalDate),
  ],
);

/** A task of a run: one row per task, its try_number counting the tries. */
export const taskInstances = pgTable(
  'task_instances',
  {
    id: serial('id').primaryKey(),
    dagRunId: integer('dag_run_id').notNull().references(() => dagRuns.id, { onDelete: 'cascade' }),
    /** Denormalized for max_active_tasks, which counts across the workflow's runs. */
    workflowId: integer('workflow_id').notNull(),
    taskId: varchar('task_id', { length: 100 }).notNull(),
    state: varchar('state', { length: 20 }).$type<TaskState>().notNull().default('none'),
    tryNumber: integer('try_number').notNull().default(0),
    maxTries: integer('max_tries').notNull().default(1),
    operator: varchar('operator', { length: 32 }).$type<Operator>().notNull(),
    pool: varchar('pool', { length: 64 }).notNull(),
    queue: varchar('queue', { length: 64 }).notNull(),
    executionDate: timestamp('execution_date', { withTimezone: true }).notNull(),
    /** When the advance last queued it (Airflow's queued_dttm): the Gantt chart's queued part ends at start_date. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    duration: doublePrecision('duration'),
    /** Set while a try runs, renewed by its worker; a stale one means the worker died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    hostname: varchar('hostname', { length: 255 }).notNull().default(''),
    outputs: jsonb('outputs').$type<Record<string, unknown>>().notNull().default({}),
    log: text('log').notNull().default(''),
    /** For a ScriptOperator: the script version (script_versions.n) the latest try ran. */
    scriptVersion: integer('script_version'),
  },
  (table) => [
    unique('task_instances_run_task_unique').on(table.dagRunId, table.taskId),
    index('task_instances_workflow_state_idx').on(table.workflowId, table.state),
    index('task_instances_heartbeat_idx').on(table.state, table.heartbeatAt),
  ],
);
