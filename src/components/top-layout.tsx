import { Layout } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { productTitle } from '../config';
import { useSettings } from '../lib/settings';
import { AppHeader } from './app-header';
import { PageLoading } from './page-loading';

/** Screens outside a project (the project list, the profile): header and content. */
export function TopLayout() {
  const { mode } = useSettings();
  return (
    <Layout className="app-layout">
      {mode === 0 && (
        <AppHeader
          title={
            <Link to="/list" className="app-logo">
              {productTitle}
            </Link>
          }
        />
      )}
      <Layout.Content className="app-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
