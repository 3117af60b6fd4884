import type { Answer } from '../../../api/client';

/** A filter group: a named set of labels shown as one row of the tag filter panel, as filter_label_setting/ answers it. */
export type FilterGroup = Answer<'getReportProjectsByProjectIdFilterLabelSetting'>['results'][number];

/** A label of a filter group, as the filter group answers it. */
export type FilterLabel = FilterGroup['labels'][number];
