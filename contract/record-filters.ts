/**
 * Filters of a table's records in the database browser, as the server checks them and the app
 * offers them: the ops, and which of them each kind of column takes (kind from the column's
 * declared type: PostgreSQL's format_type, MySQL's column_type).
 */
export const FILTER_OPS = {
  eq: '等于',
  ne: '不等于',
  contains: '包含',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  between: '介于',
  is_null: '为空',
  not_null: '不为空',
} as const;
export type FilterOp = keyof typeof FILTER_OPS;

/** How a column is compared: what its declared type (PostgreSQL's format_type, MySQL's column_type) says. */
export type ColumnKind = 'number' | 'date' | 'time' | 'boolean' | 'text' | 'other';

export const KIND_LABELS: Record<Exclude<ColumnKind, 'other'>, string> = { number: '数字类型', date: '日期时间类型', time: '时间类型', boolean: '布尔类型', text: '文本类型' };

/** The ops each kind takes; `other` (binary, arrays, JSON, geometry, uuid, …) compares as text for equality only. */
export const OPS_OF: Record<ColumnKind, FilterOp[]> = {
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'is_null', 'not_null'],
  date: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'is_null', 'not_null'],
  time: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'is_null', 'not_null'],
  boolean: ['eq', 'ne', 'is_null', 'not_null'],
  text: ['eq', 'ne', 'contains', 'is_null', 'not_null'],
  other: ['eq', 'ne', 'is_null', 'not_null'],
};

export function kindOf(type: string): ColumnKind {
  const t = type.toLowerCase().trim();
  if (t.endsWith('[]')) return 'other';
  if (/^(smallint|integer|bigint|int|tinyint|mediumint|numeric|decimal|dec|real|double|float|serial|smallserial|bigserial|year)\b/.test(t)) return 'number';
  if (/^(date|timestamp|datetime)\b/.test(t)) return 'date';
  if (/^time\b/.test(t)) return 'time';
  if (/^(boolean|bool)\b/.test(t)) return 'boolean';
  if (/^(text|character|varchar|char|"char"|citext|name|tinytext|mediumtext|longtext|enum|set|nvarchar|nchar)\b/.test(t)) return 'text';
  return 'other';
}

