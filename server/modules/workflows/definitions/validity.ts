import type { DagValidity, Operator, ParamSpec, ParamType } from '../../../../contract/workflows';

export type ParamValue = string | number | boolean | null;

/** A task as the checks see it: plain data, its inputs and outputs as they stand now. */
export interface DagTask {
  id: number;
  name: string;
  operator: Operator;
  scriptId: number | null;
  inputs: ParamSpec[];
  outputs: ParamSpec[];
  params: Record<string, ParamValue>;
  runInputs: string[];
}

export interface DagLink {
  sourceTaskId: number;
  targetTaskId: number;
  sourceParam: string;
  targetParam: string;
}

const TYPE_WORDS: Record<ParamType, string> = {
  string: '文本',
  integer: '整数',
  float: '数字',
  boolean: '布尔值 true 或 false',
  datetime: ' ISO 8601 时间，如 2026-01-01T00:00:00+08:00',
};
const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** What is wrong with a fixed value of an input, or null when it fits the input's type, options and range. */
export function valueProblem(task: string, spec: ParamSpec, value: ParamValue): string | null {
  const field = `任务 ${task} 的输入 ${spec.field_name}`;
  const fits =
    spec.type === 'string' ? typeof value === 'string'
    : spec.type === 'integer' ? Number.isInteger(value)
    : spec.type === 'float' ? typeof value === 'number' && Number.isFinite(value)
    : spec.type === 'boolean' ? typeof value === 'boolean'
    : typeof value === 'string' && DATETIME.test(value.trim()) && !Number.isNaN(Date.parse(value.trim().replace(' ', 'T')));
  if (!fits) return `${field} 须为${TYPE_WORDS[spec.type]}（${spec.type}）`;
  if (spec.type === 'string' && spec.options.length > 0 && !spec.options.includes(value as string)) return `${field} 只能是 ${spec.options.join('、')} 之一`;
  if (typeof value === 'number' && spec.number_min !== null && value < spec.number_min) return `${field} 不能小于 ${spec.number_min}`;
  if (typeof value === 'number' && spec.number_max !== null && value > spec.number_max) return `${field} 不能大于 ${spec.number_max}`;
  return null;
}

/** The problems of a task's fixed values and run inputs against its inputs. */
export function paramProblems(task: string, inputs: ParamSpec[], params: Record<string, ParamValue>, runInputs: string[]): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const spec = inputs.find((input) => input.field_name === key);
    if (!spec) problems.push(`任务 ${task} 没有输入 ${key}（固定值 params）`);
    else if (value !== null) {
      const problem = valueProblem(task, spec, value);
      if (problem) problems.push(problem);
    }
  }
  for (const key of runInputs) {
    if (!inputs.some((input) => input.field_name === key)) problems.push(`任务 ${task} 没有输入 ${key}（运行时输入 run_inputs）`);
  }
  return problems;
}

/** Same type; an integer feeds a float; anything feeds a string. */
export const compatible = (from: ParamType, to: ParamType) => from === to || to === 'string' || (from === 'integer' && to === 'float');

/** The problem of a link's params between two tasks of the workflow, or null. */
export function linkParamProblem(source: DagTask, target: DagTask, sourceParam: string, targetParam: string): string | null {
  if (!sourceParam && !targetParam) return null;
  if (!sourceParam || !targetParam) return `连线 ${source.name} → ${target.name} 须同时填写 source_param 和 target_param，或都留空（仅表示先后顺序）`;
  const output = source.outputs.find((spec) => spec.field_name === sourceParam);
  if (!output) return `任务 ${source.name} 没有输出 ${sourceParam}（source_param）`;
  const input = target.inputs.find((spec) => spec.field_name === targetParam);
  if (!input) return `任务 ${target.name} 没有输入 ${targetParam}（target_param）`;
  if (!compatible(output.type, input.type)) return `类型不匹配：${source.name}.${sourceParam}(${output.type}) → ${target.name}.${targetParam}(${input.type})`;
  return null;
}

/** `a`, `a 与 b`, `a、b 与 c`. */
const namesOf = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join('、')} 与 ${names[names.length - 1]}`);

/** The groups of tasks that depend on each other in a circle (Tarjan's strongly connected components), in task order. */
function cycles(tasks: DagTask[], links: DagLink[]): DagTask[][] {
  const next = new Map<number, number[]>(tasks.map((task) => [task.id, []]));
  for (const link of links) next.get(link.sourceTaskId)?.push(link.targetTaskId);
  const order = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const found: number[][] = [];
  const visit = (id: number) => {
    order.set(id, order.size);
    low.set(id, order.get(id)!);
    stack.push(id);
    onStack.add(id);
    for (const to of next.get(id) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(id, Math.min(low.get(id)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(id, Math.min(low.get(id)!, order.get(to)!));
    }
    if (low.get(id) !== order.get(id)) return;
    const component: number[] = [];
    let member: number;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== id);
    if (component.length > 1) found.push(component);
  };
  for (const task of tasks) if (!order.has(task.id)) visit(task.id);
  return found.map((component) => tasks.filter((task) => component.includes(task.id)));
}

/** Whether the definition can be published, and every reason it cannot, in Chinese naming tasks and fields. */
export function dagValidity(tasks: DagTask[], links: DagLink[]): DagValidity {
  const errors: string[] = [];
  if (tasks.length === 0) errors.push('工作流没有任务');
  const byId = new Map(tasks.map((task) => [task.id, task]));
  for (const task of tasks) {
    if (task.operator === 'ScriptOperator' && task.scriptId === null) errors.push(`任务 ${task.name} 未选择脚本`);
    errors.push(...paramProblems(task.name, task.inputs, task.params, task.runInputs));
  }

  const inside: DagLink[] = [];
  const feeders = new Map<string, string>();
  for (const link of links) {
    const source = byId.get(link.sourceTaskId);
    const target = byId.get(link.targetTaskId);
    if (!source || !target) {
      const missing = [link.sourceTaskId, link.targetTaskId].filter((id) => !byId.has(id));
      errors.push(`连线 ${source?.name ?? link.sourceTaskId} → ${target?.name ?? link.targetTaskId} 指向不在本工作流中的任务 ${[...new Set(missing)].join('、')}`);
      continue;
    }
    if (source === target) {
      errors.push(`任务 ${source.name} 不能依赖自身`);
      continue;
    }
    inside.push(link);
    const problem = linkParamProblem(source, target, link.sourceParam, link.targetParam);
    if (problem) errors.push(problem);
    // A link with a wrong param still means to feed its input: that input is not named again as missing.
    if (link.targetParam) {
      const key = `${target.name}.${link.targetParam}`;
      const feeder = feeders.get(key);
      if (feeder) errors.push(`任务 ${target.name} 的输入 ${link.targetParam} 已由 ${feeder} 提供，不能再由 ${source.name}.${link.sourceParam} 提供`);
      else feeders.set(key, `${source.name}.${link.sourceParam}`);
    }
  }

  for (const task of tasks) {
    for (const input of task.inputs) {
      const given = feeders.has(`${task.name}.${input.field_name}`) || (task.params[input.field_name] ?? null) !== null || task.runInputs.includes(input.field_name);
      if (input.required && !given) errors.push(`任务 ${task.name} 的必填输入 ${input.field_name} 未提供`);
    }
  }
  for (const group of cycles(tasks, inside)) errors.push(`任务 ${namesOf(group.map((task) => task.name))} 之间存在循环依赖`);
  return { is_valid_dag: errors.length === 0, errors };
}
