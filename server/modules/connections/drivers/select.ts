import { badRequest } from '../../../lib/errors';
import { SELECT_ROWS_MAX, type SelectWhere } from './types';

/**
 * What every driver's `select` checks against the catalogue before it writes any SQL: the table
 * exists (`known` is its columns, undefined when there is no such table), every chosen and filtered
 * column is one of them. Answers the row cap to use.
 */
export function checkedSelect(known: string[] | undefined, schema: string, table: string, columns: string[], where: SelectWhere, limit: number): number {
  if (!known) throw badRequest(`数据表 ${schema}.${table} 不存在`);
  if (columns.length === 0) throw badRequest('请选择要读取的列');
  const missing = [...new Set([...columns, ...Object.keys(where)])].filter((name) => !known.includes(name));
  if (missing.length > 0) throw badRequest(`数据表 ${schema}.${table} 缺少列：${missing.join('、')}`);
  return Math.max(0, Math.min(Math.floor(limit), SELECT_ROWS_MAX));
}
