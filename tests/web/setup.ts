import '@testing-library/jest-dom/vitest';
import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { server } from './msw';
import { setMessageApi } from '../../src/lib/feedback';

// Lazy routes are transformed on first use; give the first screen of a file time to arrive.
configure({ asyncUtilTimeout: 10_000 });

// Page test files share a worker's window (isolate: false): it is patched once, not once per file
// (a second getComputedStyle wrapper would wrap the first).
const PATCHED = Symbol.for('page-tests.window-patched');
if (!(PATCHED in window)) {
  Object.defineProperty(window, PATCHED, { value: true });
  // Browser APIs antd relies on that jsdom does not provide.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  // Page tests ask a computed style only whether an element is shown. jsdom answers each property
  // read by matching every antd rule against the element again, and antd reads many (a text area's
  // auto-size reads twenty, the scrollbar measure reads its colour): a sixth of a screen's time.
  // So only display and visibility go through the cascade, when asked; the rest come from the inline style.
  // Pseudo-elements are not passed on: jsdom does not implement them.
  const computedStyle = window.getComputedStyle.bind(window);
  const CASCADED = new Set(['display', 'visibility']);
  window.getComputedStyle = (element: Element) => {
    let full: CSSStyleDeclaration | undefined;
    const cascaded = (name: string) => (full ??= computedStyle(element)).getPropertyValue(name);
    const inline = (element as HTMLElement).style ?? computedStyle(element);
    return new Proxy(inline, {
      get(target, key) {
        if (key === 'getPropertyValue') return (name: string) => (CASCADED.has(name) ? cascaded(name) : target.getPropertyValue(name));
        if (typeof key === 'string' && CASCADED.has(key)) return cascaded(key);
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };

  // rc-util lists <head>'s children before each style antd injects, and jsdom answers every
  // `children.length` read by scanning all children for a named item: with hundreds of antd
  // styles that made style injection a third of a screen's render time. A plain array of the
  // same elements answers the same.
  Object.defineProperty(document.head, 'children', {
    configurable: true,
    get(this: HTMLHeadElement) {
      return Array.prototype.filter.call(this.childNodes, (node: Node) => node.nodeType === Node.ELEMENT_NODE);
    },
  });

  // jsdom follows a link without href to the page's address without its fragment, where browsers
  // do nothing: the hash router then sits at "/" and the screen goes blank (antd's Typography.Link,
  // a foreign key's link in the database browser). Last in the click's path, after React's handlers.
  window.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a:not([href])')) event.preventDefault();
  });

  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver ??= ResizeObserverStub;
}

function clearAllCookies(): void {
  document.cookie.split('; ').forEach((item) => {
    const name = item.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  // Each test starts with no message on screen. jsdom fires no transitionend, so the
  // leave animation is ended by hand.
  message.destroy();
  // And the same message may be shown again at once by the next test.
  setMessageApi(undefined);
  await waitFor(() => {
    document.querySelectorAll('.ant-message-notice-wrapper').forEach((node) => fireEvent.transitionEnd(node));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
  server.resetHandlers();
  clearAllCookies();
  localStorage.clear();
  sessionStorage.clear();
  window.location.hash = '';
});
afterAll(() => server.close());
