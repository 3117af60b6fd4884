import { REPORT_SERVICE_BASE } from '../../contract/library';
import { labelGroupPermissions } from './label-groups';
import type { AppResource } from './types';

const base = `${REPORT_SERVICE_BASE}/filter_label_setting/`;

/** Filter groups of the tag filter panel; spec section 6 gates them with the label group permissions. */
export const filterSettingsResource: AppResource = {
  name: 'filterSettings',
  meta: {
    label: '标签筛选组',
    dataProviderName: 'report',
    endpoints: { list: base, one: `${base}:id/`, create: base, deleteMany: `${base}bulk_delete/` },
    permissions: labelGroupPermissions,
  },
};
