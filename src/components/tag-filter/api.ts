import { reportClient } from '../../providers/http';

export type FilterOrigin = '报告' | '素材';

export interface FilterLabel {
  id: number;
  name: string;
  label_group: number | null;
  label_group_name?: string | null;
}

/** A filter group: a named set of labels shown as one row of the tag filter panel. */
export interface FilterGroup {
  id: number;
  name: string;
  origin: FilterOrigin;
  group_id?: number | null;
  tags: number[];
  labels: FilterLabel[];
  data_fields?: unknown;
}

export interface FilterGroupInput {
  name: string;
  tags: number[];
}

const base = (projectUuid: string) => `/studio/report/api/report/projects/${encodeURIComponent(projectUuid)}/`;

export async function fetchFilterGroups(projectUuid: string, origin: FilterOrigin, groupId?: number): Promise<FilterGroup[]> {
  const params: Record<string, string | number> = { origin };
  if (groupId !== undefined) params.group_id = groupId;
  const { data } = await reportClient.get<{ results?: FilterGroup[] }>(`${base(projectUuid)}filter_label_setting/`, { params });
  return data?.results ?? [];
}

export async function createFilterGroup(
  projectUuid: string,
  origin: FilterOrigin,
  groupId: number | undefined,
  input: FilterGroupInput,
): Promise<void> {
  const body: Record<string, unknown> = { name: input.name, origin };
  if (groupId !== undefined) body.group_id = groupId;
  body.tags = input.tags;
  await reportClient.post(`${base(projectUuid)}filter_label_setting/`, body);
}

export async function updateFilterGroup(projectUuid: string, id: number, input: FilterGroupInput): Promise<void> {
  await reportClient.patch(`${base(projectUuid)}filter_label_setting/${id}/`, input);
}

export async function deleteFilterGroup(projectUuid: string, id: number): Promise<void> {
  await reportClient.delete(`${base(projectUuid)}filter_label_setting/${id}/`);
}

export async function fetchOriginLabels(projectUuid: string, origin: FilterOrigin): Promise<FilterLabel[]> {
  const { data } = await reportClient.get<{ results?: FilterLabel[] }>(`${base(projectUuid)}label/`, {
    params: { origin, limit: 1000 },
  });
  return data?.results ?? [];
}
