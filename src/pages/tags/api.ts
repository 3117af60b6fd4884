import type { LabelImportRow } from '../../lib/spreadsheet/label-sheet';
import type { CrudFilters } from '@refinedev/core';
import { useMemo } from 'react';
import { useResourceCall } from '../../providers/data/use-resource-call';
import type { Label } from '../../resources/records';

import { ATOMIC_LABEL, LABEL_LIST_LIMIT, type EntityName } from '../../../contract/labels';

export interface LabelQuery {
  groupId?: number;
  name: string;
  origin?: EntityName;
  page: number;
  pageSize: number;
}

/** What label/import/ would do (dry run) or did with each row, in the order sent. */
export interface ImportPlanRow {
  row: number;
  name: string;
  group: string;
  origin: string;
  action: 'create' | 'change' | 'unchanged' | 'reject';
  reason?: string;
}

export interface ImportPlan {
  created: number;
  changed: number;
  unchanged: number;
  rejected: number;
  rows: ImportPlanRow[];
}

export interface LabelValues {
  name: string;
  origin: EntityName;
  label_group?: number | null;
}

/** The label filters of the list: group, name contains, entity. */
export function labelFilters({ groupId, name, origin }: Omit<LabelQuery, 'page' | 'pageSize'>): CrudFilters {
  return [
    { field: 'label_group_id', operator: 'eq', value: groupId },
    { field: 'name', operator: 'eq', value: name || undefined },
    { field: 'origin', operator: 'eq', value: origin },
  ];
}

/** The label and label group calls of one project, through the report data provider. */
export function useLabelApi(projectId: string) {
  const labels = useResourceCall('labels', projectId);
  const groups = useResourceCall('labelGroups', projectId);
  return useMemo(
    () => ({
      createGroup: (name: string) => groups.call('create', 'post', { name }),
      renameGroup: (id: number, name: string) => groups.call('one', 'patch', { name }, { id }),
      deleteGroups: (ids: number[]) => groups.call('deleteMany', 'post', { ids }),
      deleteGroup: (id: number) => groups.call('one', 'delete', undefined, { id }),
      sortGroups: (ids: number[]) => groups.call('sort', 'post', ids),
      /** Every label of the query, page by page (the list answers at most 1000 at a time). */
      listAllLabels: (query: Omit<LabelQuery, 'page' | 'pageSize'>) => labels.listAll<Label>(labelFilters(query), LABEL_LIST_LIMIT),
      /** The spreadsheet import: a dry run answers the plan only; otherwise the valid rows are written at once. */
      importLabels: async (rows: LabelImportRow[], dryRun: boolean) =>
        (await labels.call<{ data: ImportPlan }>('import', 'post', { dry_run: dryRun, rows })).data,
      // A duplicate (HTTP 400, body code 400) shows as a warning; http.ts does it.
      createLabel: (values: LabelValues) => labels.call('create', 'post', { ...values, type: ATOMIC_LABEL }, { warnCode400: true }),
      /** Several names at once: all are made or none (label/bulk_create/). */
      createLabels: (names: string[], values: Omit<LabelValues, 'name'>) =>
        labels.call('createMany', 'post', names.map((name) => ({ ...values, name, type: ATOMIC_LABEL })), { warnCode400: true }),
      updateLabel: (id: number, values: LabelValues) => labels.call('one', 'patch', values, { id, warnCode400: true }),
      deleteLabel: (id: number) => labels.call('one', 'delete', undefined, { id }),
      deleteLabels: (ids: number[]) => labels.call('deleteMany', 'post', { ids }),
      moveLabels: (ids: number[], labelGroup: number | null) => labels.call('move', 'post', { ids, label_group: labelGroup }),
    }),
    [groups, labels],
  );
}

export type LabelApi = ReturnType<typeof useLabelApi>;
