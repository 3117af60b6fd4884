import { libraryApi } from '../../pages/library/api';
import { libraryPath, type LibraryKind } from '../../pages/library/kinds';
import type { LibraryItem } from '../../pages/library/types';
import { reportClient } from '../../providers/http';

const POOL_PAGE = 1000;
const ITEM_PAGE = 100;
const PARALLEL = 4;

/** Every label name of the kind's tag pool (its origin), page by page. */
export async function fetchTagPool(projectUuid: string, kind: LibraryKind): Promise<Set<string>> {
  const url = `/studio/report/api/report/projects/${encodeURIComponent(projectUuid)}/label/`;
  const names = new Set<string>();
  for (let offset = 0; ; offset += POOL_PAGE) {
    const { data } = await reportClient.get<{ count: number; results: { name: string }[] }>(url, {
      params: { origin: kind.origin, limit: POOL_PAGE, offset },
    });
    data.results.forEach((label) => names.add(label.name));
    if (data.results.length < POOL_PAGE || offset + POOL_PAGE >= data.count) return names;
  }
}

/**
 * The items of these ids that exist, by id. The list has no id filter: after its first page
 * this reads either the remaining pages or each missing id, whichever takes fewer requests.
 */
export async function fetchItems(projectUuid: string, kind: LibraryKind, ids: number[]): Promise<Map<number, LibraryItem>> {
  const api = libraryApi(projectUuid, kind);
  const found = new Map<number, LibraryItem>();
  const keep = (items: LibraryItem[]) => items.forEach((item) => found.set(item.id, item));
  const first = await api.listItems({ pageNo: 1, pageSize: ITEM_PAGE });
  keep(first.items);
  const missing = ids.filter((id) => !found.has(id));
  const pages = Math.ceil(first.total / ITEM_PAGE) - 1;
  if (missing.length === 0) return found;
  if (pages <= missing.length) {
    const pageNumbers = Array.from({ length: pages }, (_, i) => i + 2);
    await inParallel(pageNumbers, async (pageNo) => keep((await api.listItems({ pageNo, pageSize: ITEM_PAGE })).items));
  } else {
    await inParallel(missing, async (id) => {
      const item = await fetchItem(projectUuid, kind, id);
      if (item) found.set(item.id, item);
    });
  }
  return found;
}

/** One item, or undefined when it does not exist (a 404 the HTTP layer keeps silent). */
async function fetchItem(projectUuid: string, kind: LibraryKind, id: number): Promise<LibraryItem | undefined> {
  try {
    return (await reportClient.get<{ data: LibraryItem }>(libraryPath(projectUuid, kind, 'item', `${id}/`))).data.data;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return undefined;
    throw error;
  }
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** A row of POST export_report/ (server/modules/library/item-routes.ts). */
export interface ItemTagWrite {
  id: number;
  name: string;
  cover: string;
  origin: string;
  labels: string[];
}

/** Sets each listed item's tags by name, all rows in one request and one transaction. */
export async function importItemTags(projectUuid: string, kind: LibraryKind, reports: ItemTagWrite[]): Promise<void> {
  await reportClient.post(libraryPath(projectUuid, kind, 'item', 'export_report/'), { reports });
}
