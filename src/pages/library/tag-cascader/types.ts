import type { EntityName } from '../../../../contract/labels';

export type LabelOrigin = EntityName;

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
