import { labelGroupPermissions } from './label-groups';
import type { AppResource } from './types';


/** Filter groups of the tag filter panel; spec section 6 gates them with the label group permissions. */
export const filterSettingsResource: AppResource = {
  name: 'filterSettings',
  meta: {
    label: '标签筛选组',
    dataProviderName: 'report',
    endpoints: {
      list: 'getReportProjectsByProjectIdFilterLabelSetting',
      create: 'postReportProjectsByProjectIdFilterLabelSetting',
      update: 'patchReportProjectsByProjectIdFilterLabelSettingById',
      deleteOne: 'deleteReportProjectsByProjectIdFilterLabelSettingById',
      deleteMany: 'postReportProjectsByProjectIdFilterLabelSettingBulkDelete',
    },
    permissions: labelGroupPermissions,
  },
};
