import type { ParamSpec, ParamType } from '../../../../../contract/workflows';

export const PARAM_TYPE_NAMES: Record<ParamType, string> = { string: '字符串', integer: '整数', float: '数值', boolean: '布尔值', datetime: 'ISO 8601 日期时间' };

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/** Why `value` does not fit `spec`, in Chinese without the field's name, or null when it fits. */
export function paramValueProblem(spec: ParamSpec, value: unknown): string | null {
  const fits =
    (spec.type === 'string' && typeof value === 'string') ||
    (spec.type === 'integer' && Number.isInteger(value)) ||
    (spec.type === 'float' && typeof value === 'number' && Number.isFinite(value)) ||
    (spec.type === 'boolean' && typeof value === 'boolean') ||
    (spec.type === 'datetime' && typeof value === 'string' && ISO_DATETIME.test(value) && !Number.isNaN(Date.parse(value)));
  if (!fits) return `应为${PARAM_TYPE_NAMES[spec.type]}，实际是 ${shown(value)}`;
  if (spec.options.length > 0 && !spec.options.includes(value as string)) return `只能是 ${spec.options.join('、')} 之一，实际是 ${shown(value)}`;
  if (typeof value === 'number') {
    if (spec.number_min !== null && value < spec.number_min) return `不能小于 ${spec.number_min}，实际是 ${value}`;
    if (spec.number_max !== null && value > spec.number_max) return `不能大于 ${spec.number_max}，实际是 ${value}`;
  }
  return null;
}

/** The last line of `text` with something on it, or ''. */
export function lastNonEmptyLine(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i -= 1) if (lines[i].trim()) return lines[i].trim();
  return '';
}

/**
 * A script's outputs from the last non-empty line of its stdout (a JSON object), checked against
 * the task's outputs: required ones present, every value of its type; keys the task does not
 * declare are dropped. Throws the Chinese reason naming the field.
 */
export function readScriptOutputs(specs: ParamSpec[], lastLine: string): Record<string, unknown> {
  if (specs.length === 0) return {};
  const names = specs.map((spec) => spec.field_name).join('、');
  let parsed: unknown;
  try {
    parsed = JSON.parse(lastLine);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`脚本标准输出的最后一行不是 JSON 对象，读不到输出 ${names}；请在最后一行打印如 {"${specs[0].field_name}": …} 的 JSON`);
  }
  const given = parsed as Record<string, unknown>;
  const outputs: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = Object.hasOwn(given, spec.field_name) ? given[spec.field_name] : undefined;
    if (value === undefined || value === null) {
      if (spec.required) throw new Error(`脚本没有输出必填的 ${spec.field_name}`);
      continue;
    }
    const problem = paramValueProblem(spec, value);
    if (problem) throw new Error(`脚本输出 ${spec.field_name} ${problem}`);
    outputs[spec.field_name] = value;
  }
  return outputs;
}
