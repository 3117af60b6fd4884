import { badRequest } from '../../lib/errors';

export const PARAM_DIRECTIONS = ['input', 'output'] as const;
export const PARAM_TYPES = ['string', 'float', 'boolean', 'datetime', 'integer'] as const;

/** Docker's reference grammar: an optional registry host[:port], then lower-case path components. */
const COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const HOST = '(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\\[[0-9a-fA-F:]+\\])(?::[0-9]+)?';
const IMAGE_NAME = new RegExp(`^(?:${HOST}/)?${COMPONENT}(?:/${COMPONENT})*$`);
const IMAGE_TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The text, trimmed; a blank one refused with `message`. */
export function requiredText(value: string | undefined, message: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw badRequest(message);
  return trimmed;
}

/** The image name, or '' for none. */
export function dockerName(value: string): string {
  const name = value.trim();
  if (name && !IMAGE_NAME.test(name)) {
    throw badRequest('镜像名称格式不正确：小写字母、数字和 . _ - 组成，可带仓库地址，如 python 或 registry.example.com/team/etl（标签填在镜像标签中）');
  }
  return name;
}

/** The image tag, or '' for none. */
export function dockerTag(value: string): string {
  const tag = value.trim();
  if (tag && !IMAGE_TAG.test(tag)) throw badRequest('镜像标签格式不正确：以字母、数字或下划线开头，可含 . 和 -，最多 128 个字符，如 3.12-slim');
  return tag;
}

export interface ParamValues {
  direction: string;
  fieldName: string;
  type: string;
  required: boolean;
  options: string[];
  numberMin: number | null;
  numberMax: number | null;
  placeholder: string;
}

/** A parameter as a whole: the body over the stored values (PATCH), every rule checked on the result. */
export function paramValues(body: Partial<{ direction: string; field_name: string; type: string; required: boolean; options: string[] | null; number_min: number | null; number_max: number | null; placeholder: string }>, base?: ParamValues): ParamValues {
  const direction = requiredText(body.direction ?? base?.direction, '请选择参数方向（input 或 output）');
  if (!(PARAM_DIRECTIONS as readonly string[]).includes(direction)) throw badRequest('参数方向只能是 input 或 output');
  const fieldName = requiredText(body.field_name ?? base?.fieldName, '请输入参数名');
  if (!FIELD_NAME.test(fieldName)) throw badRequest('参数名只能由字母、数字和下划线组成，且不能以数字开头');
  const type = requiredText(body.type ?? base?.type, '请选择参数类型');
  if (!(PARAM_TYPES as readonly string[]).includes(type)) throw badRequest(`参数类型只能是 ${PARAM_TYPES.join('、')}`);

  const options = (body.options === undefined ? base?.options : body.options) ?? [];
  if (options.length > 0 && type !== 'string') throw badRequest('只有 string 类型的参数可以设置可选值');
  const trimmed = options.map((option) => option.trim());
  if (trimmed.some((option) => !option)) throw badRequest('可选值不能有空值');
  if (new Set(trimmed).size !== trimmed.length) throw badRequest('可选值不能重复');

  const numberMin = body.number_min === undefined ? (base?.numberMin ?? null) : body.number_min;
  const numberMax = body.number_max === undefined ? (base?.numberMax ?? null) : body.number_max;
  const numeric = type === 'float' || type === 'integer';
  if (!numeric && (numberMin !== null || numberMax !== null)) throw badRequest('只有 float 或 integer 类型的参数可以设置最小值、最大值');
  if (type === 'integer' && [numberMin, numberMax].some((n) => n !== null && !Number.isInteger(n))) {
    throw badRequest('integer 类型参数的最小值、最大值须为整数');
  }
  if (numberMin !== null && numberMax !== null && numberMin > numberMax) throw badRequest('最小值不能大于最大值');

  return {
    direction,
    fieldName,
    type,
    required: body.required ?? base?.required ?? false,
    options: trimmed,
    numberMin,
    numberMax,
    placeholder: (body.placeholder ?? base?.placeholder ?? '').trim(),
  };
}
