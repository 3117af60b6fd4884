import { useMemo } from 'react';
import { useResourceCall } from '../../providers/data/use-resource-call';
import type { LibraryKind } from './kinds';
import { listRequest, type ListQuery } from './list-query';
import type { LibraryItem } from './types';

/** A report or material group as group_list answers it, with its item count. */
export interface LibraryGroup {
  id: number;
  name: string;
  sorted: number;
  user_uuid: string | null;
  num: number;
}

/** group_list's answer: the groups and the number of items in all of them. */
export interface GroupListAnswer {
  data?: LibraryGroup[];
  total_report_number?: number;
}

export interface ItemPage {
  items: LibraryItem[];
  total: number;
}

/** The report service's answer to a change: its message is the success text. */
export interface ServiceAnswer {
  message?: string;
}

/** The item and group calls of one library kind in one project, through the report data provider. */
export function useLibraryApi(projectUuid: string, kind: LibraryKind) {
  const items = useResourceCall(kind.resource, projectUuid);
  const groups = useResourceCall(kind.groupResource, projectUuid);
  return useMemo(
    () => ({
      listItems: async (query: ListQuery, pageNo = query.pageNo): Promise<ItemPage> => {
        const { data, total } = await items.list<LibraryItem>(listRequest(query, pageNo));
        return { items: data, total };
      },
      moveItems: (ids: number[], groupId: number) =>
        items.call<ServiceAnswer>('move', 'put', { ids: ids.join(','), group_id: groupId }),
      /** Deletes items; the answer's message is shown as the server words it. */
      deleteItems: (ids: number[]) => items.call<ServiceAnswer>('deleteMany', 'post', { ids: ids.join(',') }),

      createGroup: (name: string, sorted: number, userUuid?: string) =>
        groups.call<ServiceAnswer>('create', 'post', { name, sorted, user_uuid: userUuid }),
      renameGroup: (target: LibraryGroup, name: string, userUuid?: string) =>
        groups.call<ServiceAnswer>('one', 'put', { name, sorted: target.sorted, user_uuid: userUuid ?? target.user_uuid }, { id: target.id }),
      /** Saves the order: each group's `sorted` becomes its position. A failure is the caller's to tell (数据保存失败!). */
      sortGroups: (ordered: LibraryGroup[], userUuid?: string) =>
        groups.call<ServiceAnswer>(
          'sort',
          'put',
          { data: ordered.map((g, index) => ({ id: g.id, name: g.name, sorted: index, user_uuid: userUuid ?? g.user_uuid })) },
          { silent: true },
        ),
      deleteGroups: (ids: number[]) => groups.call<ServiceAnswer>('deleteMany', 'post', { ids: ids.join(',') }),
    }),
    [items, groups],
  );
}

export type LibraryApi = ReturnType<typeof useLibraryApi>;
