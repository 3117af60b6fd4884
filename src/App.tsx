import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense, useMemo, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FirstProjectRedirect } from './components/first-project-redirect';
import { lazyPage } from './components/lazy-page';
import { LinkJoins } from './components/link-joins';
import { PageLoading } from './components/page-loading';
import { areaRoutes } from './components/project-areas';
import { RequireAuth } from './components/require-auth';
import { accessControlProvider } from './providers/access-control';
import { authProvider } from './providers/auth';
import { platformDataProvider } from './providers/data/platform';
import { reportDataProvider } from './providers/data/report';
import { i18nProvider } from './providers/i18n';
import { notificationProvider } from './providers/notification';
import { resources } from './resources';
import { projectRoutes } from './resources/projects';

dayjs.locale('zh-cn');

const dataProvider = { default: platformDataProvider(), report: reportDataProvider() };

/** One query cache per mounted app, shared by Refine's hooks and the access-control provider. */
function createQueryClient() {
  return new QueryClient({
    // Failed requests have been told to the user by the HTTP layer; the console need not repeat them.
    logger: { log: console.log, warn: console.warn, error: () => undefined },
    defaultOptions: {
      // The error catalogue has spoken already; a retry would only repeat it.
      queries: { retry: false, refetchOnWindowFocus: false, keepPreviousData: true },
    },
  });
}

const TopLayout = lazyPage(() => import('./components/top-layout'), 'TopLayout');
const ProjectShell = lazyPage(() => import('./components/project-shell'), 'ProjectShell');
const UserInfoPage = lazyPage(() => import('./pages/account/userinfo'), 'UserInfoPage');
const ReportList = lazyPage(() => import('./pages/reports'), 'ReportList');
const ReportDetail = lazyPage(() => import('./pages/reports/detail'), 'ReportDetail');
const MaterialList = lazyPage(() => import('./pages/materials'), 'MaterialList');
const Statistics = lazyPage(() => import('./pages/results'), 'Statistics');
const SingleReportList = lazyPage(() => import('./pages/results'), 'SingleReportList');
const SingleReportUpload = lazyPage(() => import('./pages/results'), 'SingleReportUpload');
const ResultReportList = lazyPage(() => import('./pages/results'), 'ResultReportList');

/** The signed-in workspace: Refine's providers, the resources and the guarded routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const accessControl = useMemo(() => accessControlProvider(queryClient), [queryClient]);
  const options = useMemo(() => ({ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }), [queryClient]);
  return (
    <Refine
      routerProvider={routerBindings}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControl}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={options}
    >
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
              <Route
                path="/projectSetting"
                element={<FirstProjectRedirect to={(id) => `/projectSetting/${id}/projectInfo`} />}
              />
              <Route path="/main/:projectId" element={<ProjectShell area="main" />}>
                {areaRoutes('main')}
              </Route>
              <Route path="/report/:projectId" element={<ProjectShell area="report" />}>
                <Route path="reportList" element={<ReportList />} />
                <Route path="reportDetail" element={<ReportDetail />} />
              </Route>
              <Route path="/material/:projectId" element={<ProjectShell area="material" />}>
                <Route path="materialList" element={<MaterialList />} />
              </Route>
              <Route path="/cstjPage/:projectId" element={<ProjectShell area="cstjPage" />}>
                <Route path="statistics" element={<Statistics />} />
                <Route path="statisticsDetail" element={<ReportDetail />} />
                <Route path="singleReportList" element={<SingleReportList />} />
                <Route path="singleReportUpload" element={<SingleReportUpload />} />
                <Route path="reportList" element={<ResultReportList />} />
              </Route>
              {/* Paths match case-insensitively, so /projectsetting/{id}/projectInfo lands here too. */}
              <Route path="/projectSetting/:projectId" element={<ProjectShell area="projectSetting" />}>
                {areaRoutes('projectSetting')}
              </Route>
              <Route path="*" element={<Navigate to="/list" replace />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </Refine>
  );
}
