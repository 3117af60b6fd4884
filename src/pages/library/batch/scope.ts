import { reportListQuery } from '../../../providers/data/report';
import { listRequest, type ListQuery } from '../list-query';

/** The list's query as a batch body's `filter`: report_list/'s own parameters, without the page. */
export function batchFilter(query: ListQuery): Record<string, string> {
  const { filters, sorters } = listRequest(query);
  const params = reportListQuery({ pagination: { mode: 'off' }, filters, sorters });
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]),
  );
}

/** What a batch acts on: the checked ids, or every item of the filter with the count the user saw. */
export type BatchScope = { ids: number[] } | { filter: Record<string, string>; expected_total: number };

/** The scope's part of a batch body, ids comma-joined as the spec sends them. */
export const scopeBody = (scope: BatchScope) => ('ids' in scope ? { ids: scope.ids.join(',') } : scope);

/** A batch's answer: acted on now, or started as a job (above 1,000 items) whose progress the screen polls. */
export interface BatchAnswer {
  message?: string;
  data?: { total?: number; batch_id?: number };
}
