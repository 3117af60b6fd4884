import { LABEL_PERMISSIONS } from '../../contract/labels';
import type { AppResource } from './types';

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
    endpoints: {
      list: 'getReportProjectsByProjectIdLabelGroup',
      create: 'postReportProjectsByProjectIdLabelGroup',
      update: 'patchReportProjectsByProjectIdLabelGroupById',
      deleteOne: 'deleteReportProjectsByProjectIdLabelGroupById',
      deleteMany: 'postReportProjectsByProjectIdLabelGroupBulkDelete',
    },
    permissions: labelGroupPermissions,
  },
};
