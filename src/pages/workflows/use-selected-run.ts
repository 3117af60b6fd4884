import { useList, useOne } from '@refinedev/core';
import { useEffect, useMemo } from 'react';
import type { DagRun, TaskInstance, TaskState } from '../../../contract/workflows';
import { isActiveRun, POLL_MS } from './states';

const NEWEST_FIRST = [{ field: 'order_by', operator: 'eq' as const, value: '-execution_date' }];

/**
 * The run whose states the graph shows (the chosen one, else the newest), its task states and
 * task instances by task_id; both are asked again every 2 s while the run is queued or running, and stop after.
 */
export function useSelectedRun(projectId: string, workflowId: string, chosen: number | undefined, enabled: boolean) {
  const meta = { projectId, workflowId };
  const newest = useList<DagRun>({ resource: 'workflowRuns', pagination: { current: 1, pageSize: 1 }, filters: NEWEST_FIRST, meta, queryOptions: { enabled } });
  const runId = chosen ?? newest.data?.data[0]?.id;
  const selected = useOne<DagRun>({
    resource: 'workflowRuns',
    id: runId ?? '',
    meta,
    queryOptions: { enabled: enabled && runId !== undefined, refetchInterval: (answer) => (isActiveRun(answer?.data.state) ? POLL_MS : false) },
  });
  const run = selected.data?.data.id === runId ? selected.data?.data : undefined;
  const instances = useList<TaskInstance>({
    resource: 'taskInstances',
    pagination: { current: 1, pageSize: 1000 },
    meta: { ...meta, dagRunId: runId },
    queryOptions: { enabled: run !== undefined, refetchInterval: isActiveRun(run?.state) ? POLL_MS : false },
  });
  // The run's last word on its tasks comes after its last poll: ask once more when its state changes.
  const { refetch } = instances;
  const state = run?.state;
  useEffect(() => {
    if (state) void refetch();
  }, [state, refetch]);

  const { states, instanceOf } = useMemo(() => {
    if (!run) return { states: undefined, instanceOf: new Map<string, TaskInstance>() };
    const own = (instances.data?.data ?? []).filter((instance) => instance.dag_run_id === run.id);
    return {
      states: new Map<string, TaskState>(own.map((instance) => [instance.task_id, instance.state])),
      instanceOf: new Map(own.map((instance) => [instance.task_id, instance])),
    };
  }, [run, instances.data]);
  return { run, states, instanceOf, loading: runId !== undefined && !run };
}
