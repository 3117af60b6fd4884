import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { qiankunWindow, renderWithQiankun } from 'vite-plugin-qiankun/dist/helper';
import { embedding } from './host/names';
import type { MountProps } from './host/lifecycle';
import { urlParams } from './lib/navigation';
import { applyUrlParams } from './lib/settings';
import { Root } from './root';
import './styles.css';

export type { MountProps };

/** Standalone: the page's #ezreport (made when missing), the app's own router, cookies and storage. */
function mountStandalone(): void {
  document.documentElement.classList.add(embedding.scopeClass);
  applyUrlParams(urlParams());
  let element = document.getElementById(embedding.mountId);
  if (!element) {
    element = document.createElement('div');
    element.id = embedding.mountId;
    document.body.appendChild(element);
  }
  createRoot(element).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

/*
 * The hooks a qiankun host calls. It loads the app through dist/embed.html (vite-plugin-qiankun,
 * see vite.config.ts); what only a host needs is its own chunk, so the standalone page skips it.
 */
const lifecycle = () => import('./host/lifecycle');

export async function bootstrap(): Promise<void> {
  await lifecycle();
}

export async function mount(props: MountProps = {}): Promise<void> {
  (await lifecycle()).mountInHost(props);
}

export async function unmount(): Promise<void> {
  (await lifecycle()).unmountFromHost();
}

export async function update(props: MountProps = {}): Promise<void> {
  (await lifecycle()).updateFromHost(props);
}

if (qiankunWindow.__POWERED_BY_QIANKUN__) renderWithQiankun({ bootstrap, mount, unmount, update });
else mountStandalone();
