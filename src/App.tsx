import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FirstProjectRedirect } from './components/first-project-redirect';
import { lazyPage } from './components/lazy-page';
import { PageLoading } from './components/page-loading';
import { RequireAuth } from './components/require-auth';
import { authProvider } from './providers/auth';
import { platformDataProvider } from './providers/data/platform';
import { reportDataProvider } from './providers/data/report';
import { i18nProvider } from './providers/i18n';
import { notificationProvider } from './providers/notification';
import { resources } from './resources';
import { projectRoutes } from './resources/projects';

dayjs.locale('zh-cn');

const dataProvider = { default: platformDataProvider(), report: reportDataProvider() };
const refineOptions = {
  disableTelemetry: true,
  // The error catalogue has spoken already; a retry would only repeat it.
  reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
};

const TopLayout = lazyPage(() => import('./components/top-layout'), 'TopLayout');
const ProjectShell = lazyPage(() => import('./components/project-shell'), 'ProjectShell');
const UserInfoPage = lazyPage(() => import('./pages/account/userinfo'), 'UserInfoPage');
const ReportList = lazyPage(() => import('./pages/reports'), 'ReportList');
const ReportDetail = lazyPage(() => import('./pages/reports'), 'ReportDetail');
const MaterialList = lazyPage(() => import('./pages/materials'), 'MaterialList');
const TagList = lazyPage(() => import('./pages/tags'), 'TagList');
const ProjectInfo = lazyPage(() => import('./pages/project-settings'), 'ProjectInfo');
const ProjectUser = lazyPage(() => import('./pages/project-settings'), 'ProjectUser');
const ProjectRole = lazyPage(() => import('./pages/project-settings'), 'ProjectRole');
const ProjectSeniorSetting = lazyPage(() => import('./pages/project-settings'), 'ProjectSeniorSetting');
const Statistics = lazyPage(() => import('./pages/results'), 'Statistics');
const SingleReportList = lazyPage(() => import('./pages/results'), 'SingleReportList');
const SingleReportUpload = lazyPage(() => import('./pages/results'), 'SingleReportUpload');
const ResultReportList = lazyPage(() => import('./pages/results'), 'ResultReportList');

/** The signed-in workspace: Refine's providers, the resources and the guarded routes. */
export function App() {
  return (
    <Refine
      routerProvider={routerBindings}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={refineOptions}
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<RequireAuth />}>
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
              <Route path="reportList" element={<ReportList />} />
              <Route path="materialList" element={<MaterialList />} />
              <Route path="tags" element={<TagList />} />
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
              <Route path="projectInfo" element={<ProjectInfo />} />
              <Route path="projectUser" element={<ProjectUser />} />
              <Route path="projectRole" element={<ProjectRole />} />
              <Route path="projectSeniorSetting" element={<ProjectSeniorSetting />} />
            </Route>
            <Route path="*" element={<Navigate to="/list" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </Refine>
  );
}
