import type { WorkflowInputParam } from '../../../../contract/workflows';
import { badRequest } from '../../../lib/errors';
import type { DagTask } from './validity';

/** What a run may be given: the run_inputs of every task, keyed `task.field`, with the input's spec; in task order. */
export function inputParamsOf(tasks: DagTask[]): WorkflowInputParam[] {
  return tasks.flatMap((task) =>
    task.inputs.filter((input) => task.runInputs.includes(input.field_name)).map((input) => ({ ...input, key: `${task.name}.${input.field_name}`, task_id: task.name })),
  );
}

const ORDERABLE = ['key', 'task_id', 'field_name', 'type', 'required'] as const;

/** A page of them as a list query asks: search in key and placeholder, one ordering field (`-` descending), then task order. */
export function pageOfInputParams(all: WorkflowInputParam[], query: { limit: number; offset: number; search?: string; ordering?: string }) {
  const field = query.ordering?.replace(/^-/, '');
  if (field !== undefined && !(ORDERABLE as readonly string[]).includes(field)) throw badRequest(`不能按 ${field} 排序`);
  const needle = query.search?.toLowerCase();
  const found = needle ? all.filter((param) => param.key.toLowerCase().includes(needle) || param.placeholder.toLowerCase().includes(needle)) : all;
  const rows = found.map((param, index) => ({ param, index }));
  if (field) {
    const key = field as (typeof ORDERABLE)[number];
    const direction = query.ordering!.startsWith('-') ? -1 : 1;
    rows.sort((a, b) => {
      const x = a.param[key];
      const y = b.param[key];
      return (x < y ? -direction : x > y ? direction : 0) || a.index - b.index;
    });
  }
  return { rows: rows.slice(query.offset, query.offset + query.limit).map((row) => row.param), total: found.length };
}
