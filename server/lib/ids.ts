import { badRequest } from './errors';
import { isId } from './schema-types';

/** Batch bodies carry ids as an array or as the spec's comma-joined string. */
export function parseIds(ids: number[] | string | undefined, emptyMessage = '请选择要操作的数据'): number[] {
  const list = typeof ids === 'string' ? ids.split(/[,，]/).map((part) => part.trim()).filter(Boolean) : (ids ?? []);
  const numbers = list.map((value) => Number(value));
  if (!numbers.every(isId)) throw badRequest('编号列表中含有不合法的编号');
  if (numbers.length === 0) throw badRequest(emptyMessage);
  return [...new Set(numbers)];
}
