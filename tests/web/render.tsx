import { StyleProvider, type Transformer } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { HashRouter, Outlet, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import { AppProviders } from '../../src/app-providers';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { FeedbackBridge } from '../../src/components/app-bridges';
import { areaRoutes } from '../../src/components/project-areas';
import { ProjectContext } from '../../src/components/project-context';
import { useProjectLoad } from '../../src/components/use-project-load';
import { reloadSettings } from '../../src/lib/settings';
import { projectRoutes } from '../../src/resources/projects';
import { AREAS, type Area } from '../../src/resources/types';
import { Root } from '../../src/root';
import { demoToken } from './msw';

/**
 * antd's styles keep only what decides whether an element is shown (display, visibility): for each
 * style asked, jsdom matches every rule of every style tag, role queries ask for thousands, and
 * nothing in jsdom lays out, so the other declarations only cost time.
 */
const showingOnly: Transformer = {
  visit: (style) =>
    Object.fromEntries(
      Object.entries(style).filter(([key, value]) => (typeof value === 'object' && value !== null) || key === 'display' || key === 'visibility'),
    ),
};
const Styles = ({ children }: { children: ReactNode }) => <StyleProvider transformers={[showingOnly]}>{children}</StyleProvider>;

/** Starts a test at a hash route, as a fresh load: the mode and theme an earlier test's URL gave do not carry over. */
function visit(hash: string) {
  reloadSettings();
  window.location.hash = hash;
  // The pointer-events check reads computed styles up the tree, which is slow under antd's
  // many style tags in jsdom; the app never disables pointer events on something to click.
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** Opens the whole app at a hash route, as a user would; `allStyles` for a test of what antd paints. */
export function openApp(hash: string, { allStyles = false } = {}) {
  const user = visit(hash);
  return { user, ...render(<Root />, { wrapper: allStyles ? undefined : Styles }) };
}

/** The project context as the project shell loads it (permission, project, profile), without its header and menu. */
function LoadedProject() {
  const { projectId = '' } = useParams();
  const [search] = useSearchParams();
  const { loading, value } = useProjectLoad(projectId);
  if (loading || !value) return null;
  return (
    <ProjectContext.Provider value={{ ...value, showGroupPanel: true, showToolbar: !search.has('workflow') }}>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </ProjectContext.Provider>
  );
}

/**
 * Opens the one screen a hash route names (`#/projectSetting/p-1/projectUser`, `#/list`), and
 * none of the app around it: a project screen with the project the shell would load, the
 * project list without its header.
 */
export function openScreen(hash: string) {
  const user = visit(hash);
  const area = hash.split(/[/?]/)[1] as Area;
  const routes = AREAS.includes(area) ? (
    <Route path={`/${area}/:projectId`} element={<LoadedProject />}>
      {areaRoutes(area)}
    </Route>
  ) : (
    projectRoutes
  );
  // As the app's root holds its lazy screens: a screen's chunk may still be loading at the first render.
  const screen = (
    <Suspense fallback={null}>
      <Routes>{routes}</Routes>
    </Suspense>
  );
  return { user, ...render(screen, { wrapper: InApp }) };
}

export function signIn(): void {
  document.cookie = `token=${demoToken}; path=/`;
  document.cookie = 'organization_uuid=org-1; path=/';
}

export function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((item) => item.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Replaces the text of the field with this placeholder, as a user pasting it would. */
export async function fill(user: ReturnType<typeof userEvent.setup>, placeholder: string, text: string): Promise<void> {
  const field = await screen.findByPlaceholderText(placeholder);
  await user.clear(field);
  await user.paste(text);
}

dayjs.locale('zh-cn');

/** The app's router, antd's Chinese texts and Refine's providers, as the screens are held: a wrapper for screens, widgets and hooks. */
export const InApp = ({ children }: { children: ReactNode }) => (
  <Styles>
    <HashRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <FeedbackBridge />
          <AppProviders>{children}</AppProviders>
        </AntdApp>
      </ConfigProvider>
    </HashRouter>
  </Styles>
);

export const renderInApp = (ui: ReactElement) => render(ui, { wrapper: InApp });
