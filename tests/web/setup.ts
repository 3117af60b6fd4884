import '@testing-library/jest-dom/vitest';
import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { server } from './msw';

// Lazy routes are transformed on first use; give the first screen of a file time to arrive.
configure({ asyncUtilTimeout: 10_000 });

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

// jsdom does not implement pseudo-element styles, which antd asks for when measuring scrollbars.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// rc-util lists <head>'s children before each style antd injects, and jsdom answers every
// `children.length` read by scanning all children for a named item: with hundreds of antd
// styles that made style injection a third of a screen's render time. A plain array of the
// same elements answers the same.
Object.defineProperty(document.head, 'children', {
  get(this: HTMLHeadElement) {
    return Array.prototype.filter.call(this.childNodes, (node: Node) => node.nodeType === Node.ELEMENT_NODE);
  },
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;

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
