import type { EntityName } from '../../../../contract/labels';
import type { Label } from '../../../resources/records';

/** A label of a filter group, as the filter group answers it. */
export type FilterLabel = Pick<Label, 'id' | 'name' | 'label_group'> & Partial<Pick<Label, 'label_group_name' | 'extra_info'>>;

/** A filter group: a named set of labels shown as one row of the tag filter panel. */
export interface FilterGroup {
  id: number;
  name: string;
  origin: EntityName;
  group_id?: number | null;
  tags: number[];
  labels: FilterLabel[];
  data_fields?: unknown;
}
