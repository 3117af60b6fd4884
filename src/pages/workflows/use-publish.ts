import { useInvalidate } from '@refinedev/core';
import type { Workflow } from '../../../contract/workflows';
import { useApiMutation, useApiQuery } from '../../api/hooks';

/** The fields a workflow body carries (update_airflow_dag takes the workflow body, spec section 7). */
const WRITABLE = [
  'name',
  'description',
  'schedule',
  'start_date',
  'end_date',
  'catchup',
  'is_paused',
  'max_active_tasks',
  'max_active_runs',
  'owner',
  'retries',
  'retry_delay',
  'depends_on_past',
  'email',
  'email_on_retry',
  'email_on_failure',
] as const satisfies readonly (keyof Workflow)[];

export const workflowBody = (workflow: Workflow) => Object.fromEntries(WRITABLE.map((key) => [key, workflow[key]]));

/** is_valid_dag of the current definition, with each problem in Chinese. */
export function useValidity(projectId: string, workflowId: string) {
  return useApiQuery('getAirflowProjectsByProjectUuidWorkflowsByIdIsValidDag', { path: { project_uuid: projectId, id: Number(workflowId) } }, { queryOptions: { enabled: Boolean(workflowId), keepPreviousData: false } });
}

/** update_airflow_dag: the current definition becomes the version new runs execute; answers the workflow as it is then. */
export function usePublish(projectId: string) {
  const { call, isLoading } = useApiMutation();
  const invalidate = useInvalidate();
  const run = async (workflow: Workflow) => {
    const answer = await call('postAirflowProjectsByProjectUuidWorkflowsByIdUpdateAirflowDag', { path: { project_uuid: projectId, id: workflow.id }, body: workflowBody(workflow) });
    // Without its id, 'detail' invalidates the detail of id "" only: the open workflow would keep saying 未发布.
    await invalidate({ resource: 'workflows', invalidates: ['list', 'detail'], id: workflow.id });
    return answer;
  };
  return { publish: run, publishing: isLoading };
}
