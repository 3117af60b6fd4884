/** The entities labels are attached to; a label, its filter groups and an item's kind name one. */
export const ENTITY_NAMES = ['报告', '素材'] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];

/** The types a label may have (spec section 3); the app creates only atomic labels. */
export const LABEL_TYPES = ['原子标签'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
export const ATOMIC_LABEL: LabelType = '原子标签';

/** The most labels one list request of `label/` answers. */
export const LABEL_LIST_LIMIT = 1000;

const detail = (model: 'label' | 'labelgroup', action: 'view' | 'create' | 'edit' | 'delete') => `report.${model}.${action}_${model}`;

/**
 * Permission details of labels, label groups and filter groups by operation (spec section 6);
 * each is satisfied by any one entry. Filter groups are gated by the label group permissions.
 */
export const LABEL_PERMISSIONS = {
  /** Either view will do; the label group one gates the filter panel. */
  view: [detail('label', 'view'), detail('labelgroup', 'view')],
  create: [detail('label', 'create')],
  edit: [detail('label', 'edit')],
  /** The spec gates label management on edit_label; delete_label also allows a delete. */
  delete: [detail('label', 'delete'), detail('label', 'edit')],
  viewGroups: [detail('labelgroup', 'view')],
  createGroup: [detail('labelgroup', 'create')],
  editGroup: [detail('labelgroup', 'edit')],
  deleteGroup: [detail('labelgroup', 'delete')],
} as const;
