import type { Operator, ParamSpec } from '../../../contract/workflows';
import type { TaskLog } from './engine/task-log';

/** A task as a published version keeps it: everything a run needs, whatever later edits do. */
export interface TaskDefinition {
  /** The task_id. */
  name: string;
  operator: Operator;
  /** For a ScriptOperator: the script and its file as they were at publication. */
  script: { id: number; name: string; fileId: number; fileName: string; dockerName: string; dockerTag: string } | null;
  inputs: ParamSpec[];
  outputs: ParamSpec[];
  /** Fixed input values by field_name. */
  params: Record<string, string | number | boolean | null>;
  /** Input fields given by the run's conf, under `name.field`. */
  runInputs: string[];
  /** The task's retries, the workflow's when the task has none. */
  retries: number;
  retryDelay: number;
  /** Seconds a try may run. */
  timeout: number;
  pool: string;
  queue: string;
}

export interface LinkDefinition {
  source: string;
  target: string;
  /** '' for an order-only link. */
  sourceParam: string;
  targetParam: string;
}

/** `workflow_versions.definition`: a valid DAG, published by update_airflow_dag. */
export interface WorkflowDefinition {
  maxActiveTasks: number;
  maxActiveRuns: number;
  dependsOnPast: boolean;
  tasks: TaskDefinition[];
  links: LinkDefinition[];
}

/** What a task try is given (task-runner.ts runs it). */
export interface TaskRunRequest {
  projectUuid: string;
  workflowId: number;
  dagRunId: string;
  /** The user who triggered the run; null for a scheduled run (the ReportOperator then acts for the workflow's creator). */
  userUuid: string | null;
  task: TaskDefinition;
  /** Resolved inputs: fixed values, run conf and upstream outputs, checked against `task.inputs`. */
  inputs: Record<string, unknown>;
  tryNumber: number;
  /** Aborted when the server stops or the run is marked finished: the try is stopped. */
  signal: AbortSignal;
  /** Where a script's output goes as it arrives (a 试运行 reads it while the script runs); a fresh one when left out. */
  log?: TaskLog;
}

export interface TaskRunResult {
  /** Checked against `task.outputs`. */
  outputs: Record<string, unknown>;
  log: string;
}

/** Thrown by a runner for a failed try: its Chinese reason and what the task printed. */
export class TaskFailed extends Error {
  constructor(
    message: string,
    readonly log: string,
  ) {
    super(message);
  }
}

export type TaskRunner = (request: TaskRunRequest) => Promise<TaskRunResult>;
