import { useMemo } from 'react';
import type { Answer } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { reportListPage, reportListQuery } from '../../providers/data/report';
import type { LibraryKind } from './kinds';
import { listRequest, type ListQuery } from './list-query';
import type { LibraryItem } from './types';
import { scopeBody, type BatchAnswer, type BatchScope } from './batch/scope';

/** group_list's answer: the groups and the number of items in all of them (materials' is the same). */
export type GroupListAnswer = Answer<'getReportProjectsByProjectIdReportGroupGroupList'>;

/** A report or material group as group_list answers it, with its item count. */
export type LibraryGroup = GroupListAnswer['data'][number];

export interface ItemPage {
  items: LibraryItem[];
  total: number;
}

/** A row of POST export_report/ (server/modules/library/item-routes.ts). */
export interface ItemTagWrite {
  id: number;
  name: string;
  cover: string;
  origin: string;
  labels: string[];
}

/** The report service's answer to a change: its message is the success text. */
export interface ServiceAnswer {
  message?: string;
}

/** The item and group calls of one library kind in one project. */
export function useLibraryApi(projectUuid: string, kind: LibraryKind) {
  const { call } = useApiMutation();
  return useMemo(() => {
    const path = { projectId: projectUuid };
    const { operations } = kind;
    // A change's answer: its message is the success text.
    const answer = (request: Promise<unknown>) => request as Promise<ServiceAnswer>;
    const batch = (request: Promise<unknown>) => request as Promise<BatchAnswer>;
    return {
      listItems: async (query: ListQuery, pageNo = query.pageNo): Promise<ItemPage> => {
        const { current, pageSize, filters, sorters } = listRequest(query, pageNo);
        const list = reportListQuery({ pagination: { current, pageSize }, filters, sorters });
        const { data, total } = reportListPage<LibraryItem>(await call(operations.items, { path, query: list }));
        return { items: data, total };
      },
      /** One item; an id that does not exist answers 404, which the HTTP layer keeps silent. */
      item: async (id: number): Promise<LibraryItem> => (await call(operations.item, { path: { ...path, id } })).data,
      moveItems: (scope: BatchScope, groupId: number) => batch(call(operations.moveItems, { path, body: { ...scopeBody(scope), group_id: groupId } })),
      /** Deletes items; the answer's message is shown as the server words it. */
      deleteItems: (scope: BatchScope) => batch(call(operations.deleteItems, { path, body: scopeBody(scope) })),
      /** 批量打标签: adds and removes labels of the checked items or of a filter's. */
      labelItems: (scope: BatchScope, add: number[], remove: number[]) => batch(call(operations.labelItems, { path, body: { ...scopeBody(scope), add, remove } })),
      /** Every item of a filter (for the zip and the tag sheet); refused when the filter now matches another count. */
      filterItems: async (filter: Record<string, string>, expectedTotal: number): Promise<LibraryItem[]> =>
        (await call(operations.filterItems, { path, body: { filter, expected_total: expectedTotal } })).data,
      /** A batch job's progress (batch_job/{id}/). */
      batchJob: async (id: number) => (await call(operations.batchJob, { path: { ...path, id } }, { silent: true })).data,
      /** Sets each listed item's tags by name, all rows in one request and one transaction. */
      writeTags: (reports: ItemTagWrite[]) => call(operations.writeTags, { path, body: { reports } }),

      createGroup: (name: string, sorted: number, userUuid?: string) =>
        answer(call(operations.createGroup, { path, body: { name, sorted, user_uuid: userUuid } })),
      renameGroup: (target: LibraryGroup, name: string, userUuid?: string) =>
        answer(call(operations.renameGroup, { path: { ...path, id: target.id }, body: { name, sorted: target.sorted, user_uuid: userUuid ?? target.user_uuid } })),
      /** Saves the order: each group's `sorted` becomes its position. A failure is the caller's to tell (数据保存失败!). */
      sortGroups: (ordered: LibraryGroup[], userUuid?: string) =>
        answer(
          call(
            operations.sortGroups,
            { path, body: { data: ordered.map((g, index) => ({ id: g.id, name: g.name, sorted: index, user_uuid: userUuid ?? g.user_uuid })) } },
            { silent: true },
          ),
        ),
      deleteGroups: (ids: number[]) => answer(call(operations.deleteGroups, { path, body: { ids: ids.join(',') } })),
    };
  }, [call, kind, projectUuid]);
}

export type LibraryApi = ReturnType<typeof useLibraryApi>;
