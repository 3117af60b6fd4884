import type { LibraryItem } from '../types';
import type { ItemTagRow } from '../../../lib/spreadsheet/item-tag-sheet';
import type { ItemTagWrite } from '../api';

export type ItemTagStatus = 'update' | 'unchanged' | 'reject';

/** What importing one sheet row will do to the item's tags. */
export interface ItemTagPlanRow {
  line: number;
  id: string;
  /** The item's name, or the sheet's when the item does not exist. */
  name: string;
  current: string[];
  next: string[];
  /** Tag names of the row that are not in the tag pool: they cannot be matched. */
  unmatched: string[];
  status: ItemTagStatus;
  reason?: string;
  write?: ItemTagWrite;
}

interface Context {
  items: Map<number, LibraryItem>;
  pool: Set<string>;
  /** The entity the rows must name (报告 or 素材). */
  origin: string;
  noun: string;
}

// The server's limits of export_report/ bodies; longer names cannot be in the pool anyway.
const TAG_MAX = 100;
const NAME_MAX = 500;
const COVER_MAX = 2000;

/**
 * Each row's current and new tags. Rows with an id that is not a whole number, a repeated id,
 * another entity, or an item that does not exist are refused; a sheet without the 标签 column
 * leaves tags as they are.
 */
export function planItemTags(rows: ItemTagRow[], { items, pool, origin, noun }: Context): ItemTagPlanRow[] {
  const seen = new Map<number, number>();
  return rows.map((row) => {
    const id = /^\d+$/.test(row.id) ? Number(row.id) : NaN;
    const item = items.get(id);
    const current = item?.labels.map((label) => label.name) ?? [];
    const tags = row.tags ?? current;
    const base = {
      line: row.line,
      id: row.id,
      name: item?.name ?? row.name,
      current,
      next: tags.filter((name) => pool.has(name)),
      unmatched: tags.filter((name) => !pool.has(name)),
    };
    const reject = (reason: string): ItemTagPlanRow => ({ ...base, next: current, status: 'reject', reason });
    if (!Number.isSafeInteger(id) || id < 1) return reject('id 无效');
    const earlier = seen.get(id);
    if (earlier) return reject(`与第 ${earlier} 行重复`);
    seen.set(id, row.line);
    if (row.origin !== origin) return reject(`实体不是${origin}`);
    if (!item) return reject(`${noun}不存在`);
    if (!row.tags) return { ...base, status: 'unchanged', reason: '表格中没有标签列，标签不变' };
    if (sameNames(base.next, current)) return { ...base, status: 'unchanged' };
    const write = {
      id,
      name: row.name.slice(0, NAME_MAX),
      cover: row.cover.slice(0, COVER_MAX),
      origin,
      labels: row.tags.filter((name) => name.length <= TAG_MAX),
    };
    return { ...base, status: 'update', write };
  });
}

function sameNames(a: string[], b: string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((name) => right.has(name));
}
