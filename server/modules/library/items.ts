import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { intArray } from '../../lib/sql';
import { labels, libraryItemContents, libraryItemLabels, libraryItems, storedFiles, type ContentState, type LibraryKind } from '../../db/schema';
import { formatDateTime, parseDateTime } from '../../lib/dates';
import { badRequest } from '../../lib/errors';
import { thumbnailUrl } from '../uploads/access';
import { BUILTIN_COVER } from './files';
import { isId } from '../../lib/schema-types';

export type ItemRow = typeof libraryItems.$inferSelect;
/** An item's columns but the kept search arrays, which no answer shows. */
const { terms: _terms, pairs: _pairs, ...shownColumns } = getTableColumns(libraryItems);
export const PAGE_SIZE_MAX = 100;

export interface ListFilter {
  pageNo: number;
  pageSize: number;
  name?: string;
  /** undefined: every item; null: items without a group. */
  groupId?: number | null;
  descending: boolean;
  start?: Date;
  end?: Date;
  labelIds: number[];
  labelNames: string[];
  /** A region level 1 to 7: items with a label whose extra_info.level is it (a dimension's or a region's). */
  level?: number;
}

const wholeNumber = (value: string | undefined, fallback: number, message: string, min: number, max: number) => {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) throw badRequest(message);
  return Number(value);
};

/** The list query of spec section 3, checked; bad values answer 400 in Chinese. */
export function readListQuery(query: Record<string, string | undefined>, timeZone: string): ListFilter {
  const time = (value: string | undefined, label: string) => {
    if (!value) return undefined;
    const date = parseDateTime(value, timeZone);
    if (!date) throw badRequest(`${label}格式应为 yyyy-MM-dd HH:mm:ss`);
    return date;
  };
  const sort = query.created_at || 'created_at';
  if (sort !== 'created_at' && sort !== '-created_at') throw badRequest('排序只能按创建时间升序或降序');
  const group = query.group_id;
  let groupId: number | null | undefined;
  if (group !== undefined && group !== '' && group !== '-1') {
    if (!/^\d+$/.test(group) || (group !== '0' && !isId(Number(group)))) throw badRequest('分组编号不合法');
    groupId = Number(group) === 0 ? null : Number(group);
  }
  const labelIds = (query.label_ids ?? '').split(/[,，]/).map((part) => part.trim()).filter(Boolean);
  if (labelIds.some((id) => !/^\d+$/.test(id) || !isId(Number(id)))) throw badRequest('标签编号不合法');
  const filter: ListFilter = {
    pageNo: wholeNumber(query.pageNo, 1, '页码必须是大于 0 的整数', 1, 1_000_000),
    pageSize: wholeNumber(query.pageSize, 10, `每页条数必须在 1 到 ${PAGE_SIZE_MAX} 之间`, 1, PAGE_SIZE_MAX),
    name: query.name?.trim() || undefined,
    groupId,
    descending: sort === '-created_at',
    start: time(query.start_time, '开始时间'),
    end: time(query.end_time, '结束时间'),
    labelIds: labelIds.map(Number),
    labelNames: (query.label_names ?? '').split(/[,，]/).map((part) => part.trim()).filter(Boolean),
    level: query.level ? wholeNumber(query.level, 0, '层级必须是 1 到 7 的整数', 1, 7) : undefined,
  };
  if (filter.start && filter.end && filter.end < filter.start) throw badRequest('结束时间不能早于开始时间');
  return filter;
}

/** What an item is presented with: its row, its card image's file and its labels, in one statement. */
export const presentedColumns = {
  item: shownColumns,
  imageFile: { id: storedFiles.id, name: storedFiles.name, thumbKey: storedFiles.thumbKey },
  labels: sql<Array<{ id: number; name: string; label_group: number | null; extra_info: Record<string, unknown> }>>`coalesce((
    select json_agg(json_build_object('id', ${labels.id}, 'name', ${labels.name}, 'label_group', ${labels.labelGroupId}, 'extra_info', ${labels.extraInfo}) order by ${labels.id})
    from ${libraryItemLabels} join ${labels} on ${labels.id} = ${libraryItemLabels.labelId}
    where ${libraryItemLabels.itemId} = ${libraryItems.id}), '[]'::json)`,
  /** Text extraction (docs/design/content-search.md); no row yet reads as queued. */
  content: sql<{ state: ContentState; reason: string | null } | null>`(select json_build_object('state', ${libraryItemContents.state}, 'reason', ${libraryItemContents.reason})
    from ${libraryItemContents} where ${libraryItemContents.itemId} = ${libraryItems.id})`,
};
/** The file a card shows: a report's cover, or its report file when it has no cover of its own (the first page, once drawn); a material's image. */
export const imageFileOfItem = eq(
  storedFiles.id,
  sql`case when ${libraryItems.kind} = 'report' then coalesce(${libraryItems.coverFileId}, ${libraryItems.fileId}) else ${libraryItems.fileId} end`,
);
export type Presentable = {
  item: Omit<ItemRow, 'terms' | 'pairs'>;
  imageFile: { id: number; name: string; thumbKey: string | null } | null;
  labels: typeof presentedColumns.labels._.type;
  content: typeof presentedColumns.content._.type;
};

export async function itemsOfProject(db: Db, projectUuid: string, kind: LibraryKind, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(libraryItems).where(and(eq(libraryItems.projectUuid, projectUuid), eq(libraryItems.kind, kind), inArray(libraryItems.id, ids)));
}

/**
 * One item as the detail answers it, prepared once: the detail is the primary-key fetch every
 * client does, and building the statement cost more than running it.
 */
const itemQuery = preparedPer((db) =>
  db
    .select(presentedColumns)
    .from(libraryItems)
    .leftJoin(storedFiles, imageFileOfItem)
    .where(and(eq(libraryItems.projectUuid, sql.placeholder('projectUuid')), eq(libraryItems.kind, sql.placeholder('kind')), eq(libraryItems.id, sql.placeholder('id'))))
    .prepare('library_item'),
);

/** An item as the report service shows it, with its labels and card thumbnail. */
export function presentItem({ item, imageFile, labels: itemLabels, content }: Presentable, timeZone: string) {
  const imageFileId = item.kind === 'report' ? item.coverFileId : item.fileId;
  const builtin = item.kind === 'report' && BUILTIN_COVER.test(item.cover) ? item.cover : null;
  return {
    id: item.id,
    name: item.name,
    create_user: item.createUser,
    cover: item.cover,
    file: item.file,
    real_file_name: item.realFileName,
    group_id: item.groupId ?? -1,
    // A report without a cover of its own shows its file's first page once drawn, until then the built-in cover.
    thumbnail: imageFileId !== null ? imageFile && thumbnailUrl(imageFile) : imageFile?.thumbKey ? thumbnailUrl(imageFile) : builtin,
    labels: itemLabels,
    created_at: formatDateTime(item.createdAt, timeZone)!,
    updated_at: formatDateTime(item.updatedAt, timeZone)!,
    content_state: content?.state ?? 'queued',
    content_reason: content?.reason ?? null,
  };
}

/** One item as the detail answers it, or undefined when the project has no such item of this kind. */
export async function presentedItem(db: Db, projectUuid: string, kind: LibraryKind, id: number, timeZone: string) {
  const [found] = await itemQuery(db).execute({ projectUuid, kind, id });
  return found && presentItem(found, timeZone);
}

const itemsQuery = preparedPer((db) =>
  db
    .select(presentedColumns)
    .from(libraryItems)
    .leftJoin(storedFiles, imageFileOfItem)
    .where(and(eq(libraryItems.projectUuid, sql.placeholder('projectUuid')), eq(libraryItems.kind, sql.placeholder('kind')), sql`${libraryItems.id} = any(${sql.placeholder('ids')}::int[])`))
    .orderBy(asc(libraryItems.id))
    .prepare('library_items'),
);

/** Items by id, presented, oldest first (a bulk create's answer), by a statement prepared once like the detail's. */
export async function presentedItems(db: Db, projectUuid: string, kind: LibraryKind, ids: number[], timeZone: string) {
  if (ids.length === 0) return [];
  const found = await itemsQuery(db).execute({ projectUuid, kind, ids: intArray(ids) });
  return found.map((row) => presentItem(row, timeZone));
}
