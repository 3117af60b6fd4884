import type { EntityName } from '../../../../contract/labels';

export type FilterOrigin = EntityName;

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
