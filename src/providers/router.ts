import { matchResourceFromRoute, ResourceContext, type IResourceItem, type RouterBindings } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { parse as parseQuery } from 'qs';
import { useCallback, useContext } from 'react';
import { matchPath, useLocation, useParams } from 'react-router-dom';

type RouteMatch = ReturnType<typeof matchResourceFromRoute>;

/** The last path's match against the resources: every Refine hook of a screen asks for the same one. */
let last: { pathname: string; resources: IResourceItem[]; match: RouteMatch } | undefined;

function matchRoute(pathname: string, resources: IResourceItem[]): RouteMatch {
  if (last?.pathname !== pathname || last.resources !== resources) last = { pathname, resources, match: matchResourceFromRoute(pathname, resources) };
  return last.match;
}

const asNumber = (value: unknown) => (typeof value === 'string' && `${Number(value)}` === value ? Number(value) : value);

/**
 * Refine's react-router binding, except that the path is matched against the resources once per
 * path: the binding matched it again in every Refine hook that mounted (549 times in one load of
 * the report list, about 50 ms of the 2-core machine's main thread). What `parse` answers is the
 * binding's.
 */
function useParse() {
  let params = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = matchRoute(pathname, resources);
  // Outside a <Route> (the app's shell) useParams knows nothing: the matched resource route does.
  if (Object.keys(params).length === 0 && matchedRoute) params = matchPath(matchedRoute, pathname)?.params ?? {};
  return useCallback(() => {
    const query: Record<string, unknown> = { ...params, ...parseQuery(search, { ignoreQueryPrefix: true }) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...query,
        current: asNumber(query.current) as number | undefined,
        pageSize: asNumber(query.pageSize) as number | undefined,
        to: typeof query.to === 'string' ? decodeURIComponent(query.to) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const routerProvider: RouterBindings = { ...routerBindings, parse: useParse };
