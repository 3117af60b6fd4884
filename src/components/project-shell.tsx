import { SettingOutlined } from '@ant-design/icons';
import { Button, Empty, Layout, Menu } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { rememberProject } from './first-project-redirect';
import { Link, Navigate, useLocation, useNavigate, useOutlet, useParams } from 'react-router-dom';
import { productTitle } from '../config';
import { tellHost } from '../host/shared-state';
import { hashHref, urlParams } from '../lib/navigation';
import { applyProjectSkin, useSettings } from '../lib/settings';
import { errorTexts } from '../providers/error-texts';
import type { Area } from '../resources/types';
import { menuTheme } from '../theme';
import { AppHeader } from './app-header';
import { BackResult } from './back-result';
import { PageLoading } from './page-loading';
import { areas, highlightedEntry, type MenuEntry } from './project-areas';
import { ProjectContext } from './project-context';
import { useProjectLoad } from './use-project-load';

const projectNotFoundText = '项目不存在或您不是该项目的成员';

/** The in-app route a posted message asks for: a path starting with '/', or a same-origin URL's hash route. */
function postedRoute(event: MessageEvent): string | undefined {
  const route: unknown = (event.data as { route?: unknown } | null)?.route;
  if (typeof route !== 'string') return undefined;
  if (route.startsWith('/') && !route.startsWith('//') && !route.includes('\\')) return route;
  try {
    const url = new URL(route);
    const hash = url.hash.replace(/^#/, '');
    return url.origin === window.location.origin && hash.startsWith('/') ? hash : undefined;
  } catch {
    return undefined;
  }
}

/** Routes posted by a host page (`{route: '/main/…'}`) are followed if they stay in the app. */
function usePostedRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MessageEvent) => {
      const route = postedRoute(event);
      if (route) navigate(route);
    };
    window.addEventListener('message', follow);
    return () => window.removeEventListener('message', follow);
  }, [navigate]);
}

function NotFound() {
  return (
    <Empty description={projectNotFoundText} className="project-not-found">
      {/* A link styled as a button: the hash router follows #/list. */}
      <Button type="primary" href={hashHref('/list')}>
        返回项目列表
      </Button>
    </Empty>
  );
}

/** Header, side menu and the child screen, once the user, permission, project and profile are loaded. */
export function ProjectShell({ area }: { area: Area }) {
  const { projectId = '' } = useParams();
  const { pathname, search } = useLocation();
  const { theme, mode } = useSettings();
  usePostedRoutes();
  const outlet = useOutlet();
  const { loading, notFound, value } = useProjectLoad(projectId);
  const projectName = value?.project?.name;
  const projectSkin = value?.project?.skin;
  // 项目皮肤 is the project's theme (unless the URL, a host or the user chose one).
  useEffect(() => applyProjectSkin(projectSkin), [projectSkin]);
  // Under a host shell, the host hears which project the app opened.
  useEffect(() => {
    if (projectName !== undefined) tellHost({ projectInfo: { uuid: projectId, name: projectName } });
  }, [projectId, projectName]);
  // /main and /projectSetting open it next time.
  useEffect(() => {
    if (value) rememberProject(projectId);
  }, [projectId, value]);
  const workflow = urlParams(search).has('workflow');
  const context = useMemo(
    () => value && { ...value, showGroupPanel: mode < 3, showToolbar: !workflow },
    [value, mode, workflow],
  );

  const { menu, siderWidth } = areas[area];
  const allowed = (item: MenuEntry) => !item.resource || Boolean(value?.can(item.resource.name, 'list'));
  const visible = menu.filter(allowed);
  const base = `/${area}/${projectId}`;
  // The screen's first segment after the project: `/projectSetting/{id}/workflows/12` is in 工作流.
  const segment = (pathname.split('/')[3] ?? '').toLowerCase();
  const current = menu.find((item) => item.path.toLowerCase() === segment);
  const highlighted = highlightedEntry(area, pathname, urlParams(search));
  const inSettings = area === 'projectSetting';
  const mayAdminister = areas.projectSetting.menu.some(allowed);

  const screen = () => {
    if (loading) return <PageLoading />;
    if (notFound || !context) return <NotFound />;
    const first = visible[0];
    if (!outlet || (current && !allowed(current))) {
      // The index route, or a screen the role may not open: the first one it may.
      return first ? (
        <Navigate to={`${base}/${first.path}${search}`} replace />
      ) : (
        <BackResult status="403" title={errorTexts.forbidden} home={{ to: '/list', label: '返回项目列表' }} />
      );
    }
    return (
      <ProjectContext.Provider value={context}>
        <Suspense fallback={<PageLoading />}>{outlet}</Suspense>
      </ProjectContext.Provider>
    );
  };

  return (
    <Layout className="app-layout">
      {mode === 0 && (
        <AppHeader
          title={
            <>
              <Link to={inSettings ? `/main/${projectId}/reportList` : '/list'} className="app-logo">
                {productTitle}
              </Link>
              <span className="app-header__project">{value?.project?.name}</span>
            </>
          }
          projectSkin={projectSkin}
          menuItems={
            inSettings || !mayAdminister
              ? []
              : [
                  {
                    key: 'admin',
                    icon: <SettingOutlined />,
                    label: <Link to={`/projectSetting/${projectId}/projectInfo`}>项目管理后台</Link>,
                  },
                ]
          }
        />
      )}
      <Layout>
        {mode < 2 && !notFound && (
          <Layout.Sider width={siderWidth} theme={menuTheme(theme)} className="app-sider">
            <Menu
              mode="inline"
              theme={menuTheme(theme)}
              selectedKeys={highlighted ? [highlighted.path] : []}
              items={visible.map((item) => ({
                key: item.path,
                label: <Link to={`${base}/${item.path}`}>{item.label}</Link>,
              }))}
            />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">{screen()}</Layout.Content>
      </Layout>
    </Layout>
  );
}
