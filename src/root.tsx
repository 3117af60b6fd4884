import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { Suspense, useEffect, type ReactNode } from 'react';
import { HashRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { FeedbackBridge, UrlParamsWatcher } from './components/app-bridges';
import { lazyPage } from './components/lazy-page';
import { PageLoading } from './components/page-loading';
import { safeRedirect } from './lib/navigation';
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

/**
 * On the sign-in screen, once the browser is idle: the workspace's chunks and those of the screen
 * the sign-in opens, so that they are at hand when it succeeds. Browsers without
 * requestIdleCallback (and the page tests' jsdom) load them after the sign-in, as before.
 */
function PreloadWorkspace() {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect')).split('?')[0];
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(() => {
      App.preload()
        .then(() => import('./app'))
        .then(({ preloadRoute }) => preloadRoute(target))
        .catch(() => undefined);
    });
    return () => window.cancelIdleCallback(handle);
  }, [target]);
  return null;
}

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
              <Route
                path="/login"
                element={
                  <>
                    <LoginPage />
                    <PreloadWorkspace />
                  </>
                }
              />
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
