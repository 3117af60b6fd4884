import { reportClient } from '../../providers/http';
import { libraryPath, type LibraryKind } from './kinds';
import type { LibraryItem } from './types';

/** A report or material group as group_list answers it, with its item count. */
export interface LibraryGroup {
  id: number;
  name: string;
  sorted: number;
  user_uuid: string | null;
  num: number;
}

export interface GroupList {
  groups: LibraryGroup[];
  total: number;
}

export interface ItemPage {
  items: LibraryItem[];
  total: number;
}

/** The query values of report_list (spec section 3), as the server reads them. */
export type ListParams = Record<string, string | number>;

/** The report-service answer `{code, message, data}`; a code other than 200/201 is a refusal. */
export interface ServiceAnswer {
  code?: number;
  message?: string;
}

export const succeeded = (answer: ServiceAnswer) => answer.code === undefined || answer.code === 200 || answer.code === 201;

/** The item and group calls of one library kind in one project. */
export function libraryApi(projectUuid: string, kind: LibraryKind) {
  const item = (rest: string) => libraryPath(projectUuid, kind, 'item', rest);
  const group = (rest: string) => libraryPath(projectUuid, kind, 'group', rest);
  return {
    listItems: async (params: ListParams): Promise<ItemPage> => {
      const { data } = await reportClient.get<{ result?: { data: LibraryItem[]; total: number } }>(item('report_list/'), { params });
      return { items: data.result?.data ?? [], total: data.result?.total ?? 0 };
    },
    moveItems: async (ids: number[], groupId: number) =>
      (await reportClient.put<ServiceAnswer>(item('batch_remove_edit/'), { ids: ids.join(','), group_id: groupId })).data,
    deleteItems: async (ids: number[]) =>
      (await reportClient.post<ServiceAnswer>(item('batch_delete/'), { ids: ids.join(',') })).data,

    listGroups: async (): Promise<GroupList> => {
      const { data } = await reportClient.get<{ data?: LibraryGroup[]; total_report_number?: number }>(group('group_list/'));
      return { groups: data.data ?? [], total: data.total_report_number ?? 0 };
    },
    createGroup: async (name: string, sorted: number, userUuid?: string) =>
      (await reportClient.post<ServiceAnswer>(group('group_create/'), { name, sorted, user_uuid: userUuid })).data,
    renameGroup: async (target: LibraryGroup, name: string, userUuid?: string) =>
      (await reportClient.put<ServiceAnswer>(group(`${target.id}/`), { name, sorted: target.sorted, user_uuid: userUuid ?? target.user_uuid })).data,
    /** Saves the order: each group's `sorted` becomes its position. */
    sortGroups: async (ordered: LibraryGroup[], userUuid?: string) =>
      (
        await reportClient.put<ServiceAnswer>(group('batch_edit/'), {
          data: ordered.map((g, index) => ({ id: g.id, name: g.name, sorted: index, user_uuid: userUuid ?? g.user_uuid })),
        })
      ).data,
    deleteGroups: async (ids: number[]) =>
      (await reportClient.post<ServiceAnswer>(group('batch_delete/'), { ids: ids.join(',') })).data,
  };
}

export type LibraryApi = ReturnType<typeof libraryApi>;
