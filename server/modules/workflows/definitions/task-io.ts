import { BUILTIN_OPERATOR_PARAMS, type Operator, type ParamSpec, type ParamType } from '../../../../contract/workflows';
import type { Db } from '../../../db/client';
import { paramsOfScripts, type ParamRow } from '../../scripts/queries';

export interface TaskIo {
  inputs: ParamSpec[];
  outputs: ParamSpec[];
}

const specOf = (row: ParamRow): ParamSpec => ({
  field_name: row.fieldName,
  type: row.type as ParamType,
  required: row.required,
  options: row.options,
  number_min: row.numberMin,
  number_max: row.numberMax,
  placeholder: row.placeholder,
});

/** A task's inputs and outputs: its script's parameters, or the built-in operator's. */
export function ioOf(operator: Operator, scriptParams: ParamRow[]): TaskIo {
  if (operator !== 'ScriptOperator') return BUILTIN_OPERATOR_PARAMS[operator] ?? { inputs: [], outputs: [] };
  return {
    inputs: scriptParams.filter((row) => row.direction === 'input').map(specOf),
    outputs: scriptParams.filter((row) => row.direction === 'output').map(specOf),
  };
}

/** The inputs and outputs of these tasks as they stand now, read in one query. */
export async function ioOfTasks(db: Db, tasks: { operator: Operator; scriptId: number | null }[]): Promise<TaskIo[]> {
  const scriptIds = [...new Set(tasks.map((task) => task.scriptId).filter((id): id is number => id !== null))];
  const params = await paramsOfScripts(db, scriptIds);
  return tasks.map((task) => ioOf(task.operator, params.filter((row) => row.scriptId === task.scriptId)));
}
