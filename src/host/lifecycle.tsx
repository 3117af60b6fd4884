import { createCache } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { urlParams } from '../lib/navigation';
import { setPlacement } from '../lib/placement';
import { applyUrlParams, reloadSettings, removeThemeClass } from '../lib/settings';
import { runAfterAppUnmount } from '../lib/teardown';
import { Root } from '../root';
import { HostStyles, RouteReporter, type HostContainers } from './host-styles';
import { hostElements, removeHeadAdditions, restoreHeadStyles } from './mount-root';
import { embedding } from './names';
import { connectHost, disconnectHost, pickShared, takeShared, type HostConnection, type SharedState } from './shared-state';

type GlobalState = Record<string, unknown>;

/** What a qiankun host passes to mount (docs/design/embedding.md). */
export interface MountProps extends SharedState, HostConnection {
  /** The host's container; the app mounts into its #ezreport, made there when missing. */
  container?: HTMLElement;
  /** Where the app's routes sit in the URL hash, e.g. /report for #/report/list; none by default. */
  routerBase?: string;
  onGlobalStateChange?: (callback: (state: GlobalState, previous: GlobalState) => void, fireImmediately?: boolean) => void;
  offGlobalStateChange?: () => boolean;
}

/** The folder of the app's built files, whose module preloads are the app's own. */
const assetsBase = new URL(/* @vite-ignore */ '.', import.meta.url).href;

/** `'report'`, `'/report/'` and `'#/report'` all mean `/report`; empty or `/` means none. */
function normalizeRouterBase(base: string | undefined): string {
  const path = (base ?? '').replace(/^#/, '').replace(/\/+$/, '');
  if (!path) return '';
  return path.startsWith('/') ? path : `/${path}`;
}

let unmountCurrent: (() => void) | undefined;

/** Under a host: its container, its router base and shared data, antd under a prefix. */
export function mountInHost(props: MountProps): void {
  unmountCurrent?.();
  const elements = hostElements(props.container ?? document.body);
  restoreHeadStyles();
  const routerBase = normalizeRouterBase(props.routerBase);
  setPlacement({ embedded: true, routerBase, themeTarget: () => elements.root });
  reloadSettings();
  connectHost({ onRouteChange: props.onRouteChange, setGlobalState: props.setGlobalState });
  applyUrlParams(urlParams());
  takeShared(pickShared(props as GlobalState));
  props.onGlobalStateChange?.((state) => takeShared(pickShared(state)), true);

  const containers: HostContainers = { styles: elements.styles, popups: elements.popups, cache: createCache() };
  const wrap = (content: ReactNode) => <HostStyles containers={containers}>{content}</HostStyles>;
  // antd's static methods (Modal.confirm outside a component) render with the same prefix and containers.
  ConfigProvider.config({ prefixCls: embedding.antPrefix, holderRender: wrap });
  const root = createRoot(elements.app);
  root.render(
    <StrictMode>
      <Root host={{ routerBase, wrap, inRouter: <RouteReporter /> }} />
    </StrictMode>,
  );

  unmountCurrent = () => {
    root.unmount();
    runAfterAppUnmount();
    props.offGlobalStateChange?.();
    ConfigProvider.config({ prefixCls: 'ant', holderRender: undefined });
    removeThemeClass();
    elements.remove();
    removeHeadAdditions(assetsBase);
    disconnectHost();
    setPlacement(undefined);
    unmountCurrent = undefined;
  };
}

/** Updated props from the host (qiankun's `update`, e.g. through loadMicroApp): new shared data. */
export function updateFromHost(props: MountProps): void {
  takeShared(pickShared(props as GlobalState));
}

export function unmountFromHost(): void {
  unmountCurrent?.();
}
