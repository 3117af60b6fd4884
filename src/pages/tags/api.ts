import type { LabelImportRow } from '../../lib/spreadsheet/label-sheet';
import { reportClient } from '../../providers/http';

export type LabelOrigin = '报告' | '素材';
export const origins: LabelOrigin[] = ['报告', '素材'];

export interface LabelGroup {
  id: number;
  name: string;
  order: number;
  label_num: number;
}

export interface Label {
  id: number;
  name: string;
  origin: LabelOrigin;
  type: string;
  label_group: number | null;
  label_group_name: string | null;
  extra_info: unknown;
  created_at: string;
  updated_at: string;
}

export interface LabelQuery {
  groupId?: number;
  name: string;
  origin?: LabelOrigin;
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

/** The server's page limit of label lists. */
const LIST_LIMIT_MAX = 1000;

export interface LabelValues {
  name: string;
  origin: LabelOrigin;
  label_group?: number | null;
}

const root = (projectId: string) => `/studio/report/api/report/projects/${projectId}/`;

/** The label and label group calls of one project. */
export function labelApi(projectId: string) {
  const groups = `${root(projectId)}label_group/`;
  const labels = `${root(projectId)}label/`;
  const listLabels = async ({ groupId, name, origin, page, pageSize }: LabelQuery) => {
    const params: Record<string, string | number> = { limit: pageSize, offset: (page - 1) * pageSize };
    if (groupId !== undefined) params.label_group_id = groupId;
    if (name) params.name = name;
    if (origin) params.origin = origin;
    return (await reportClient.get<{ count: number; results: Label[] }>(labels, { params })).data;
  };
  return {
    projectId,
    listGroups: async () =>
      (await reportClient.get<{ results: LabelGroup[]; total_label: number }>(groups)).data,
    createGroup: (name: string) => reportClient.post(groups, { name }),
    renameGroup: (id: number, name: string) => reportClient.patch(`${groups}${id}/`, { name }),
    deleteGroups: (ids: number[]) => reportClient.post(`${groups}bulk_delete/`, { ids }),
    sortGroups: (ids: number[]) => reportClient.post(`${groups}sort_data/`, ids),
    listLabels,
    /** Every label of the query, page by page (the list answers at most 1000 at a time). */
    listAllLabels: async ({ groupId, name, origin }: Omit<LabelQuery, 'page' | 'pageSize'>) => {
      const all: Label[] = [];
      for (let page = 1; ; page++) {
        const { count, results } = await listLabels({ groupId, name, origin, page, pageSize: LIST_LIMIT_MAX });
        all.push(...results);
        if (results.length === 0 || all.length >= count) return all;
      }
    },
    /** The spreadsheet import: a dry run answers the plan only; otherwise the valid rows are written at once. */
    importLabels: async (rows: LabelImportRow[], dryRun: boolean) =>
      (await reportClient.post<{ data: ImportPlan }>(`${labels}import/`, { dry_run: dryRun, rows })).data.data,
    // A duplicate (HTTP 400, body code 400) shows as a warning; http.ts does it.
    createLabel: (values: LabelValues) =>
      reportClient.post(labels, { ...values, type: '原子标签' }, { warnCode400: true }),
    updateLabel: (id: number, values: LabelValues) => reportClient.patch(`${labels}${id}/`, values, { warnCode400: true }),
    deleteLabel: (id: number) => reportClient.delete(`${labels}${id}/`),
    deleteLabels: (ids: number[]) => reportClient.post(`${labels}bulk_delete/`, { ids }),
    moveLabels: (ids: number[], labelGroup: number | null) =>
      reportClient.post(`${labels}batch_update/`, { ids, label_group: labelGroup }),
  };
}

export type LabelApi = ReturnType<typeof labelApi>;

