import { LIBRARY } from '../../contract/library';

/**
 * The bin's tabs: deleted items, then deleted groups, of each library kind. Each is seen and
 * restored with its kind's permissions for that target, as the server checks them (view or group
 * view; delete or group delete); `view` and `restore` name those permissions in the table below.
 */
export const BIN_TABS = (['item', 'group'] as const).flatMap((target) =>
  Object.values(LIBRARY).map((spec) => ({
    origin: spec.entity,
    target,
    label: target === 'group' ? `${spec.entity}分组` : spec.entity,
    view: `view_${spec.kind}_${target}`,
    restore: `restore_${spec.kind}_${target}`,
    permissions: {
      view: spec.permissions[target === 'group' ? 'viewGroups' : 'view'],
      restore: spec.permissions[target === 'group' ? 'deleteGroup' : 'delete'],
    },
  })),
);
