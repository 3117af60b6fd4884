import { useList, useOne } from '@refinedev/core';
import { useParams } from 'react-router-dom';
import { BUILTIN_OPERATOR_PARAMS, type Operator, type ParamSpec, type WorkflowLink, type WorkflowTask } from '../../../contract/workflows';

/** Every task or link of a workflow fits one page: a DAG is drawn whole. */
const ALL = { current: 1, pageSize: 1000, mode: 'server' as const };

/** The workflow whose page is open (`/projectSetting/:projectId/workflows/:workflowId`). */
export function useWorkflowRoute() {
  const { projectId = '', workflowId = '' } = useParams();
  return { projectId, workflowId };
}

export function useWorkflowTasks(projectId: string, workflowId: string) {
  return useList<WorkflowTask>({ resource: 'workflowTasks', pagination: ALL, meta: { projectId, workflowId }, queryOptions: { enabled: Boolean(workflowId) } });
}

export function useWorkflowLinks(projectId: string, workflowId: string) {
  return useList<WorkflowLink>({ resource: 'workflowLinks', pagination: ALL, meta: { projectId, workflowId }, queryOptions: { enabled: Boolean(workflowId) } });
}

interface ScriptParam extends ParamSpec {
  direction: 'input' | 'output';
}

/**
 * The inputs and outputs a task would have with this operator (and script): a built-in
 * operator's fixed ones, or the chosen script's parameters.
 */
export function useOperatorParams(projectId: string, operator: Operator | undefined, scriptId: number | null | undefined) {
  const usesScript = operator === 'ScriptOperator' && scriptId !== undefined && scriptId !== null;
  const script = useOne<{ id: number; params: ScriptParam[] }>({
    resource: 'scripts',
    id: scriptId ?? '',
    meta: { projectId },
    queryOptions: { enabled: usesScript },
  });
  if (!operator) return { inputs: [], outputs: [], loading: false };
  if (operator !== 'ScriptOperator') return { ...BUILTIN_OPERATOR_PARAMS[operator], loading: false };
  // The last script's answer stays while the next one loads: it is not this script's.
  const loaded = usesScript && script.data?.data.id === Number(scriptId) ? script.data.data.params : undefined;
  const params = loaded ?? [];
  return {
    inputs: params.filter((param) => param.direction === 'input'),
    outputs: params.filter((param) => param.direction === 'output'),
    loading: usesScript && !loaded,
  };
}
