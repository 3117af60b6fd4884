import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { resources } from '../resources';
import { AREAS, type AppResource, type Area } from '../resources/types';
import { ResourceScreen } from './resource-pages/resource-screen';

export interface MenuEntry {
  /** The last segment of the route, e.g. `reportList`. */
  path: string;
  label: string;
  /** The resource whose `list` permission shows the entry. */
  resource: AppResource;
}

interface AreaPage {
  path: string;
  element: ReactNode;
  /** Its item in the area's side menu, if it has one. */
  menu?: MenuEntry;
}

/**
 * The pages of an area, in the order of the resource list: each resource whose `list` route is
 * `/{area}/:projectId/{path}` (a menu item), then the routes resources declare in `meta.routes`.
 */
function areaPages(area: Area): AreaPage[] {
  const lists = resources.flatMap((resource): AreaPage[] => {
    const match = typeof resource.list === 'string' ? new RegExp(`^/${area}/:projectId/([^/]+)$`).exec(resource.list) : null;
    if (!match) return [];
    const path = match[1];
    return [{ path, element: <ResourceScreen resource={resource} />, menu: { path, label: resource.meta.label, resource } }];
  });
  const declared = resources.flatMap((resource) =>
    (resource.meta.routes ?? [])
      .filter((route) => route.area === area)
      .map(({ path, page: Page, menu }) => ({ path, element: <Page />, menu: menu ? { path, label: menu, resource } : undefined })),
  );
  return [...lists, ...declared];
}

const SIDER_WIDTHS: Record<Area, number> = { main: 220, report: 220, material: 220, cstjPage: 220, projectSetting: 258 };

/** The route families that live inside one project, with their side menus. */
export const areas = Object.fromEntries(
  AREAS.map((area) => {
    const pages = areaPages(area);
    const menu = pages.flatMap((page) => (page.menu ? [page.menu] : []));
    return [area, { siderWidth: SIDER_WIDTHS[area], menu, pages }];
  }),
) as Record<Area, { siderWidth: number; menu: MenuEntry[]; pages: AreaPage[] }>;

/** The child routes of an area, as its resources declare them. */
export function areaRoutes(area: Area) {
  return areas[area].pages.map(({ path, element }) => <Route key={path} path={path} element={element} />);
}
