import { Route } from 'react-router-dom';
import { resources } from '../resources';
import type { AppResource, Area } from '../resources/types';
import { ResourceScreen } from './resource-pages/resource-screen';

export interface MenuEntry {
  /** The last segment of the route, e.g. `reportList`. */
  path: string;
  label: string;
  /** The resource whose `list` permission shows the entry; none means always shown. */
  resource?: AppResource;
}

/** The resources whose `list` route is `/{area}/:projectId/{path}`, in the order of the resource list. */
function resourceEntries(area: Area): MenuEntry[] {
  return resources.flatMap((resource) => {
    const match = typeof resource.list === 'string' ? new RegExp(`^/${area}/:projectId/([^/]+)$`).exec(resource.list) : null;
    return match ? [{ path: match[1], label: resource.meta.label, resource }] : [];
  });
}

const entry = (path: string, name: string): MenuEntry[] =>
  resources.filter((r) => r.name === name).map((resource) => ({ path, label: resource.meta.label, resource }));

/** The route families that live inside one project, with their side menus. */
export const areas: Record<Area, { siderWidth: number; menu: MenuEntry[] }> = {
  main: { siderWidth: 220, menu: resourceEntries('main') },
  report: { siderWidth: 220, menu: entry('reportList', 'reports') },
  material: { siderWidth: 220, menu: entry('materialList', 'materials') },
  cstjPage: {
    siderWidth: 220,
    menu: [
      { path: 'statistics', label: '成果统计' },
      { path: 'singleReportList', label: '单体报告列表' },
      { path: 'singleReportUpload', label: '报告上传列表' },
      { path: 'reportList', label: '报告列表' },
    ],
  },
  projectSetting: { siderWidth: 258, menu: resourceEntries('projectSetting') },
};

/** The child routes of an area that its resources declare: their own screen or the generic pages. */
export function areaRoutes(area: Area) {
  return resourceEntries(area).map(({ path, resource }) => (
    <Route key={path} path={path} element={<ResourceScreen resource={resource!} />} />
  ));
}
