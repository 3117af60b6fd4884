import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { FirstProjectRedirect } from './components/first-project-redirect';
import { GenerationWatcher } from './components/generation-notices';
import { lazyPage, preloadComponent } from './components/lazy-page';
import { LinkJoins } from './components/link-joins';
import { PageLoading } from './components/page-loading';
import { areaRoutes, preloadAreaScreen } from './components/project-areas';
import { RequireAuth } from './components/require-auth';
import { HostBridge } from './host/host-bridge';
import { currentPlacement } from './lib/placement';
import { requestPermissionEarly } from './providers/access-control';
import { hasToken, requestUserInfoEarly } from './providers/auth';
import { ProjectList, projectRoutes } from './resources/projects';
import { AREAS } from './resources/types';

dayjs.locale('zh-cn');

const TopLayout = lazyPage(() => import('./components/top-layout'), 'TopLayout');
const ProjectShell = lazyPage(() => import('./components/project-shell'), 'ProjectShell');
const UserInfoPage = lazyPage(() => import('./pages/account/userinfo'), 'UserInfoPage');

/**
 * Starts fetching the chunks the first route will render (its layout and screen) at once, side
 * by side, instead of one after another as each lazy parent renders and then loads its child;
 * and, signed in, the user info and the project permission the layouts wait for.
 */
export function preloadRoute(pathname: string): void {
  const signedIn = hasToken();
  if (signedIn) requestUserInfoEarly();
  if (/^\/list\/?$/i.test(pathname)) {
    preloadComponent(TopLayout);
    preloadComponent(ProjectList);
  } else if (AREAS.some((area) => pathname.toLowerCase().startsWith(`/${area.toLowerCase()}/`))) {
    preloadComponent(ProjectShell);
    preloadAreaScreen(pathname);
    // A project id is a UUID: anything else is left to the shell (which says the project is not found).
    const projectId = pathname.split('/')[2] ?? '';
    if (signedIn && /^[\w-]+$/.test(projectId)) requestPermissionEarly(projectId);
  }
}

/** The signed-in workspace: Refine's providers, the resources and the guarded routes. */
export function App() {
  const { pathname } = useLocation();
  // Once, as the workspace first renders.
  useState(() => preloadRoute(pathname));
  return (
    <AppProviders>
      {currentPlacement().embedded && <HostBridge />}
      <GenerationWatcher />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<RequireAuth />}>
            <Route element={<LinkJoins />}>
              <Route index element={<Navigate to="/list" replace />} />
              <Route element={<TopLayout />}>
                {projectRoutes}
                <Route path="/userinfo" element={<UserInfoPage />} />
              </Route>
              <Route path="/main" element={<FirstProjectRedirect to={(id) => `/main/${id}/reportList`} />} />
              <Route path="/cstjPage" element={<FirstProjectRedirect to={(id) => `/cstjPage/${id}/statistics`} />} />
              <Route
                path="/projectSetting"
                element={<FirstProjectRedirect to={(id) => `/projectSetting/${id}/projectInfo`} />}
              />
              {/* Paths match case-insensitively, so /projectsetting/{id}/projectInfo lands in its area too. */}
              {AREAS.map((area) => (
                <Route key={area} path={`/${area}/:projectId`} element={<ProjectShell area={area} />}>
                  {areaRoutes(area)}
                </Route>
              ))}
              <Route path="*" element={<Navigate to="/list" replace />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </AppProviders>
  );
}
