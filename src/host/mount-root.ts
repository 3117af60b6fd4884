import { embedding } from './names';

/** The elements the app uses under a host, and how to take them away again. */
export interface HostElements {
  root: HTMLElement;
  /** Where antd's style tags go: removed with it, never in the host's <head>. */
  styles: HTMLElement;
  /** The React root. */
  app: HTMLElement;
  /** Where dialogs, dropdowns and messages go, so the app's scoped CSS reaches them. */
  popups: HTMLElement;
  remove(): void;
}

const scopeClasses = [embedding.scopeClass, `${embedding.scopeClass}--embedded`];

/**
 * One element for antd's style tags across mounts, emptied on unmount: the style library keeps
 * every container it has written into in a map of its own (rc-util's dynamicCSS), so a new
 * element per mount would keep each old one and its style tags alive.
 */
let stylesElement: HTMLElement | undefined;

function child(parent: HTMLElement, className: string): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  parent.appendChild(element);
  return element;
}

/**
 * `#ezreport` inside the host's container (embed.html's own, which qiankun puts there), or one
 * made in it when the host gave a bare container. Its children are the app's alone.
 */
export function hostElements(container: HTMLElement): HostElements {
  const found = container.id === embedding.mountId ? container : container.querySelector<HTMLElement>(`#${embedding.mountId}`);
  const root = found ?? child(container, '');
  root.id = embedding.mountId;
  root.classList.add(...scopeClasses);
  stylesElement ??= Object.assign(document.createElement('div'), { className: 'ezreport-styles' });
  const styles = root.appendChild(stylesElement);
  const app = child(root, 'ezreport-app');
  const popups = child(root, 'ezreport-popups');
  return {
    root,
    styles,
    app,
    popups,
    remove() {
      styles.replaceChildren();
      [styles, app, popups].forEach((element) => element.remove());
      if (found) root.classList.remove(...scopeClasses);
      else root.remove();
    },
  };
}

/** Stylesheets of lazy screens taken out of <head> at unmount, put back at the next mount. */
let stashedStyles: HTMLLinkElement[] = [];

/**
 * What the app's code adds to the page's <head> outside React: the module preloads and
 * stylesheets of lazy screens (Vite) and the icon rules (@ant-design/icons, shared by every
 * antd on the page, so taken away only when no icon is left on it). A qiankun host already
 * puts the links into the app's container while it runs, and this finds nothing.
 */
export function removeHeadAdditions(assetsBase: string): void {
  const ours = (selector: string) =>
    [...document.head.querySelectorAll<HTMLLinkElement>(selector)].filter((link) => link.href.startsWith(assetsBase));
  ours('link[rel="modulepreload"]').forEach((link) => link.remove());
  // A lazy screen's chunk is loaded once, so its stylesheet would never be linked again.
  stashedStyles = ours('link[rel="stylesheet"]');
  stashedStyles.forEach((link) => link.remove());
  if (!document.querySelector('.anticon')) document.head.querySelector('style[rc-util-key="@ant-design-icons"]')?.remove();
}

export function restoreHeadStyles(): void {
  stashedStyles.forEach((link) => document.head.appendChild(link));
  stashedStyles = [];
}
