/** What the activity history records: its target types and actions, with their Chinese names. */

export const ACTIVITY_TARGETS = {
  report: '报告',
  material: '素材',
  report_group: '报告分组',
  material_group: '素材分组',
  label: '标签',
  label_group: '标签分组',
  member: '项目成员',
  role: '项目角色',
} as const;
export type ActivityTarget = keyof typeof ACTIVITY_TARGETS;

export const ACTIVITY_ACTIONS = ['创建', '修改', '删除', '移动', '打标签', '还原', '彻底删除'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The permission that reads a project's activity history. */
export const VIEW_ACTIVITY = 'project.activity.view_activity';

/**
 * The deepest row a page of the history may reach: past it a person narrows the history by
 * 日期范围 (one index range, as cheap a year back as today) rather than paging, so no page
 * skips more than this many index entries, whatever the table's size.
 */
export const ACTIVITY_DEPTH_MAX = 10_000;
