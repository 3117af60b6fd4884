import type { LabelImportRow } from '../../lib/spreadsheet/label-sheet';
import type { CrudFilters } from '@refinedev/core';
import { useMemo } from 'react';
import type { Answer } from '../../api/client';
import { useApiMutation } from '../../api/hooks';
import { everyPage } from '../../lib/every-page';
import { reportListPage, reportListQuery } from '../../providers/data/report';
import type { Label } from '../../resources/records';

import { ATOMIC_LABEL, LABEL_LIST_LIMIT, type EntityName } from '../../../contract/labels';

export interface LabelQuery {
  groupId?: number;
  name: string;
  origin?: EntityName;
  page: number;
  pageSize: number;
}

/** What label/import/ would do (dry run) or did: the counts, and each row in the order sent. */
export type ImportPlan = Answer<'postReportProjectsByProjectIdLabelImport'>['data'];
export type ImportPlanRow = ImportPlan['rows'][number];

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

/** The label and label group calls of one project. */
export function useLabelApi(projectId: string) {
  const { call } = useApiMutation();
  return useMemo(() => {
    const path = { projectId };
    const item = (id: number) => ({ projectId, id });
    return {
      createGroup: (name: string) => call('postReportProjectsByProjectIdLabelGroup', { path, body: { name } }),
      renameGroup: (id: number, name: string) => call('patchReportProjectsByProjectIdLabelGroupById', { path: item(id), body: { name } }),
      deleteGroups: (ids: number[]) => call('postReportProjectsByProjectIdLabelGroupBulkDelete', { path, body: { ids } }),
      deleteGroup: (id: number) => call('deleteReportProjectsByProjectIdLabelGroupById', { path: item(id) }),
      sortGroups: (ids: number[]) => call('postReportProjectsByProjectIdLabelGroupSortData', { path, body: ids as never }),
      /** Every label of the query, page by page (the list answers at most 1000 at a time). */
      listAllLabels: (query: Omit<LabelQuery, 'page' | 'pageSize'>) =>
        everyPage(async (current) => {
          const list = reportListQuery({ filters: labelFilters(query), pagination: { current, pageSize: LABEL_LIST_LIMIT } }, true);
          return reportListPage<Label>(await call('getReportProjectsByProjectIdLabel', { path, query: list }));
        }),
      /** The spreadsheet import: a dry run answers the plan only; otherwise the valid rows are written at once. */
      importLabels: async (rows: LabelImportRow[], dryRun: boolean) =>
        (await call('postReportProjectsByProjectIdLabelImport', { path, body: { dry_run: dryRun, rows } })).data,
      // A duplicate (HTTP 400, body code 400) shows as a warning; http.ts does it.
      createLabel: (values: LabelValues) => call('postReportProjectsByProjectIdLabel', { path, body: { ...values, type: ATOMIC_LABEL } }, { warnCode400: true }),
      /** Several names at once: all are made or none (label/bulk_create/). */
      createLabels: (names: string[], values: Omit<LabelValues, 'name'>) =>
        call('postReportProjectsByProjectIdLabelBulkCreate', { path, body: names.map((name) => ({ ...values, name, type: ATOMIC_LABEL })) }, { warnCode400: true }),
      updateLabel: (id: number, values: LabelValues) => call('patchReportProjectsByProjectIdLabelById', { path: item(id), body: values }, { warnCode400: true }),
      deleteLabel: (id: number) => call('deleteReportProjectsByProjectIdLabelById', { path: item(id) }),
      deleteLabels: (ids: number[]) => call('postReportProjectsByProjectIdLabelBulkDelete', { path, body: { ids } }),
      moveLabels: (ids: number[], labelGroup: number | null) => call('postReportProjectsByProjectIdLabelBatchUpdate', { path, body: { ids, label_group: labelGroup } }),
    };
  }, [call, projectId]);
}

export type LabelApi = ReturnType<typeof useLabelApi>;
