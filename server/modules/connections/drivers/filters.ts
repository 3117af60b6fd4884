import { badRequest } from '../../../lib/errors';
import { FILTER_OPS, KIND_LABELS, kindOf, OPS_OF, type ColumnKind, type FilterOp } from '../../../../contract/record-filters';
import type { Dialect } from './read-only-sql';

/**
 * Filters of the records of a table (`records/` and `records/export/` `filters`): a JSON array of
 * `{column, op, value}`, joined by AND. Each column must be one of the table's (from the catalogue);
 * each op must suit the column's kind, and each value must be one of that kind; what is not is
 * refused with a Chinese message naming the column. Names are quoted by the driver, values bound.
 */
export const MAX_FILTERS = 20;
const MAX_VALUE_LENGTH = 1000;

export interface CheckedFilter {
  column: string;
  op: FilterOp;
  kind: ColumnKind;
  /** Bound values: none (is_null, not_null), one, or two (between). */
  values: Array<string | boolean>;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?$/;

const validDate = (text: string) => {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1).map((part) => part ?? undefined) as string[];
  const days = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= days && Number(hour) < 24 && Number(minute) < 60 && Number(second) < 60;
};
const validTime = (text: string) => {
  const match = TIME.exec(text);
  return Boolean(match) && Number(match![1]) < 24 && Number(match![2]) < 60 && Number(match![3] ?? 0) < 60;
};

/** One value of a filter as the column's kind takes it, or a Chinese refusal naming the column. */
function valueOf(column: string, kind: ColumnKind, value: unknown): string | boolean {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined && !(kind === 'boolean' && typeof value === 'boolean')) throw badRequest(`列 ${column} 的筛选值「${shown}」无效，应为${kind === 'boolean' ? ' true 或 false' : '文字或数字'}`);
  if (text !== undefined && text.length > MAX_VALUE_LENGTH) throw badRequest(`列 ${column} 的筛选值太长（最多 ${MAX_VALUE_LENGTH} 个字符）`);
  switch (kind) {
    case 'number':
      if (!NUMBER.test(text!)) throw badRequest(`列 ${column} 是数字类型，筛选值「${shown}」不是数字`);
      return text!;
    case 'date':
      if (!validDate(text!)) throw badRequest(`列 ${column} 是日期时间类型，筛选值「${shown}」不是有效的日期（如 2024-01-31 或 2024-01-31 08:30:00）`);
      return text!.replace('T', ' ');
    case 'time':
      if (!validTime(text!)) throw badRequest(`列 ${column} 是时间类型，筛选值「${shown}」不是有效的时间（如 08:30:00）`);
      return text!;
    case 'boolean': {
      const truth = { true: true, '1': true, 是: true, false: false, '0': false, 否: false } as Record<string, boolean>;
      const key = String(value).toLowerCase();
      if (!(key in truth)) throw badRequest(`列 ${column} 是布尔类型，筛选值「${shown}」应为 true 或 false`);
      return truth[key];
    }
    default:
      return text!;
  }
}

/** The filters of a request, checked against the table's columns (name and declared type). */
export function checkedFilters(table: string, columns: Array<{ name: string; type: string }>, raw: string | undefined): CheckedFilter[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) throw badRequest('filters 应为 JSON 数组，如 [{"column":"name","op":"contains","value":"东"}]');
  if (parsed.length > MAX_FILTERS) throw badRequest(`筛选条件最多 ${MAX_FILTERS} 条`);
  return parsed.map((item: unknown, index) => {
    const { column, op, value } = (item ?? {}) as { column?: unknown; op?: unknown; value?: unknown };
    if (typeof column !== 'string' || !column) throw badRequest(`第 ${index + 1} 个筛选条件缺少列名（column）`);
    const known = columns.find((candidate) => candidate.name === column);
    if (!known) throw badRequest(`表 ${table} 没有列 ${column}，不能按它筛选`);
    if (typeof op !== 'string' || !(op in FILTER_OPS)) {
      throw badRequest(`不支持的筛选方式：${String(op)}（可选 ${Object.entries(FILTER_OPS).map(([key, label]) => `${key} ${label}`).join('、')}）`);
    }
    const kind = kindOf(known.type);
    const allowed = OPS_OF[kind];
    if (!allowed.includes(op as FilterOp)) {
      const label = kind === 'other' ? `${known.type} 类型` : KIND_LABELS[kind];
      throw badRequest(`列 ${column} 是${label}，不能用「${FILTER_OPS[op as FilterOp]}」筛选（可用：${allowed.map((allowedOp) => FILTER_OPS[allowedOp]).join('、')}）`);
    }
    const checkedOp = op as FilterOp;
    if (checkedOp === 'is_null' || checkedOp === 'not_null') return { column, op: checkedOp, kind, values: [] };
    if (checkedOp === 'between') {
      if (!Array.isArray(value) || value.length !== 2) throw badRequest(`列 ${column} 的「介于」筛选值应为两个值的数组，如 [1, 10]`);
      return { column, op: checkedOp, kind, values: value.map((one) => valueOf(column, kind, one)) };
    }
    if (value === undefined || value === null || value === '') throw badRequest(`列 ${column} 的「${FILTER_OPS[checkedOp]}」筛选缺少筛选值`);
    return { column, op: checkedOp, kind, values: [valueOf(column, kind, value)] };
  });
}

/** `%`, `_` and `\` of a LIKE pattern taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The WHERE clause of checked filters: names quoted by `quote`, values bound (PostgreSQL `$n` from
 * `first`, MySQL `?`). `不等于` keeps the rows where the column is NULL.
 */
export function whereOf(filters: CheckedFilter[], dialect: Dialect, quote: (name: string) => string, first = 1): { sql: string; values: Array<string | boolean> } {
  const values: Array<string | boolean> = [];
  const bind = (value: string | boolean, kind: ColumnKind) => {
    values.push(value);
    if (dialect === 'mysql') return '?';
    return kind === 'number' ? `$${first + values.length - 1}::numeric` : `$${first + values.length - 1}`;
  };
  const parts = filters.map(({ column, op, kind, values: given }) => {
    const name = quote(column);
    const target = kind === 'other' ? (dialect === 'mysql' ? `cast(${name} as char)` : `${name}::text`) : name;
    switch (op) {
      case 'is_null':
        return `${name} is null`;
      case 'not_null':
        return `${name} is not null`;
      case 'contains':
        return dialect === 'mysql' ? `${target} like ${bind(`%${likeLiteral(String(given[0]))}%`, kind)}` : `${target} ilike ${bind(`%${likeLiteral(String(given[0]))}%`, kind)}`;
      case 'between':
        return `${target} between ${bind(given[0], kind)} and ${bind(given[1], kind)}`;
      case 'ne':
        return dialect === 'mysql' ? `not (${target} <=> ${bind(given[0], kind)})` : `${target} is distinct from ${bind(given[0], kind)}`;
      default: {
        const operator = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' }[op];
        return `${target} ${operator} ${bind(given[0], kind)}`;
      }
    }
  });
  return { sql: parts.length ? ` where ${parts.join(' and ')}` : '', values };
}
