import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { resources } from '../resources';
import { AREAS, type AppResource, type Area } from '../resources/types';
import { preloadComponent } from './lazy-page';
import { ResourceList, ResourceScreen } from './resource-pages/resource-screen';

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
  /** The menu item highlighted on it when it has none of its own. */
  within?: string;
  /** Fetches the screen's chunk ahead of its render. */
  preload: () => void;
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
    return [
      {
        path,
        element: <ResourceScreen resource={resource} />,
        menu: { path, label: resource.meta.label, resource },
        preload: () => preloadComponent(resource.meta.page ?? ResourceList),
      },
    ];
  });
  const declared = resources.flatMap((resource) =>
    (resource.meta.routes ?? [])
      .filter((route) => route.area === area)
      .map(({ path, page: Page, menu, within }) => ({
        path,
        element: <Page />,
        menu: menu ? { path, label: menu, resource } : undefined,
        within,
        preload: () => preloadComponent(Page),
      })),
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

/**
 * The side-menu item to highlight at a path of the area: the screen's own (by its first segment
 * after the project, so `/projectSetting/{id}/workflows/12` is in 工作流), else, on a detail, the
 * item its `from` query parameter names or the one the route declares it belongs to.
 */
export function highlightedEntry(area: Area, pathname: string, search: URLSearchParams): MenuEntry | undefined {
  const { menu, pages } = areas[area];
  const byPath = (path: string | null | undefined) => (path ? menu.find((item) => item.path.toLowerCase() === path.toLowerCase()) : undefined);
  const segment = pathname.split('/')[3] ?? '';
  const own = byPath(segment);
  if (own) return own;
  const page = pages.find((candidate) => candidate.path.split('/')[0].toLowerCase() === segment.toLowerCase());
  if (!page?.within) return undefined;
  return byPath(search.get('from')) ?? byPath(page.within);
}

/** The page of an area at a path: by the first segment after the project (`workflows/12` is `workflows/:workflowId`). */
function pageAt(area: Area, pathname: string): AreaPage | undefined {
  const segment = (pathname.split('/')[3] ?? '').toLowerCase();
  return segment ? areas[area].pages.find((page) => page.path.split('/')[0].toLowerCase() === segment) : undefined;
}

/**
 * Starts fetching the chunk of the screen at `pathname` (`/{area}/{projectId}/…`), so that it
 * arrives while the project shell loads the project instead of after it.
 */
export function preloadAreaScreen(pathname: string): void {
  const area = AREAS.find((name) => name.toLowerCase() === (pathname.split('/')[1] ?? '').toLowerCase());
  if (area) pageAt(area, pathname)?.preload();
}

/** The child routes of an area, as its resources declare them. */
export function areaRoutes(area: Area) {
  return areas[area].pages.map(({ path, element }) => <Route key={path} path={path} element={element} />);
}
