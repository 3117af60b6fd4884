import { reportClient } from '../../providers/http';

export type LabelOrigin = '报告' | '素材';

export interface LabelGroupItem {
  id: number;
  name: string;
  label_num: number;
}

export interface LabelItem {
  id: number;
  name: string;
  label_group: number | null;
  label_group_name?: string | null;
  origin: LabelOrigin;
}

const base = (projectUuid: string) => `/studio/report/api/report/projects/${encodeURIComponent(projectUuid)}/`;

export async function fetchLabelGroups(projectUuid: string): Promise<LabelGroupItem[]> {
  const { data } = await reportClient.get<{ results?: LabelGroupItem[] }>(`${base(projectUuid)}label_group/`);
  return data?.results ?? [];
}

export async function fetchLabels(projectUuid: string, origin: LabelOrigin): Promise<LabelItem[]> {
  const { data } = await reportClient.get<{ count?: number; results?: LabelItem[] }>(`${base(projectUuid)}label/`, {
    params: { origin, limit: 1000 },
  });
  return data?.results ?? [];
}
