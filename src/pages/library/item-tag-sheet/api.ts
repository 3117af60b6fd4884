import { useMemo } from 'react';
import { inParallel } from '../../../lib/in-parallel';
import { useLabelApi } from '../../tags/api';
import { useLibraryApi, type LibraryApi } from '../api';
import type { LibraryKind } from '../kinds';
import { DEFAULT_LIST_QUERY } from '../list-query';
import type { LibraryItem } from '../types';

const ITEM_PAGE = 100;
const PARALLEL = 4;

/** What the tag spreadsheet import reads and writes. */
export function useItemTagApi(projectUuid: string, kind: LibraryKind) {
  const labels = useLabelApi(projectUuid);
  const api = useLibraryApi(projectUuid, kind);
  return useMemo(
    () => ({
      /** Every label name of the kind's tag pool (its entity), page by page. */
      tagPool: async (): Promise<Set<string>> => {
        const pool = await labels.listAllLabels({ name: '', origin: kind.entity });
        return new Set(pool.map((label) => label.name));
      },
      items: (ids: number[]) => fetchItems(api, ids),
      /** Writes the rows; the sheet's preview already told which names do not match, so the answer is not read. */
      write: async (rows: Parameters<typeof api.writeTags>[0]) => {
        await api.writeTags(rows);
      },
    }),
    [api, kind.entity, labels],
  );
}

/**
 * The items of these ids that exist, by id. The list has no id filter: after its first page
 * this reads either the remaining pages or each missing id, whichever takes fewer requests.
 */
async function fetchItems(api: LibraryApi, ids: number[]): Promise<Map<number, LibraryItem>> {
  const found = new Map<number, LibraryItem>();
  const keep = (items: LibraryItem[]) => items.forEach((item) => found.set(item.id, item));
  const pageOf = (pageNo: number) => api.listItems({ ...DEFAULT_LIST_QUERY, pageSize: ITEM_PAGE }, pageNo);
  const first = await pageOf(1);
  keep(first.items);
  const missing = ids.filter((id) => !found.has(id));
  const pages = Math.ceil(first.total / ITEM_PAGE) - 1;
  if (missing.length === 0) return found;
  if (pages <= missing.length) {
    const pageNumbers = Array.from({ length: pages }, (_, i) => i + 2);
    const [failure] = await inParallel(pageNumbers, PARALLEL, async (pageNo) => keep((await pageOf(pageNo)).items));
    if (failure) throw failure;
  } else {
    // An id that does not exist answers 404, which the HTTP layer keeps silent; it is left out.
    await inParallel(missing, PARALLEL, async (id) => {
      const item = await api.item(id).catch(() => undefined);
      if (item) found.set(item.id, item);
    });
  }
  return found;
}
