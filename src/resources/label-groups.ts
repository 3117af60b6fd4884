import { LABEL_PERMISSIONS } from '../../contract/labels';
import { REPORT_SERVICE_BASE } from '../../contract/library';
import type { AppResource } from './types';

const base = `${REPORT_SERVICE_BASE}/label_group/`;

/** Label groups and filter groups share the label group permissions (spec section 6). */
export const labelGroupPermissions = {
  list: LABEL_PERMISSIONS.viewGroups,
  create: LABEL_PERMISSIONS.createGroup,
  edit: LABEL_PERMISSIONS.editGroup,
  delete: LABEL_PERMISSIONS.deleteGroup,
};

/** Label groups: shown on the tag screen and in label pickers; no screen of their own. */
export const labelGroupsResource: AppResource = {
  name: 'labelGroups',
  meta: {
    label: '标签分组',
    dataProviderName: 'report',
    endpoints: { list: base, one: `${base}:id/`, create: base, deleteMany: `${base}bulk_delete/`, sort: `${base}sort_data/` },
    permissions: labelGroupPermissions,
  },
};
