import type { CrudFilters, CrudSorting } from '@refinedev/core';

export type ViewMode = 'card' | 'list';
type SortKey = 'created_at' | '-created_at';

/** What the list shows: every value lives in the URL query, so a link reopens the same view. */
export interface ListQuery {
  pageNo: number;
  pageSize: number;
  name: string;
  /** 全文: words the items' file text must hold (reports); then the list is ranked by relevance. */
  content: string;
  /** Undefined: 全部内容. */
  groupId?: number;
  sort: SortKey;
  start?: string;
  end?: string;
  labelIds: number[];
  /** A region level 1 to 7: items with a label of that level (extra_info.level). */
  level?: number;
  view: ViewMode;
}

const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100];

/** The query parameters the list owns; any other (mode, theme, workflow, hasDimension) is left alone. */
const LIST_KEYS = ['pageNo', 'pageSize', 'name', 'content', 'groupId', 'created_at', 'start_time', 'end_time', 'label_ids', 'level', 'view'] as const;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
};

export function readListQuery(params: URLSearchParams): ListQuery {
  const group = Number(params.get('groupId'));
  const hasGroup = params.get('groupId') !== null && params.get('groupId') !== '' && Number.isInteger(group) && group > 0;
  return {
    pageNo: positive(params.get('pageNo'), 1),
    pageSize: Math.min(positive(params.get('pageSize'), DEFAULT_PAGE_SIZE), PAGE_SIZES[PAGE_SIZES.length - 1]),
    name: params.get('name') ?? '',
    content: params.get('content') ?? '',
    groupId: hasGroup ? group : undefined,
    sort: params.get('created_at') === '-created_at' ? '-created_at' : 'created_at',
    start: params.get('start_time') || undefined,
    end: params.get('end_time') || undefined,
    labelIds: (params.get('label_ids') ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
    level: /^[1-7]$/.test(params.get('level') ?? '') ? Number(params.get('level')) : undefined,
    view: params.get('view') === 'list' ? 'list' : 'card',
  };
}

/** The URL query of a list view: `current` with the list's own keys replaced by `query`'s values (defaults left out). */
export function writeListQuery(current: URLSearchParams, query: ListQuery): URLSearchParams {
  const next = new URLSearchParams(current);
  LIST_KEYS.forEach((key) => next.delete(key));
  if (query.groupId !== undefined) next.set('groupId', String(query.groupId));
  if (query.name) next.set('name', query.name);
  if (query.content) next.set('content', query.content);
  if (query.sort !== 'created_at') next.set('created_at', query.sort);
  if (query.start) next.set('start_time', query.start);
  if (query.end) next.set('end_time', query.end);
  if (query.labelIds.length) next.set('label_ids', query.labelIds.join(','));
  if (query.level !== undefined) next.set('level', String(query.level));
  // Always written, so a view reset to the defaults is not mistaken for a bare visit.
  next.set('pageNo', String(query.pageNo));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(query.pageSize));
  if (query.view !== 'card') next.set('view', query.view);
  return next;
}

/** The view of a visit with no list parameters. */
export const DEFAULT_LIST_QUERY: ListQuery = readListQuery(new URLSearchParams());

/** A list view as Refine's list state: the page, report_list's filters and the date sort. */
export function listRequest(query: ListQuery, pageNo = query.pageNo) {
  const filters: CrudFilters = [
    { field: 'name', operator: 'eq', value: query.name },
    { field: 'content', operator: 'eq', value: query.content || undefined },
    { field: 'group_id', operator: 'eq', value: query.groupId },
    { field: 'start_time', operator: 'eq', value: query.start },
    { field: 'end_time', operator: 'eq', value: query.end },
    { field: 'label_ids', operator: 'in', value: query.labelIds.length ? query.labelIds : undefined },
    { field: 'level', operator: 'eq', value: query.level },
  ];
  const sorters: CrudSorting = [{ field: 'created_at', order: query.sort.startsWith('-') ? 'desc' : 'asc' }];
  return { current: pageNo, pageSize: query.pageSize, filters, sorters };
}

/** True when the URL carries none of the list's own parameters (a plain visit of the route). */
export const isBareQuery = (params: URLSearchParams) => LIST_KEYS.every((key) => !params.has(key));

/** The list parameters alone, to remember between visits. */
export function listPart(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  LIST_KEYS.forEach((key) => {
    const value = params.get(key);
    if (value !== null) kept.set(key, value);
  });
  return kept.toString();
}
