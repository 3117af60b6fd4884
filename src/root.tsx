import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { Suspense, type ReactNode } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { FeedbackBridge, UrlParamsWatcher } from './components/app-bridges';
import { lazyPage } from './components/lazy-page';
import { PageLoading } from './components/page-loading';
import { useSettings } from './lib/settings';
import { themes } from './theme';

/*
 * The sign-in screens sit outside <Refine> so that #/login loads neither Refine nor
 * its query, table and import libraries; the workspace (App) arrives after login.
 */
const LoginPage = lazyPage(() => import('./pages/auth/login'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./pages/auth/register'), 'RegisterPage');
const ResetPage = lazyPage(() => import('./pages/auth/reset'), 'ResetPage');
const App = lazyPage(() => import('./app'), 'App');

/** What a host shell changes (src/host/lifecycle.tsx): the router base, a wrapper around antd, a route reporter. */
export interface RootHost {
  routerBase: string;
  wrap: (content: ReactNode) => ReactNode;
  inRouter: ReactNode;
}

export function Root({ host }: { host?: RootHost }) {
  const { theme } = useSettings();
  const content = (
    <HashRouter basename={host?.routerBase || undefined} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ConfigProvider locale={zhCN} theme={themes[theme]}>
        <AntdApp>
          <FeedbackBridge />
          <UrlParamsWatcher />
          {host?.inRouter}
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/register" element={<RegisterPage />} />
              <Route path="/resetcode" element={<ResetPage />} />
              <Route path="*" element={<App />} />
            </Routes>
          </Suspense>
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  );
  return host ? host.wrap(content) : content;
}
