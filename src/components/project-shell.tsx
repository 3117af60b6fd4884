import { SettingOutlined } from '@ant-design/icons';
import { useGetIdentity, useOne } from '@refinedev/core';
import { Layout, Menu } from 'antd';
import { Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useOutlet, useParams } from 'react-router-dom';
import { productTitle } from '../config';
import { useSettings } from '../lib/settings';
import type { Project } from '../resources/projects';
import { menuTheme } from '../theme';
import { AppHeader } from './app-header';
import { PageLoading } from './page-loading';

/** The route families that live inside one project, with their side menus. */
const areas = {
  main: {
    siderWidth: 220,
    menu: [
      { path: 'reportList', label: '报告管理' },
      { path: 'materialList', label: '素材管理' },
      { path: 'tags', label: '标签管理' },
    ],
  },
  report: { siderWidth: 220, menu: [{ path: 'reportList', label: '报告管理' }] },
  material: { siderWidth: 220, menu: [{ path: 'materialList', label: '素材管理' }] },
  cstjPage: {
    siderWidth: 220,
    menu: [
      { path: 'statistics', label: '成果统计' },
      { path: 'singleReportList', label: '单体报告列表' },
      { path: 'singleReportUpload', label: '报告上传列表' },
      { path: 'reportList', label: '报告列表' },
    ],
  },
  projectSetting: {
    siderWidth: 258,
    menu: [
      { path: 'projectInfo', label: '项目信息' },
      { path: 'projectUser', label: '项目成员' },
      { path: 'projectRole', label: '项目角色' },
      { path: 'projectSeniorSetting', label: '高级管理' },
    ],
  },
} as const;

export type Area = keyof typeof areas;

/** Routes posted by a host page (`{route: '/main/…'}`) are followed if they stay in the app. */
function usePostedRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MessageEvent) => {
      const route: unknown = (event.data as { route?: unknown } | null)?.route;
      if (typeof route === 'string' && route.startsWith('/') && !route.startsWith('//')) navigate(route);
    };
    window.addEventListener('message', follow);
    return () => window.removeEventListener('message', follow);
  }, [navigate]);
}

/** Header, side menu and the child screen, once the project and the user are loaded. */
export function ProjectShell({ area }: { area: Area }) {
  const { projectId = '' } = useParams();
  const { pathname } = useLocation();
  const { theme, mode } = useSettings();
  usePostedRoutes();
  const outlet = useOutlet();
  const identity = useGetIdentity();
  const project = useOne<Project>({ resource: 'projects', id: projectId });
  const loading = identity.isLoading || project.isLoading;

  const { menu, siderWidth } = areas[area];
  const base = `/${area}/${projectId}`;
  const reportList = `/main/${projectId}/reportList`;
  const selected = menu.find((item) => pathname.endsWith(`/${item.path}`))?.path;
  const inSettings = area === 'projectSetting';

  return (
    <Layout className="app-layout">
      {mode === 0 && (
        <AppHeader
          title={
            <>
              <Link to={inSettings ? reportList : '/list'} className="app-logo">
                {productTitle}
              </Link>
              <span className="app-header__project">{project.data?.data.name}</span>
            </>
          }
          menuItems={
            inSettings
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
        {mode < 2 && (
          <Layout.Sider width={siderWidth} theme={menuTheme(theme)} className="app-sider">
            <Menu
              mode="inline"
              theme={menuTheme(theme)}
              selectedKeys={selected ? [selected] : []}
              items={menu.map((item) => ({ key: item.path, label: <Link to={`${base}/${item.path}`}>{item.label}</Link> }))}
            />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">
          {loading ? (
            <PageLoading />
          ) : (
            <Suspense fallback={<PageLoading />}>
              {outlet ?? <Navigate to={`${base}/${menu[0].path}`} replace />}
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
