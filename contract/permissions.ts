/**
 * The permission catalogue and its pattern matcher, shared by the app and the server.
 * A detail string reads `app.model.action_model`, e.g. `report.report.create_report`.
 */

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type PermissionAction = (typeof ACTIONS)[number];
export type PermissionScope = 'project' | 'organization';

interface ModelEntry {
  app: string;
  model: string;
  label: string;
  scope: PermissionScope;
  /** The actions the model has; all four unless given. */
  actions?: readonly PermissionAction[];
}

const ACTION_LABELS: Record<PermissionAction, string> = { view: '查看', create: '新增', edit: '编辑', delete: '删除' };

export const MODELS: ModelEntry[] = [
  { app: 'report', model: 'report', label: '报告', scope: 'project' },
  { app: 'report', model: 'reportgroup', label: '报告分组', scope: 'project' },
  { app: 'report', model: 'material', label: '素材', scope: 'project' },
  { app: 'report', model: 'materialgroup', label: '素材分组', scope: 'project' },
  { app: 'report', model: 'label', label: '标签', scope: 'project' },
  { app: 'report', model: 'labelgroup', label: '标签分组', scope: 'project' },
  { app: 'report', model: 'oaresult', label: '成果', scope: 'project' },
  { app: 'project', model: 'project', label: '项目', scope: 'project' },
  { app: 'project', model: 'projectprofile', label: '项目信息', scope: 'project' },
  { app: 'project', model: 'projectmember', label: '项目成员', scope: 'project' },
  { app: 'project', model: 'role', label: '项目角色', scope: 'project' },
  /** The activity history (操作记录) is read only; it is written by every other write. */
  { app: 'project', model: 'activity', label: '操作记录', scope: 'project', actions: ['view'] },
  { app: 'connection', model: 'connection', label: '数据连接', scope: 'project' },
  { app: 'script', model: 'script', label: '脚本', scope: 'project' },
  { app: 'airflow', model: 'workflow', label: '工作流', scope: 'project' },
  /** Creating a run executes the project's scripts: its own permission, apart from editing workflows. */
  { app: 'airflow', model: 'dagrun', label: '工作流运行', scope: 'project' },
  { app: 'organization', model: 'organization', label: '企业', scope: 'organization' },
  { app: 'organization', model: 'member', label: '企业成员', scope: 'organization' },
  { app: 'organization', model: 'role', label: '企业角色', scope: 'organization' },
  { app: 'organization', model: 'project', label: '项目', scope: 'organization', actions: ['create'] },
];

export interface PermissionEntry {
  id: string;
  name: string;
  permissions_detail: string;
  app: string;
  model: string;
  action: PermissionAction;
}

export const permissionDetail = (app: string, model: string, action: PermissionAction) => `${app}.${model}.${action}_${model}`;

export const CATALOGUE: PermissionEntry[] = MODELS.flatMap(({ app, model, label, actions = ACTIONS }) =>
  actions.map((action) => {
    const detail = permissionDetail(app, model, action);
    return { id: detail, name: `${ACTION_LABELS[action]}${label}`, permissions_detail: detail, app, model, action };
  }),
);

/** The catalogue of one scope, grouped by model, as `GET /api/permission/v1/groups/` serves it. */
export function permissionGroups(scope: PermissionScope) {
  return MODELS.filter((entry) => entry.scope === scope).map(({ app, model, label }) => ({
    type: scope,
    app,
    model,
    name: label,
    permissions: CATALOGUE.filter((p) => p.app === app && p.model === model),
  }));
}

export const scopeDetails = (scope: PermissionScope) =>
  permissionGroups(scope).flatMap((group) => group.permissions.map((p) => p.permissions_detail));

const segments = (text: string) => text.split(/[./]/).filter(Boolean);

/** True when the pattern's segments appear as a consecutive run of the detail's segments. */
export function matches(pattern: string, detail: string): boolean {
  const want = segments(pattern);
  const have = segments(detail);
  if (want.length === 0) return false;
  for (let start = 0; start + want.length <= have.length; start += 1) {
    if (want.every((segment, i) => have[start + i] === segment)) return true;
  }
  return false;
}

/** The helpers of spec section 6, over one user's permission detail strings. */
export function permissionChecker(details: readonly string[]) {
  const matchOne = (pattern: string) => details.some((detail) => matches(pattern, detail));
  return {
    has: (name: string) => details.includes(name),
    matchAll: (patterns: readonly string[]) => patterns.every(matchOne),
    matchSome: (patterns: readonly string[]) => patterns.some(matchOne),
  };
}
