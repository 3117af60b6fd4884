import { StrictMode } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { Root } from './root';
import { urlParams } from './lib/navigation';
import { applyUrlParams } from './lib/settings';
import './styles.css';

declare global {
  interface Window {
    /** Set by a micro-frontend host shell (qiankun) that calls the lifecycle below. */
    __POWERED_BY_QIANKUN__?: boolean;
  }
}

export interface MountProps {
  /** The host's container; the app mounts into its #ezreport, or into it directly. */
  container?: HTMLElement;
}

const mountId = 'ezreport';
let root: ReactRoot | undefined;

function mountPoint(container?: HTMLElement): HTMLElement {
  const found = container
    ? (container.querySelector<HTMLElement>(`#${mountId}`) ?? container)
    : document.getElementById(mountId);
  if (found) return found;
  const created = document.createElement('div');
  created.id = mountId;
  document.body.appendChild(created);
  return created;
}

export async function bootstrap(): Promise<void> {}

export async function mount(props: MountProps = {}): Promise<void> {
  applyUrlParams(urlParams());
  root?.unmount();
  root = createRoot(mountPoint(props.container));
  root.render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

export async function unmount(): Promise<void> {
  root?.unmount();
  root = undefined;
}

if (!window.__POWERED_BY_QIANKUN__) void mount();
