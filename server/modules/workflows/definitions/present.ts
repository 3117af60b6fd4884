import type { WorkflowLink, WorkflowTask, Workflow } from '../../../../contract/workflows';
import { formatDateTime } from '../../../lib/dates';
import type { LinkRow } from './link-queries';
import type { WorkflowView } from './queries';
import { intervalEnd } from './schedule';
import type { TaskIo } from './task-io';
import type { TaskRow } from './task-queries';

export function presentWorkflow(row: WorkflowView, timeZone: string): Workflow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    schedule: row.schedule,
    start_date: formatDateTime(row.startDate, timeZone),
    end_date: formatDateTime(row.endDate, timeZone),
    catchup: row.catchup,
    is_paused: row.isPaused,
    max_active_tasks: row.maxActiveTasks,
    max_active_runs: row.maxActiveRuns,
    owner: row.owner,
    retries: row.retries,
    retry_delay: row.retryDelay,
    depends_on_past: row.dependsOnPast,
    email: row.email,
    email_on_retry: row.emailOnRetry,
    email_on_failure: row.emailOnFailure,
    is_valid_dag: row.isValidDag,
    version: row.publishedVersion,
    has_unpublished_changes: row.publishedRevision === null ? row.hasTasks : row.publishedRevision !== row.revision,
    next_dagrun: formatDateTime(row.nextDagrun, timeZone),
    // A scheduled run is made when its interval has ended (Airflow's next_dagrun_create_after); null while paused or unscheduled.
    next_run_at: row.nextDagrun && !row.isPaused && row.schedule ? formatDateTime(intervalEnd(row.schedule, row.nextDagrun, timeZone), timeZone) : null,
    last_run_state: row.lastRunState,
    created_at: formatDateTime(row.createdAt, timeZone)!,
    updated_at: formatDateTime(row.updatedAt, timeZone)!,
  };
}

export function presentTask(row: TaskRow, io: TaskIo, timeZone: string): WorkflowTask {
  return {
    id: row.id,
    workflow_id: row.workflowId,
    name: row.name,
    description: row.description,
    operator: row.operator,
    script_id: row.scriptId,
    script_name: row.scriptName,
    params: row.params,
    run_inputs: row.runInputs,
    retries: row.retries,
    timeout: row.timeout,
    pool: row.pool,
    queue: row.queue,
    inputs: io.inputs,
    outputs: io.outputs,
    created_at: formatDateTime(row.createdAt, timeZone)!,
    updated_at: formatDateTime(row.updatedAt, timeZone)!,
  };
}

export function presentLink(row: LinkRow, timeZone: string): WorkflowLink {
  return {
    id: row.id,
    workflow_id: row.workflowId,
    source_task: row.sourceTaskId,
    target_task: row.targetTaskId,
    source_param: row.sourceParam,
    target_param: row.targetParam,
    created_at: formatDateTime(row.createdAt, timeZone)!,
    updated_at: formatDateTime(row.updatedAt, timeZone)!,
  };
}
