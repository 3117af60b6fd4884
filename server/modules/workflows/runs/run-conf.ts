import type { ParamSpec } from '../../../../contract/workflows';
import { badRequest } from '../../../lib/errors';
import { parseInstant } from '../../../lib/dates';
import type { WorkflowDefinition } from '../types';

/** The inputs a run is given, keyed `task.field`, with their specs. */
export function runInputsOf(definition: WorkflowDefinition): Map<string, ParamSpec> {
  const inputs = new Map<string, ParamSpec>();
  for (const task of definition.tasks) {
    for (const field of task.runInputs) {
      const spec = task.inputs.find((input) => input.field_name === field);
      if (spec) inputs.set(`${task.name}.${field}`, spec);
    }
  }
  return inputs;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** One value checked against its spec, as the script will get it (numbers and booleans from their text too). */
function checkValue(key: string, spec: ParamSpec, value: unknown, timeZone: string): unknown {
  switch (spec.type) {
    case 'integer':
    case 'float': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) throw badRequest(`运行参数 ${key} 应为${spec.type === 'integer' ? '整数' : '数字'}`);
      if (spec.type === 'integer' && !Number.isInteger(number)) throw badRequest(`运行参数 ${key} 应为整数`);
      if (spec.number_min !== null && number < spec.number_min) throw badRequest(`运行参数 ${key} 不能小于 ${spec.number_min}`);
      if (spec.number_max !== null && number > spec.number_max) throw badRequest(`运行参数 ${key} 不能大于 ${spec.number_max}`);
      return number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw badRequest(`运行参数 ${key} 应为 true 或 false`);
    case 'datetime':
      if (typeof value !== 'string' || !parseInstant(value, timeZone)) throw badRequest(`运行参数 ${key} 应为日期时间，如 2026-11-25 10:00:00`);
      return value;
    default:
      if (typeof value !== 'string') throw badRequest(`运行参数 ${key} 应为文本`);
      if (spec.options.length > 0 && !spec.options.includes(value)) throw badRequest(`运行参数 ${key} 应为以下之一：${spec.options.join('、')}`);
      return value;
  }
}

/** A run's conf checked against the run inputs of the version it will execute; the values as the tasks will get them. */
export function checkConf(definition: WorkflowDefinition, conf: Record<string, unknown>, timeZone: string): Record<string, unknown> {
  const inputs = runInputsOf(definition);
  const known = [...inputs.keys()];
  for (const key of Object.keys(conf)) {
    if (!inputs.has(key)) {
      throw badRequest(known.length > 0 ? `运行参数 ${key} 不存在：本工作流的运行参数为 ${known.join('、')}` : `运行参数 ${key} 不存在：本工作流没有运行参数`);
    }
  }
  const checked: Record<string, unknown> = {};
  for (const [key, spec] of inputs) {
    const value = conf[key];
    if (blank(value)) {
      if (spec.required) throw badRequest(`请填写运行参数 ${key}`);
      continue;
    }
    checked[key] = checkValue(key, spec, value, timeZone);
  }
  return checked;
}
