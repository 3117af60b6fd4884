import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { FirstProjectRedirect } from './components/first-project-redirect';
import { lazyPage } from './components/lazy-page';
import { LinkJoins } from './components/link-joins';
import { PageLoading } from './components/page-loading';
import { areaRoutes } from './components/project-areas';
import { RequireAuth } from './components/require-auth';
import { HostBridge } from './host/host-bridge';
import { currentPlacement } from './lib/placement';
import { projectRoutes } from './resources/projects';
import { AREAS } from './resources/types';

dayjs.locale('zh-cn');

const TopLayout = lazyPage(() => import('./components/top-layout'), 'TopLayout');
const ProjectShell = lazyPage(() => import('./components/project-shell'), 'ProjectShell');
const UserInfoPage = lazyPage(() => import('./pages/account/userinfo'), 'UserInfoPage');

/** The signed-in workspace: Refine's providers, the resources and the guarded routes. */
export function App() {
  return (
    <AppProviders>
      {currentPlacement().embedded && <HostBridge />}
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
