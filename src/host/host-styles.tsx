import { StyleProvider, type createCache } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSettings } from '../lib/settings';
import { themes } from '../theme';
import { embedding } from './names';
import { tellRoute } from './shared-state';

/** Where antd puts what it adds under a host: style tags (with a cache of their own per mount) and popups. */
export interface HostContainers {
  styles: HTMLElement;
  popups: HTMLElement;
  cache: ReturnType<typeof createCache>;
}

/** antd under the app's prefix, its styles and popups inside the mount root (also for antd's static methods). */
export function HostStyles({ containers, children }: { containers: HostContainers; children: ReactNode }) {
  const { theme } = useSettings();
  return (
    <StyleProvider container={containers.styles} cache={containers.cache}>
      <ConfigProvider
        prefixCls={embedding.antPrefix}
        getPopupContainer={() => containers.popups}
        locale={zhCN}
        theme={themes[theme]}
      >
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}

/** Tells the host each route the app goes to. */
export function RouteReporter() {
  const { pathname, search } = useLocation();
  useEffect(() => tellRoute(`${pathname}${search}`), [pathname, search]);
  return null;
}
